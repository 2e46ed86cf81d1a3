// The one place the auth client is made: the unmodified supabase-js client pointed at the
// settings chosen by host (lib/env). Everything else gets it through getSupabase().
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { AppSettings } from "./env";

let client: SupabaseClient | undefined;

export function createSupabaseClient(settings: Pick<AppSettings, "authUrl" | "anonKey">): SupabaseClient {
  return createClient(settings.authUrl, settings.anonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
  });
}

export function setSupabaseClient(c: SupabaseClient): void {
  client = c;
}

export function getSupabase(): SupabaseClient {
  if (!client) throw new Error("Auth client used before start-up finished");
  return client;
}
