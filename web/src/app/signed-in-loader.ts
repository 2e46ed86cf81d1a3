// The one handle on the signed-in chunk (signed-in-area.tsx) from the initial one: the router renders
// it, the gate fetches it ahead, sign-out drops its cache. Only what was loaded is touched: a page
// that never left /sign-in has no cache to drop.
type SignedInModule = typeof import("./signed-in-area");

let loading: Promise<SignedInModule> | undefined;

export function loadSignedIn(): Promise<SignedInModule> {
  loading ??= import("./signed-in-area").catch((error: unknown) => {
    // A failed fetch is tried again next time (the router's lazy loader reloads a redeployed site).
    loading = undefined;
    throw error;
  });
  return loading;
}

export function dropSignedInData(): void {
  void loading?.then((m) => m.dropSignedInData()).catch(() => undefined);
}

export function resetSignedInQueries(): void {
  void loading?.then((m) => m.resetSignedInQueries()).catch(() => undefined);
}

/**
 * The gate passed: fetch the signed-in chunk and the target's data while the sign-in screen fades.
 * The reads start in a task after the one that evaluated the chunk, so neither makes a long task.
 */
export function prefetchSignedIn(target: string): void {
  void loadSignedIn()
    .then((m) => new Promise<void>((resolve) => setTimeout(() => resolve(m.prefetchSignedInData(target)))))
    .catch(() => undefined);
}
