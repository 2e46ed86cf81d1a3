// The top bar's bell: unread badge (capped at '99+') and a popover holding NotificationsPanel.
import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { BellIcon } from "@/components/ui/icons";
import { useAccountId } from "@/features/account";
import { badgeLabel, unreadCount, useNotifications } from "./api/get-notifications";
import { NotificationsPanel } from "./notifications-panel";

export function NotificationsBell() {
  const { data } = useNotifications();
  const count = unreadCount(data);
  const { data: accountId } = useAccountId();
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={count ? `Notifications, ${badgeLabel(count)} unread` : "Notifications"}
        className="relative rounded-full p-1 sm:p-2 text-icon hover:bg-hover focus-visible:outline-2 focus-visible:outline-primary"
      >
        <BellIcon />
        {count > 0 ? (
          <span data-testid="notifications-badge" className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-badge px-1 text-center text-xs leading-5 text-white">
            {badgeLabel(count)}
          </span>
        ) : null}
      </PopoverButton>
      <PopoverPanel
        anchor="bottom end"
        className="z-50 w-[320px] max-w-[calc(100vw-1rem)] rounded-lg border border-divider bg-paper text-primary-text shadow-lg"
      >
        <h2 className="border-b border-divider px-4 py-2 text-base font-medium">Notifications</h2>
        <NotificationsPanel accountId={accountId} />
      </PopoverPanel>
    </Popover>
  );
}
