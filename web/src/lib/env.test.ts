import { describe, expect, it, vi } from "vitest";
import { isDevelopmentHost, LOCAL_DEFAULTS, loadSettings } from "./env";

describe("environment by host", () => {
  it("treats localhost, -np hosts and 127.0.0.1 as development", () => {
    expect(isDevelopmentHost("localhost")).toBe(true);
    expect(isDevelopmentHost("app-np.example.com")).toBe(true);
    expect(isDevelopmentHost("127.0.0.1")).toBe(true);
    expect(isDevelopmentHost("app.example.com")).toBe(false);
  });

  it("development reads /app-config.json from the serving origin", async () => {
    const fetchImpl = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ authUrl: "http://127.0.0.1:6000", anonKey: "k", identityUrl: "http://i", env: "test" }),
        ),
    );
    const result = await loadSettings("localhost", {}, fetchImpl as unknown as typeof fetch);
    expect(fetchImpl).toHaveBeenCalledWith("/app-config.json", expect.anything());
    expect(result).toEqual({
      ok: true,
      settings: {
        authUrl: "http://127.0.0.1:6000",
        anonKey: "k",
        identityUrl: "http://i",
        supportUrl: LOCAL_DEFAULTS.supportUrl,
        env: "development",
      },
    });
    const withSupport = vi.fn(async () => new Response(JSON.stringify({ supportUrl: "https://help.example.com" })));
    expect(await loadSettings("localhost", {}, withSupport as unknown as typeof fetch)).toMatchObject({
      settings: { supportUrl: "https://help.example.com" },
    });
  });

  it("development falls back to the local CLI defaults when the document is unavailable", async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError("offline");
    });
    expect(await loadSettings("localhost", {}, fetchImpl as unknown as typeof fetch)).toEqual({
      ok: true,
      settings: LOCAL_DEFAULTS,
    });
  });

  it("production uses the build settings and names any missing one", async () => {
    const fetchImpl = vi.fn();
    expect(
      await loadSettings(
        "app.example.com",
        { VITE_SUPABASE_URL: "https://x.supabase.co" },
        fetchImpl as unknown as typeof fetch,
      ),
    ).toEqual({
      ok: false,
      missing: ["VITE_SUPABASE_ANON_KEY", "VITE_IDENTITY_URL", "VITE_SUPPORT_URL"],
    });
    const build = { VITE_SUPABASE_URL: "https://x", VITE_SUPABASE_ANON_KEY: "a", VITE_IDENTITY_URL: "https://i" };
    const ok = await loadSettings("app.example.com", { ...build, VITE_SUPPORT_URL: "mailto:help@example.com" });
    expect(ok).toEqual({
      ok: true,
      settings: {
        authUrl: "https://x",
        anonKey: "a",
        identityUrl: "https://i",
        supportUrl: "mailto:help@example.com",
        env: "production",
      },
    });
    // The help icon must open something: a placeholder that is no link is refused at start.
    expect(await loadSettings("app.example.com", { ...build, VITE_SUPPORT_URL: "TODO" })).toEqual({
      ok: false,
      missing: ["VITE_SUPPORT_URL (a mailto: address or an https: URL)"],
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
