// The one place the auth client is held: supabase-js's own AuthClient, made without the rest of a
// SupabaseClient (docs/decisions/0005), loaded beside the first render (docs/decisions/0140). Code
// that may run before it arrives awaits whenSupabase().
import type { GoTrueClient } from "@supabase/supabase-js";

/** What the web uses of a SupabaseClient: its auth client (AuthClient is GoTrueClient), under the same name. */
export interface AuthOnlyClient {
  readonly auth: GoTrueClient;
}

let client: AuthOnlyClient | undefined;
let arrived: (c: AuthOnlyClient) => void = () => undefined;
let ready = new Promise<AuthOnlyClient>((resolve) => {
  arrived = resolve;
});

/** supabase-js's default storage key for a project URL, so a session createClient stored is found. */
export function defaultStorageKey(authUrl: string): string {
  return `sb-${new URL(authUrl).hostname.split(".")[0]}-auth-token`;
}

export function setSupabaseClient(c: AuthOnlyClient): void {
  client = c;
  arrived(c);
  // A later client (tests install one per test) is what the next waiter gets.
  ready = Promise.resolve(c);
}

export function hasSupabase(): boolean {
  return client !== undefined;
}

export function whenSupabase(): Promise<AuthOnlyClient> {
  return client ? Promise.resolve(client) : ready;
}

export function getSupabase(): AuthOnlyClient {
  if (!client) throw new Error("Auth client used before start-up finished");
  return client;
}
