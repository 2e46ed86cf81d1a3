// Focus after a view or route change: the view's autofocused field, else its main heading.

/** Focuses `container`'s first h1 (made focusable by script only) unless focus is already inside it. */
export function focusHeading(container: HTMLElement | null): boolean {
  if (!container) return false;
  if (container.contains(document.activeElement) && document.activeElement !== container) return true;
  const heading = container.querySelector<HTMLElement>("h1");
  if (!heading) return false;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: false });
  return true;
}

/** When the user last pressed a key or a pointer anywhere (capture phase, before any handler). */
let lastUserInput = -Infinity;
if (typeof document !== "undefined") {
  const mark = () => (lastUserInput = performance.now());
  document.addEventListener("pointerdown", mark, true);
  document.addEventListener("keydown", mark, true);
}

export const inputClock = (): number => performance.now();

/**
 * After a route change: focuses the heading now and while the new screen settles, until `settleMs`
 * or until the user presses a key or a pointer after `since`: then focus is theirs.
 */
export function focusHeadingWhenShown(container: HTMLElement, settleMs = 3_000, since = inputClock()): () => void {
  const userActed = () => lastUserInput > since;
  // Focus still where the navigation left it counts as not yet moved.
  const start = document.activeElement;
  const lost = () =>
    !document.activeElement ||
    document.activeElement === document.body ||
    (document.activeElement === start && !container.contains(start));
  const observer = new MutationObserver(() => {
    if (userActed()) stop();
    else if (lost()) focusHeading(container);
  });
  const timer = setTimeout(() => stop(), settleMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  if (userActed()) {
    stop();
    return stop;
  }
  focusHeading(container);
  observer.observe(container, { childList: true, subtree: true });
  return stop;
}
