// GET /api/notifications/?limit=50&offset=0&include_read=true (requirements §7): refetched every 30 s,
// only while a session exists.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import type { Notification } from "@contract/entities";
import { api } from "@/lib/api-client";
import { TIMINGS } from "@/lib/timings";
import { sessionAtom } from "@/stores/session";

const NOTIFICATIONS_QUERY = { limit: 50, offset: 0, include_read: "true" } as const;

/** The contract's notification (named apart from the DOM's Notification). */
export type AppNotification = Notification;

export async function getNotifications(): Promise<AppNotification[]> {
  const { data } = await api.GET("/api/notifications/", { params: { query: NOTIFICATIONS_QUERY } });
  return data ?? [];
}

export const notificationsQueryKey = ["notifications", NOTIFICATIONS_QUERY] as const;

/** @internal */ export function notificationsQueryOptions(signedIn: boolean) {
  return queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: getNotifications,
    enabled: signedIn,
    refetchInterval: signedIn ? TIMINGS.notificationsRefetchMs : false,
    // Fresh for one interval: the bell mounting right after the gate's prefetch reads nothing again.
    staleTime: TIMINGS.notificationsRefetchMs,
  });
}

export function useNotifications() {
  const signedIn = Boolean(useAtomValue(sessionAtom));
  return useQuery(notificationsQueryOptions(signedIn));
}

export function unreadCount(list: readonly AppNotification[] | undefined): number {
  return (list ?? []).filter((n) => !n.read_at).length;
}

/** The bell's badge text: capped at '99+' (requirements §9). */
export function badgeLabel(count: number): string {
  return count > 99 ? "99+" : String(count);
}
