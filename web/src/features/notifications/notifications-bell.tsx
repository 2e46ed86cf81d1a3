// The top bar's bell: unread badge (capped at '99+') and a popover holding NotificationsPanel.
import { CloseButton, Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { BellIcon, CloseIcon } from "@/components/ui/icons";
import { useAccountId } from "@/api/account";
import { badgeLabel, unreadCount, useNotifications } from "@/api/notifications";
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
          <span
            data-testid="notifications-badge"
            className="absolute right-0 top-0 min-w-4 rounded-full bg-badge px-1 text-center text-[10px] font-medium leading-4 text-white ring-2 ring-paper sm:min-w-5 sm:text-xs sm:leading-5"
          >
            {badgeLabel(count)}
          </span>
        ) : null}
      </PopoverButton>
      {/* No `anchor`: Headless UI then portals the panel to <body> with aria-hidden focus guards,
          outside every landmark (axe: aria-hidden-focus, region). Positioned here instead: under
          the top bar on phones, left-aligned under the bell from 600 px. */}
      <PopoverPanel className="fixed right-2 top-14 z-50 w-[320px] max-w-[calc(100vw-1rem)] rounded-lg border border-divider bg-paper text-primary-text shadow-lg sm:absolute sm:left-0 sm:right-auto sm:top-full sm:mt-1">
        {/* The close button also keeps a focusable element next to the bell in tab order, which
            Headless UI needs to treat the panel as in place (else it adds aria-hidden guards). */}
        <div className="flex items-center justify-between border-b border-divider py-1 pl-4 pr-1">
          <h2 className="text-base font-medium">Notifications</h2>
          <CloseButton
            aria-label="Close notifications"
            className="rounded-full p-1.5 text-icon hover:bg-hover focus-visible:outline-2 focus-visible:outline-primary"
          >
            <CloseIcon width={20} height={20} />
          </CloseButton>
        </div>
        <NotificationsPanel accountId={accountId} />
      </PopoverPanel>
    </Popover>
  );
}
