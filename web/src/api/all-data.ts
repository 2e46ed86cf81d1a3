// GET /api/accounts/{accountId}/all_data: the account with its primary holder and everything
// under it (requirements §7: read once the account id is known).
import { useQuery } from "@tanstack/react-query";
import type { AllData, Person } from "@contract/entities";
import { api } from "@/lib/api-client";
import { useAccountId } from "./account";
import { READ_ONCE_PER_LOAD } from "./page-load";
import { required } from "./required";

export const allDataKey = (accountId: number) => ["all-data", accountId] as const;

export async function fetchAllData(accountId: number): Promise<AllData> {
  const { data } = await api.GET("/api/accounts/{accountId}/all_data", { params: { path: { accountId } } });
  return required(data, "account data");
}

export function useAllData() {
  const { data: accountId } = useAccountId();
  return useQuery({
    queryKey: allDataKey(accountId ?? 0),
    queryFn: () => fetchAllData(accountId!),
    enabled: accountId !== undefined,
    ...READ_ONCE_PER_LOAD,
  });
}

/** The account's primary holder person (null until step 2 is saved). */
export function primaryHolder(allData: AllData | undefined): Person | null {
  return allData?.account.primary_account_holder ?? null;
}
