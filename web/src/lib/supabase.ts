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
import { AuthClient, type GoTrueClient } from "@supabase/supabase-js";
import type { AppSettings } from "./env";

/** What the web uses of a SupabaseClient: its auth client (AuthClient is GoTrueClient), under the same name. */
export interface AuthOnlyClient {
  readonly auth: GoTrueClient;
}

let client: AuthOnlyClient | undefined;

/**
 * supabase-js's default storage key for a project URL (sb-<first label of the host>-auth-token),
 * so a session stored by createClient — or placed there by the browser tests — is found.
 */
export function defaultStorageKey(authUrl: string): string {
  return `sb-${new URL(authUrl).hostname.split(".")[0]}-auth-token`;
}

export function createSupabaseClient(settings: Pick<AppSettings, "authUrl" | "anonKey">): AuthOnlyClient {
  // As createClient does: the project URL with a trailing slash, auth under auth/v1, the anon key
  // as apikey and default bearer, the implicit flow.
  const base = new URL(settings.authUrl.endsWith("/") ? settings.authUrl : `${settings.authUrl}/`);
  return {
    auth: new AuthClient({
      url: new URL("auth/v1", base).href,
      headers: { Authorization: `Bearer ${settings.anonKey}`, apikey: settings.anonKey },
      storageKey: defaultStorageKey(base.href),
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
      flowType: "implicit",
    }),
  };
}

export function setSupabaseClient(c: AuthOnlyClient): void {
  client = c;
}

export function getSupabase(): AuthOnlyClient {
  if (!client) throw new Error("Auth client used before start-up finished");
  return client;
}
