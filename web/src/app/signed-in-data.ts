// The signed-in screens' query cache, one per signed-in session, in the signed-in chunk (docs/decisions/0140).
import type { QueryClient } from "@tanstack/react-query";
import { accountIdKey, fetchAccountId } from "@/api/account";
import { allDataKey, fetchAllData } from "@/api/all-data";
import { getNotifications, notificationsQueryKey } from "@/api/notifications";
import { fetchStrategies, strategiesKey } from "@/api/strategies";
import { paths } from "@/config/paths";
import { createQueryClient } from "@/lib/query-client";
import { getSupabase } from "@/lib/supabase";

let client: QueryClient | null = null;

export function signedInQueryClient(): QueryClient {
  client ??= createQueryClient();
  return client;
}

/** Nothing of this account's data may show to whoever signs in next. */
export function dropSignedInData(): void {
  client?.clear();
}

export function resetSignedInQueries(): void {
  void client?.resetQueries();
}

/** During the gate's 1 s (requirements §4), the next screen's data; failures are left to its own queries. */
export async function prefetchSignedInData(target: string): Promise<void> {
  const { data } = await getSupabase().auth.getSession();
  const userId = data.session?.user.id;
  if (!userId) return;
  const qc = signedInQueryClient();
  void qc.prefetchQuery({ queryKey: notificationsQueryKey, queryFn: getNotifications, staleTime: Infinity });
  if ((target.split(/[?#]/)[0] ?? "/") !== paths.dashboard.path) return;
  const accountId = await qc
    .fetchQuery({ queryKey: accountIdKey(userId), queryFn: () => fetchAccountId(userId), staleTime: Infinity })
    .catch(() => undefined);
  if (accountId === undefined) return;
  // staleTime Infinity: a prefetch never reads again what the screen, already mounted, has read itself.
  await qc.prefetchQuery({
    queryKey: allDataKey(accountId),
    queryFn: () => fetchAllData(accountId),
    staleTime: Infinity,
  });
  await qc.prefetchQuery({
    queryKey: strategiesKey(accountId),
    queryFn: () => fetchStrategies(accountId),
    staleTime: Infinity,
  });
}
