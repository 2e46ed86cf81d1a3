// The top bar (requirements §2): title link to /, menu button (narrow screens), theme toggle,
// notifications bell, support help, the user's email and Sign Out. The bell and what Sign Out
// does come from the app (app/signed-in-shell.tsx): the shell imports no other feature.
import { useAtomValue, useSetAtom } from "jotai";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { Button } from "@/components/ui/button";
import { ChevronDownIcon, HelpIcon, MenuIcon, MoonIcon, SunIcon } from "@/components/ui/icons";
import { appSettings } from "@/lib/env";
import { useCurrentUser } from "@/stores/session";
import { themeAtom, toggleThemeAtom } from "@/stores/theme";

const iconButton =
  "rounded-full p-1 sm:p-2 text-icon hover:bg-hover focus-visible:outline-2 focus-visible:outline-primary";

export interface TopBarSlots {
  /** The notifications bell, placed between the theme toggle and help. */
  bell: ReactNode;
  /** Sign Out ends this device's session; the menu beside it offers every device's. */
  onSignOut: (scope: "this-device" | "everywhere") => void;
}

/** Every device's sign-out and what it does: in the top bar's menu, or the drawer on narrow screens. */
export function SignOutEverywhereLabel() {
  return (
    <>
      Sign out everywhere
      <span className="block text-xs text-secondary">Ends your sessions on every device and browser</span>
    </>
  );
}

/**
 * Beside Sign Out: "Sign out everywhere", for a founder who left a session on another device. On
 * narrow screens it is in the menu drawer instead, so the title keeps its room.
 * Not anchored (Headless UI would portal it outside every landmark: axe's region rule); not modal.
 */
function SignOutMore({ onSignOut }: Pick<TopBarSlots, "onSignOut">) {
  return (
    <Menu as="div" className="relative hidden shrink-0 sm:block">
      <MenuButton aria-label="Sign-out choices" className={iconButton}>
        <ChevronDownIcon />
      </MenuButton>
      <MenuItems
        modal={false}
        className="absolute right-0 top-full z-50 mt-1 w-64 max-w-[calc(100vw-1rem)] rounded border border-divider bg-paper py-1 text-primary-text shadow-lg focus:outline-none"
      >
        <MenuItem>
          <button
            type="button"
            className="block w-full px-4 py-2 text-left data-focus:bg-hover"
            onClick={() => onSignOut("everywhere")}
          >
            <SignOutEverywhereLabel />
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}

/** onOpenMenu: given while the side menu is a drawer (below 1200 px), which adds the menu button. */
export function TopBar({ onOpenMenu, bell, onSignOut }: TopBarSlots & { onOpenMenu?: () => void }) {
  const support = appSettings().supportUrl;
  const user = useCurrentUser();
  const theme = useAtomValue(themeAtom);
  const toggleTheme = useSetAtom(toggleThemeAtom);
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-0.5 border-b border-divider bg-paper px-1 sm:gap-1 sm:px-4">
      {onOpenMenu ? (
        <button type="button" aria-label="Open menu" onClick={onOpenMenu} className={iconButton}>
          <MenuIcon />
        </button>
      ) : null}
      <Link
        href="/"
        className="min-w-0 truncate whitespace-nowrap sm:shrink-0 px-1 text-[15px] font-medium text-primary-text hover:text-primary sm:px-2 sm:text-lg"
      >
        Founder Foundation
      </Link>
      <div className="ml-auto flex min-w-0 items-center sm:gap-1">
        <button
          type="button"
          aria-label={theme === "light" ? "Switch to dark theme" : "Switch to light theme"}
          onClick={toggleTheme}
          className={iconButton}
        >
          {theme === "light" ? <MoonIcon /> : <SunIcon />}
        </button>
        {bell}
        <a
          href={support}
          aria-label="Help and support"
          className={iconButton}
          {...(support.startsWith("http") ? { target: "_blank", rel: "noreferrer" } : {})}
        >
          <HelpIcon />
        </a>
        {user?.email ? (
          // Truncated only when the bar really runs out of room (the address is also in the menu drawer).
          <span
            className="hidden min-w-0 truncate px-2 text-sm text-secondary sm:inline"
            title={user.email}
            data-testid="user-email"
          >
            {user.email}
          </span>
        ) : null}
        <Button
          variant="text"
          className="!min-w-0 whitespace-nowrap !px-2 sm:!min-w-[100px]"
          onClick={() => onSignOut("this-device")}
        >
          Sign Out
        </Button>
        <SignOutMore onSignOut={onSignOut} />
      </div>
    </header>
  );
}
