// TanStack Query hooks for the signed-in founder's data, in the load order of spec §7:
// the account for the user → all_data → enums, strategies and organizations. Defaults (3 retries,
// back-off, 5 min gc) come from lib/query-client. Failed strategy/organization reads give empty
// results rather than errors (spec §7), and organizations are neither retried nor refetched on
// focus (a missing organization, a 404 before step 1 is saved, is a normal state).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AllData, EnumItem, Organization, Person, Strategy } from "@contract/entities";
import { FOUNDER_STRATEGY } from "@contract/rules";
import { useCurrentUser } from "@/stores/auth";
import { fetchAccountId, fetchAllData, fetchEnums, fetchOrganizationByStrategy, fetchPersons, fetchStrategies } from "./calls";

/** Query keys, one root per resource, so a mutation can refetch everything at once. */
export const accountKeys = {
  accountId: (userId: string) => ["account-id", userId] as const,
  allData: (accountId: number) => ["all-data", accountId] as const,
  enums: () => ["enums"] as const,
  strategies: (accountId: number) => ["strategies", accountId] as const,
  organization: (strategyId: number) => ["organization", strategyId] as const,
  persons: (accountId: number) => ["persons", accountId] as const,
};

/** The account id of the signed-in user (GET /api/accounts/user/{sub}); undefined while loading. */
export function useAccountId() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: accountKeys.accountId(user?.id ?? ""),
    queryFn: () => fetchAccountId(user!.id),
    enabled: Boolean(user),
    staleTime: Infinity,
  });
}

/** GET all_data once the account id is known. */
export function useAllData() {
  const { data: accountId } = useAccountId();
  return useQuery({
    queryKey: accountKeys.allData(accountId ?? 0),
    queryFn: () => fetchAllData(accountId!),
    enabled: accountId !== undefined,
  });
}

export const enumsQueryOptions = queryOptions({ queryKey: accountKeys.enums(), queryFn: fetchEnums, staleTime: 5 * 60_000 });

/** Every enum item; after all_data per §7 (enabled once it has loaded). */
export function useEnums() {
  const allData = useAllData();
  return useQuery({ ...enumsQueryOptions, enabled: allData.isSuccess });
}

/** The items of one category, in the server's order. */
export function enumOptions(enums: readonly EnumItem[] | undefined, category: EnumItem["enum_category"]): EnumItem[] {
  return (enums ?? []).filter((e) => e.enum_category === category);
}

/** An enum id's label ('' for null; the id itself when unknown, so nothing shows blank by mistake). */
export function enumLabel(enums: readonly EnumItem[] | undefined, id: string | null | undefined): string {
  if (!id) return "";
  return enums?.find((e) => e.enum_id === id)?.enum_label ?? id;
}

/** The account's strategies; a failed read gives []. */
export function useStrategies() {
  const { data: accountId } = useAccountId();
  const allData = useAllData();
  return useQuery({
    queryKey: accountKeys.strategies(accountId ?? 0),
    queryFn: async (): Promise<Strategy[]> => {
      try {
        return await fetchStrategies(accountId!);
      } catch (err) {
        console.error("Failed to load strategies", err instanceof Error ? err.message : err);
        return [];
      }
    },
    enabled: accountId !== undefined && allData.isSuccess,
  });
}

/** A strategy's organization, or null when it has none yet (or the read failed). */
export function useOrganization(strategyId: number | undefined) {
  const allData = useAllData();
  return useQuery({
    queryKey: accountKeys.organization(strategyId ?? 0),
    queryFn: async (): Promise<Organization | null> => {
      try {
        return await fetchOrganizationByStrategy(strategyId!);
      } catch {
        return null;
      }
    },
    enabled: strategyId !== undefined && strategyId > 0 && allData.isSuccess,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Every person of the account (primary holder and add-on owners). */
export function usePersons() {
  const { data: accountId } = useAccountId();
  return useQuery({
    queryKey: accountKeys.persons(accountId ?? 0),
    queryFn: () => fetchPersons(accountId!),
    enabled: accountId !== undefined,
  });
}

/** The account's primary holder person, from all_data (null until step 2 is saved). */
export function primaryHolder(allData: AllData | undefined): Person | null {
  return allData?.account.primary_account_holder ?? null;
}

/** The additional owners: every person who is not the primary holder. */
export function additionalOwners(persons: readonly Person[] | undefined): Person[] {
  return (persons ?? []).filter((p) => !p.account_primary_holder);
}

/** Whether the account already has a Founder Foundation strategy (Select is then disabled). */
export function hasFounderStrategy(strategies: readonly Strategy[] | undefined): boolean {
  return (strategies ?? []).some((s) => s.strategy_type === FOUNDER_STRATEGY);
}

/** Strategies still being created (no entry_completed_at). */
export function inProgressStrategies(strategies: readonly Strategy[] | undefined): Strategy[] {
  return (strategies ?? []).filter((s) => !s.entry_completed_at);
}
