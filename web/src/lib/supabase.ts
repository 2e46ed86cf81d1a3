// The one place the auth client is made, from the unmodified @supabase/supabase-js package,
// pointed at the settings chosen by host (lib/env). Everything else gets it through getSupabase().
//
// The web only talks to auth. createClient() builds a SupabaseClient whose constructor also makes
// the realtime (phoenix), PostgREST and storage clients, so none of them can be tree-shaken and
// they weigh on the sign-in page's JavaScript (decision 0005; `npm run bench -- --only=web` lists
// what /sign-in loads). supabase-js re-exports the very auth client
// its SupabaseClient wraps (AuthClient, from @supabase/auth-js); making that one directly with the
// options createClient would pass keeps the behaviour and lets the bundler drop the rest
// (supabase-js declares "sideEffects": false).
//
// The factory itself (supabase-client.ts) is loaded at start-up beside the first render, not before
// it: an anonymous visitor's /sign-in needs the auth client only to submit, so auth-js stays out of
// its initial JavaScript (docs/decisions/0140). Code that may run before it arrives awaits
// whenSupabase().
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

/**
 * supabase-js's default storage key for a project URL (sb-<first label of the host>-auth-token),
 * so a session stored by createClient — or placed there by the browser tests — is found.
 */
export function defaultStorageKey(authUrl: string): string {
  return `sb-${new URL(authUrl).hostname.split(".")[0]}-auth-token`;
}

export function setSupabaseClient(c: AuthOnlyClient): void {
  client = c;
  arrived(c);
  // A later client (tests install one per test) is what the next waiter gets.
  ready = Promise.resolve(c);
}

/** Whether the auth client is there yet (it arrives shortly after the first render). */
export function hasSupabase(): boolean {
  return client !== undefined;
}

/** The auth client once it has arrived. */
export function whenSupabase(): Promise<AuthOnlyClient> {
  return client ? Promise.resolve(client) : ready;
}

export function getSupabase(): AuthOnlyClient {
  if (!client) throw new Error("Auth client used before start-up finished");
  return client;
}
