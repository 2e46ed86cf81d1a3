// Makes the auth client (lib/supabase.ts says why only the auth client, and why this file is
// loaded at start-up beside the first render rather than before it).
import { AuthClient } from "@supabase/supabase-js";
import type { AppSettings } from "./env";
import { defaultStorageKey, type AuthOnlyClient } from "./supabase";

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
