// The signed-in user's account: GET /api/accounts/user/{userId} (the server creates the account on
// first call) and PUT /api/accounts/{accountId} (the RIA answers).
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { accountPut } from "@contract/entities";
import { api } from "@/lib/api-client";
import { useCurrentUser } from "@/stores/session";
import { required } from "./required";

export const accountIdKey = (userId: string) => ["account-id", userId] as const;

/** GET /api/accounts/user/{userId} → the account id. */
export async function fetchAccountId(userId: string): Promise<number> {
  const { data } = await api.GET("/api/accounts/user/{userId}", { params: { path: { userId } } });
  return required(data, "account").account_id;
}

/** The account id of the signed-in user; undefined while loading. */
export function useAccountId() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: accountIdKey(user?.id ?? ""),
    queryFn: () => fetchAccountId(user!.id),
    enabled: Boolean(user),
    staleTime: Infinity,
  });
}

export type AccountRiaFields = z.infer<typeof accountPut>;

/** PUT /api/accounts/{accountId}: the RIA answers. */
export async function updateAccount(accountId: number, body: AccountRiaFields): Promise<void> {
  await api.PUT("/api/accounts/{accountId}", { params: { path: { accountId } }, body });
}
