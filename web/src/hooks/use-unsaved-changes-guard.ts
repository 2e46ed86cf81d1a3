// Warns before a form's unsaved changes are lost (docs/decisions/0151): a reload or closed tab, a link
// to another screen, the browser's Back or Forward, and the form's own Back or Cancel (`confirmLeaving`).
import { useEffect } from "react";

/** @internal */ export const LEAVE_WARNING = "You have changes that are not saved. Leave this page and lose them?";

const pathOf = (url: { pathname: string; search: string }) => url.pathname + url.search;

function leavingLink(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return false;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download")) return false;
  const to = new URL(link.href, location.href);
  return to.origin === location.origin && pathOf(to) !== pathOf(location);
}

function beforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older Chromium shows the prompt only when returnValue is set.
  event.returnValue = "";
}

// Capture phase on the document: before the router's own click handler on the app's root.
function click(event: MouseEvent) {
  if (!leavingLink(event) || window.confirm(LEAVE_WARNING)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
}

/** The form's address while guarded: where staying after the browser's Back returns. */
let guardedPath = "";

// Capture phase on the window: before the router's popstate listener. The address has already
// changed; staying puts the form's back (a new entry: the forward history is dropped).
function popState(event: PopStateEvent) {
  if (pathOf(location) === guardedPath || window.confirm(LEAVE_WARNING)) return;
  event.stopImmediatePropagation();
  history.pushState(null, "", guardedPath);
}

let guarded = 0;

function arm(): () => void {
  if (guarded++ === 0) {
    guardedPath = pathOf(location);
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", click, true);
    window.addEventListener("popstate", popState, true);
  }
  return () => {
    if (--guarded > 0) return;
    window.removeEventListener("beforeunload", beforeUnload);
    document.removeEventListener("click", click, true);
    window.removeEventListener("popstate", popState, true);
  };
}

/** For a form's own Back or Cancel: true when nothing unsaved is on the page, or the founder agrees to lose it. */
export function confirmLeaving(): boolean {
  return guarded === 0 || window.confirm(LEAVE_WARNING);
}

/** `active`: there are changes to lose (e.g. the form is dirty and not being saved). */
export function useUnsavedChangesGuard(active: boolean): void {
  useEffect(() => (active ? arm() : undefined), [active]);
}
