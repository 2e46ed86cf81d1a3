// The signed-in layout: top bar, side menu (permanent on large screens, a drawer below 1200 px)
// and the page content.
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useAtomValue } from "jotai";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation } from "wouter";
import { focusHeadingWhenShown, inputClock } from "@/lib/focus";
import { CloseIcon } from "@/components/ui/icons";
import { useCurrentUser } from "@/stores/session";
import { isLgAtom } from "@/stores/layout";
import { SideMenu } from "./side-menu";
import { SignOutEverywhereLabel, TopBar, type TopBarSlots } from "./top-bar";

/** `bell` and `onSignOut` are the app's to give (the shell imports no other feature). */
export function AppShell({ children, bell, onSignOut }: TopBarSlots & { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const large = useAtomValue(isLgAtom);
  const user = useCurrentUser();
  const [location] = useLocation();
  const main = useRef<HTMLElement>(null);
  /** The route whose heading last took focus: a drawer closed without navigating (Escape, Close) leaves focus on its button. */
  const focusedRoute = useRef<string | null>(null);
  // Each route change moves focus to the new screen's heading (not left on the link, or dropped to
  // the page body when the link's menu closes). With the drawer open, wait for it to close: it
  // hands focus back to its button as it goes, after which the heading takes it.
  useEffect(() => {
    if (menuOpen || focusedRoute.current === location) return;
    focusedRoute.current = location;
    let stop: () => void = () => undefined;
    // Input from here on is the user's (a bell clicked while the screen loads keeps its popover).
    const changedAt = inputClock();
    const timer = setTimeout(() => {
      if (main.current) stop = focusHeadingWhenShown(main.current, undefined, changedAt);
    }, 50);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [location, menuOpen]);
  return (
    <div className="min-h-screen bg-background text-primary-text">
      <a
        href="#main-content"
        onClick={(e) => {
          e.preventDefault();
          main.current?.focus();
        }}
        className="sr-only z-50 rounded bg-paper px-4 py-2 text-primary-strong shadow focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to main content
      </a>
      <TopBar onOpenMenu={large ? undefined : () => setMenuOpen(true)} bell={bell} onSignOut={onSignOut} />
      <div className="flex">
        {large ? (
          <aside className="sticky top-14 h-[calc(100vh-3.5rem)] w-60 shrink-0 overflow-y-auto border-r border-divider bg-paper">
            <SideMenu />
          </aside>
        ) : null}
        <main id="main-content" ref={main} tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none sm:p-6">
          {children}
        </main>
      </div>
      <Dialog open={menuOpen && !large} onClose={() => setMenuOpen(false)} className="relative z-40">
        <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
        <DialogPanel className="fixed inset-y-0 left-0 w-72 max-w-[85vw] overflow-y-auto bg-paper text-primary-text shadow-xl">
          <div className="flex items-center justify-between border-b border-divider px-4 py-3">
            <DialogTitle className="text-base font-medium">Menu</DialogTitle>
            <button
              type="button"
              aria-label="Close menu"
              onClick={() => setMenuOpen(false)}
              className="rounded-full p-2 text-icon hover:bg-hover"
            >
              <CloseIcon />
            </button>
          </div>
          {user?.email ? (
            // The top bar has no room for the address, or for every device's sign-out, on narrow screens.
            <div className="border-b border-divider py-1 sm:hidden">
              <p className="truncate px-4 py-1 text-sm text-secondary">{user.email}</p>
              <button
                type="button"
                className="block w-full px-4 py-2 text-left text-sm hover:bg-hover"
                onClick={() => {
                  setMenuOpen(false);
                  onSignOut("everywhere");
                }}
              >
                <SignOutEverywhereLabel />
              </button>
            </div>
          ) : null}
          <SideMenu onNavigate={() => setMenuOpen(false)} />
        </DialogPanel>
      </Dialog>
    </div>
  );
}
