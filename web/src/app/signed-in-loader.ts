// The one handle on the signed-in chunk (signed-in-area.tsx) from the initial one.
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

/** The gate passed: the signed-in chunk, then in a later task the target's data (no long task). */
export function prefetchSignedIn(target: string): void {
  void loadSignedIn()
    .then((m) => new Promise<void>((resolve) => setTimeout(() => resolve(m.prefetchSignedInData(target)))))
    .catch(() => undefined);
}
