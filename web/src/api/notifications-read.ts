// Mark one / mark all read (requirements §4, §7): the cache is updated locally first, so the badge drops
// at once, and the list is refetched afterwards so it matches the server either way.
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { timestampNow } from "@contract/rules";
import { api } from "@/lib/api-client";
import { notificationsQueryKey, type AppNotification } from "./notifications";

type Snapshot = { previous: AppNotification[] | undefined };

/** Sets read_at on the notifications `which` selects, in the cached list. */
function markReadInCache(
  list: AppNotification[] | undefined,
  which: (n: AppNotification) => boolean,
  at = timestampNow(),
) {
  return list?.map((n) => (!n.read_at && which(n) ? { ...n, read_at: at } : n));
}

async function applyLocally(qc: QueryClient, which: (n: AppNotification) => boolean): Promise<Snapshot> {
  // A refetch landing after the local change would bring the unread state back for a moment.
  await qc.cancelQueries({ queryKey: notificationsQueryKey });
  const previous = qc.getQueryData<AppNotification[]>(notificationsQueryKey);
  qc.setQueryData<AppNotification[]>(notificationsQueryKey, (list) => markReadInCache(list, which));
  return { previous };
}

function useMarkMutation<V>(request: (v: V) => Promise<unknown>, which: (v: V) => (n: AppNotification) => boolean) {
  const qc = useQueryClient();
  return useMutation<unknown, Error, V, Snapshot>({
    mutationFn: request,
    onMutate: (v) => applyLocally(qc, which(v)),
    onError: (_err, _v, snapshot) => {
      if (snapshot) qc.setQueryData(notificationsQueryKey, snapshot.previous);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

/** PUT /api/notifications/{notificationId}/read */
export function useMarkRead() {
  return useMarkMutation(
    (notificationId: number) =>
      api.PUT("/api/notifications/{notificationId}/read", { params: { path: { notificationId } } }),
    (notificationId) => (n) => n.notification_id === notificationId,
  );
}

/** PUT /api/notifications/mark-all-read?account_id= */
export function useMarkAllRead() {
  return useMarkMutation(
    (accountId: number) =>
      api.PUT("/api/notifications/mark-all-read", { params: { query: { account_id: accountId } } }),
    () => () => true,
  );
}
