// Warns before a form's unsaved changes are lost (docs/decisions/0151): a reload or closing the tab
// (beforeunload; the browser words that prompt itself) and a link to another screen of the app
// (a confirm before the router sees the click). Nothing is stored to restore them: an SSN or a
// birthdate must not sit in browser storage.
import { useEffect } from "react";

export const LEAVE_WARNING = "You have changes that are not saved. Leave this page and lose them?";

/** A click that would take the page to another of the app's screens through a link. */
function leavingLink(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return false;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download")) return false;
  const to = new URL(link.href, location.href);
  return to.origin === location.origin && to.pathname + to.search !== location.pathname + location.search;
}

/** `active`: there are changes to lose (e.g. the form is dirty and not being saved). */
export function useUnsavedChangesGuard(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium shows the prompt only when returnValue is set.
      event.returnValue = "";
    };
    // Capture phase on the document: before the router's own click handler on the app's root.
    const click = (event: MouseEvent) => {
      if (!leavingLink(event) || window.confirm(LEAVE_WARNING)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", click, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", click, true);
    };
  }, [active]);
}
