// The notification popover's contents (spec §2/§8). The notifications feature owns this file:
// mark-one / mark-all actions belong here. The shell's bell renders it inside its popover.
import { useNotifications } from "./api/get-notifications";

export function NotificationsPanel() {
  const { data, error, isLoading, refetch } = useNotifications();
  if (isLoading) return <p className="p-4 text-secondary">Loading...</p>;
  if (error) {
    return (
      <div className="flex flex-col gap-2 p-4">
        <p className="text-error">Error: {error.message || "An error occurred while fetching notifications"}</p>
        <button type="button" className="self-start text-primary underline" onClick={() => void refetch()}>
          Retry
        </button>
      </div>
    );
  }
  if (!data?.length) return <p className="p-4 text-secondary">No notifications</p>;
  return (
    <ul className="max-h-[350px] overflow-y-auto">
      {data.map((n) => (
        <li key={n.notification_id} className="border-b border-divider px-4 py-3 last:border-0">
          <p className={n.read_at ? "text-secondary" : "font-medium"}>{n.title}</p>
          <p className="line-clamp-2 text-sm text-secondary">{n.description}</p>
        </li>
      ))}
    </ul>
  );
}
