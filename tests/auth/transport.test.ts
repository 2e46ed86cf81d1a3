// What a browser and supabase-js need from the wire: CORS for the app's origins with the
// headers supabase-js sends, the API version header exposed on every answer (without it
// error.code never reaches the app), GoTrue's two error formats, and open meta routes.
// These checks are about HTTP itself, so they use fetch rather than supabase-js.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_SUPABASE } from "../../server/src/config";
import { startAuthHarness, type AuthHarness } from "../support/auth-harness";

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
});
afterAll(async () => h?.close());

const api = (path: string) => `${h.url}/auth/v1${path}`;

describe("CORS and headers", () => {
  it.each(["http://localhost:3000", "http://127.0.0.1:5173"])(
    "allows the app origin %s with supabase-js's headers",
    async (origin) => {
      const res = await fetch(api("/token?grant_type=password"), {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "apikey,authorization,content-type,x-client-info,x-supabase-api-version",
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe(origin);
      const allowed = (res.headers.get("access-control-allow-headers") ?? "").toLowerCase();
      for (const header of ["apikey", "authorization", "content-type", "x-client-info", "x-supabase-api-version"])
        expect(allowed).toContain(header);
    },
  );

  it("refuses a foreign origin", async () => {
    const res = await fetch(api("/settings"), { headers: { origin: "https://evil.example.net" } });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("sends and exposes X-Supabase-Api-Version on every answer, errors included", async () => {
    for (const res of [
      await fetch(api("/health"), { headers: { origin: "http://localhost:3000" } }),
      await fetch(api("/user"), { headers: { origin: "http://localhost:3000" } }),
    ]) {
      expect(res.headers.get("x-supabase-api-version")).toBe("2024-01-01");
      expect(res.headers.get("access-control-expose-headers")?.toLowerCase()).toContain("x-supabase-api-version");
    }
  });
});

describe("error formats", () => {
  it("answers supabase-js (version header) with {code, message}", async () => {
    const res = await fetch(api("/user"), { headers: { "x-supabase-api-version": "2024-01-01" } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      code: "no_authorization",
      message: "This endpoint requires a valid Bearer token",
    });
  });

  it("answers other callers in the legacy format", async () => {
    const res = await fetch(api("/user"));
    expect(await res.json()).toEqual({
      code: 401,
      error_code: "no_authorization",
      msg: "This endpoint requires a valid Bearer token",
    });
  });

  it("reports session_not_found for a signed-out session's token", async () => {
    const c = h.client();
    const token = (await c.auth.signInWithPassword({ email: "founder@example.com", password: "Founder!2026" })).data
      .session?.access_token;
    await c.auth.signOut();
    const res = await fetch(api("/user"), {
      headers: { authorization: `Bearer ${token}`, "x-supabase-api-version": "2024-01-01" },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe("session_not_found");
  });

  it("accepts an empty JSON body (supabase-js sends Content-Type with no body)", async () => {
    const res = await fetch(api("/recover"), {
      method: "POST",
      headers: {
        "content-type": "application/json;charset=UTF-8",
        "x-supabase-api-version": "2024-01-01",
        apikey: LOCAL_SUPABASE.anonKey,
      },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: "validation_failed", message: "An email address is required" });
  });

  it("rejects malformed JSON with bad_json", async () => {
    const res = await fetch(api("/token?grant_type=password"), {
      method: "POST",
      headers: { "content-type": "application/json", "x-supabase-api-version": "2024-01-01" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("bad_json");
  });
});

describe("open routes", () => {
  it("GET /health and /settings describe the service as GoTrue does", async () => {
    expect(await (await fetch(api("/health"))).json()).toMatchObject({ name: "GoTrue" });
    const settings = (await (await fetch(api("/settings"))).json()) as {
      external: Record<string, boolean>;
      mailer_autoconfirm: boolean;
      disable_signup: boolean;
    };
    expect(settings.external).toMatchObject({ email: true, google: false, github: false, phone: false }); // config.toml: Google off
    expect(settings.mailer_autoconfirm).toBe(false);
    expect(settings.disable_signup).toBe(false);
  });
});
