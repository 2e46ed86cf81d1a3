// The notification popover's contents (requirements §2, §4, §8, §9): the list (350 px tall, scrolling,
// descriptions clamped to 2 lines), mark-one and mark-all, 'No notifications', and on a failed
// fetch 'Error: ' + message with Retry. A failed mark-as-read shows its message in the same line.
import { useRef } from "react";
import { parseTimestamp } from "@contract/rules";
import { useMarkAllRead, useMarkRead } from "@/api/notifications-read";
import { unreadCount, useNotifications, type AppNotification } from "@/api/notifications";

const FETCH_ERROR_DEFAULT = "An error occurred while fetching notifications";

const linkButton =
  "rounded px-2 py-1 text-sm font-medium text-primary-strong hover:bg-primary-tint disabled:cursor-not-allowed disabled:text-disabled aria-disabled:cursor-not-allowed aria-disabled:text-disabled aria-disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:outline-primary";

function formatWhen(createdAt: string): string {
  const d = parseTimestamp(createdAt);
  if (Number.isNaN(d.getTime())) return "";
  return d.toLocaleString("en-US", {
    month: "numeric",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}

/**
 * A mark button that cannot act is aria-disabled, not disabled: a focused button that turns
 * `disabled` (or goes away) drops focus to <body>, outside the popover, which then no longer hears
 * Escape. Focus stays where the founder left it.
 */
function markButtonProps(blocked: boolean, act: () => void) {
  return { "aria-disabled": blocked || undefined, onClick: () => (blocked ? undefined : act()) };
}

function NotificationItem({
  n,
  onMarkRead,
  busy,
}: {
  n: AppNotification;
  onMarkRead: (id: number) => void;
  busy: boolean;
}) {
  const unread = !n.read_at;
  const item = useRef<HTMLLIElement>(null);
  return (
    <li
      ref={item}
      // Focus moves here when its 'Mark as read' goes away, so it stays inside the popover.
      tabIndex={-1}
      className="flex gap-2 border-b border-divider px-4 py-3 last:border-0 focus:outline-none"
      data-unread={unread || undefined}
    >
      <span
        aria-hidden="true"
        className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? "bg-primary" : "bg-transparent"}`}
      />
      <div className="min-w-0 flex-1">
        <p className={`wrap-anywhere ${unread ? "font-medium text-primary-text" : "text-secondary"}`}>
          {unread ? <span className="sr-only">Unread: </span> : null}
          {n.title}
        </p>
        {/* Addresses wrap at any character instead of being cut at the popover's edge. */}
        <p className="line-clamp-2 text-sm text-secondary wrap-anywhere" title={n.description}>
          {n.description}
        </p>
        <p className="mt-1 flex items-center justify-between gap-2 text-xs text-secondary">
          <time dateTime={n.created_at}>{formatWhen(n.created_at)}</time>
          {unread ? (
            <button
              type="button"
              className={linkButton}
              {...markButtonProps(busy, () => {
                item.current?.focus();
                onMarkRead(n.notification_id);
              })}
              aria-label={`Mark "${n.title}" as read`}
            >
              Mark as read
            </button>
          ) : null}
        </p>
      </div>
    </li>
  );
}

/** `accountId` scopes mark-all (PUT /api/notifications/mark-all-read?account_id=); unknown yet: disabled. */
export function NotificationsPanel({ accountId }: { accountId: number | undefined }) {
  const { data, error, isLoading, refetch, isRefetching } = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const busy = markRead.isPending || markAll.isPending;
  const actionError = markRead.error ?? markAll.error;

  if (isLoading) return <p className="p-4 text-secondary">Loading...</p>;
  if (error && !data) {
    return (
      <div className="flex flex-col gap-2 p-4" role="alert">
        <p className="text-error">Error: {error.message || FETCH_ERROR_DEFAULT}</p>
        <button
          type="button"
          className={`${linkButton} self-start`}
          disabled={isRefetching}
          onClick={() => void refetch()}
        >
          Retry
        </button>
      </div>
    );
  }
  const list = data ?? [];
  const unread = unreadCount(list);
  return (
    <div>
      <div className="flex items-center justify-between border-b border-divider px-4 py-1">
        <p className="text-xs text-secondary">{unread ? `${unread} unread` : "All caught up"}</p>
        <button
          type="button"
          className={linkButton}
          {...markButtonProps(
            busy || unread === 0 || accountId === undefined,
            () => accountId !== undefined && markAll.mutate(accountId),
          )}
        >
          Mark all as read
        </button>
      </div>
      {error ? (
        // A refresh failed while a list is shown: the list stays, a quiet line says so, and the
        // next 30 s refresh (or Retry) recovers without the founder doing anything.
        <p
          role="status"
          className="flex items-center justify-between gap-2 border-b border-divider px-4 py-1 text-xs text-secondary"
        >
          <span>Couldn&apos;t refresh; showing the last list.</span>
          <button type="button" className={linkButton} disabled={isRefetching} onClick={() => void refetch()}>
            Retry
          </button>
        </p>
      ) : null}
      {actionError ? (
        <p role="alert" className="border-b border-divider px-4 py-2 text-sm text-error">
          Error: {actionError.message}
        </p>
      ) : null}
      {list.length === 0 ? (
        <p className="p-4 text-secondary">No notifications</p>
      ) : (
        <ul className="max-h-[350px] overflow-y-auto" aria-label="Notifications list">
          {list.map((n) => (
            <NotificationItem key={n.notification_id} n={n} busy={busy} onMarkRead={(id) => markRead.mutate(id)} />
          ))}
        </ul>
      )}
    </div>
  );
}
