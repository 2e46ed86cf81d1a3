import { createClient, type Session } from "@supabase/supabase-js";
import { afterEach, describe, expect, it } from "vitest";
import { defaultStorageKey } from "./supabase";
import { createSupabaseClient } from "./supabase-client";

const settings = { authUrl: "http://127.0.0.1:54321", anonKey: "anon-key" };

function storedSession(): Session {
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  return {
    access_token: "access",
    refresh_token: "refresh",
    expires_in: 3600,
    expires_at: expiresAt,
    token_type: "bearer",
    user: { id: "user-1", app_metadata: {}, user_metadata: {}, aud: "authenticated", created_at: "" },
  };
}

describe("createSupabaseClient", () => {
  afterEach(() => localStorage.clear());

  it("uses supabase-js's default storage key for the project URL", () => {
    expect(defaultStorageKey("http://127.0.0.1:54321")).toBe("sb-127-auth-token");
    expect(defaultStorageKey("https://abcd.supabase.co/")).toBe("sb-abcd-auth-token");
  });

  it("finds the session createClient would find, under the same key", async () => {
    localStorage.setItem(defaultStorageKey(settings.authUrl), JSON.stringify(storedSession()));
    const ours = createSupabaseClient(settings).auth;
    const theirs = createClient(settings.authUrl, settings.anonKey, {
      auth: { autoRefreshToken: false, detectSessionInUrl: false },
    }).auth;
    const [{ data: mine }, { data: reference }] = await Promise.all([ours.getSession(), theirs.getSession()]);
    expect(mine.session?.access_token).toBe("access");
    expect(reference.session?.access_token).toBe("access");
    ours.stopAutoRefresh();
  });
});
