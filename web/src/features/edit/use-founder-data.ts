// What the edit screens read: all_data (account, primary holder, persons, organizations), the enum
// items and the first strategy's organization (requirements §7: "the first strategy's organization is
// loaded"), through the shared account hooks, with one loading/error state for the screen.
import type { AllData, EnumItem, Organization, Person } from "@contract/entities";
import { primaryHolder, useAllData, useEnums, useOrganization, useStrategies } from "@/api";

export interface FounderData {
  allData: AllData;
  enums: EnumItem[];
  /** null until step 1 of the creation flow is saved. */
  organization: Organization | null;
  /** The primary holder; null until step 2 is saved. */
  person: Person | null;
}

export function useFounderData(): { data: FounderData | null; loading: boolean; error: Error | null; retry(): void } {
  const allData = useAllData();
  const enums = useEnums();
  const strategies = useStrategies();
  const firstStrategyId = strategies.data?.[0]?.strategy_id;
  const organization = useOrganization(firstStrategyId);
  const orgSettled = strategies.isSuccess && (firstStrategyId === undefined || organization.isSuccess);
  const ready = allData.data && enums.data && orgSettled;
  return {
    data: ready ? { allData: allData.data!, enums: enums.data!, organization: organization.data ?? null, person: primaryHolder(allData.data) } : null,
    loading: !ready,
    error: allData.error ?? enums.error ?? null,
    retry: () => {
      void allData.refetch();
      void enums.refetch();
    },
  };
}
