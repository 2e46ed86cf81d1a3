// What the creation steps and the edit screens read (all_data, the enum items, one strategy's
// organization: requirements §7), with one loading and error state.
import type { AllData, EnumItem, Organization, Person } from "@contract/entities";
import { useAccountId } from "./account";
import { primaryHolder, useAllData } from "./all-data";
import { useEnums } from "./enums";
import { useOrganization } from "./organizations";

export interface FounderData {
  accountId: number;
  allData: AllData;
  enums: EnumItem[];
  /** The strategy's organization; null until step 1 of the creation flow is saved. */
  organization: Organization | null;
  /** The primary holder; null until step 2 is saved. */
  person: Person | null;
}

export interface FounderDataState {
  /** null while loading. */
  data: FounderData | null;
  loading: boolean;
  error: Error | null;
  retry(): void;
}

/** The founder's data with the organization of `strategyId` (the account's first strategy when omitted). */
export function useFounderData(strategyId?: number): FounderDataState {
  const accountId = useAccountId();
  const allData = useAllData();
  const enums = useEnums();
  const organizationOf = strategyId ?? allData.data?.strategies[0]?.strategy_id;
  const organization = useOrganization(organizationOf);
  const error = allData.error ?? enums.error ?? null;
  // No strategy yet: there is no organization to wait for.
  const organizationSettled = allData.isSuccess && (organizationOf === undefined || organization.isSuccess);
  const ready =
    accountId.data !== undefined && allData.data !== undefined && enums.data !== undefined && organizationSettled;
  return {
    data: ready
      ? {
          accountId: accountId.data!,
          allData: allData.data!,
          enums: enums.data!,
          organization: organization.data ?? null,
          person: primaryHolder(allData.data),
        }
      : null,
    loading: !ready,
    error,
    retry: () => {
      void allData.refetch();
      void enums.refetch();
    },
  };
}
