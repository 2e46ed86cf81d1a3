// Social sign-in (spec §7: "sign in with a social provider with a redirect URL") through the
// emulator's local consent page standing in for Google.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMethods, APP_URL, fragmentParams, redirectTarget, startAuthHarness, uniqueEmail, type AuthHarness } from "./harness";
import { DEMO_USERS } from "../../supabase/emulator/index";

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
});
afterAll(async () => h?.close());

/** What a developer does in the browser: open the URL, type an address on the consent page, submit. */
async function consent(authorizeUrl: string, email: string, fullName = ""): Promise<string> {
  const toConsent = await redirectTarget(authorizeUrl);
  expect(toConsent.status).toBe(302);
  const page = await (await fetch(toConsent.location)).text();
  expect(page).toContain("Sign in with Google");
  const action = page.match(/<form method="get" action="([^"]+)"/)?.[1] ?? "";
  const state = page.match(/name="state" value="([^"]+)"/)?.[1] ?? "";
  const submit = new URL(action.replace(/&#38;/g, "&"));
  submit.search = new URLSearchParams({ state, email, full_name: fullName }).toString();
  const back = await redirectTarget(submit.toString());
  expect(back.status).toBe(302);
  return back.location;
}

describe("sign in with Google (local consent page)", () => {
  it("creates a confirmed account and returns to redirectTo with a session in the fragment", async () => {
    const c = h.client();
    const { data, error } = await c.auth.signInWithOAuth({ provider: "google", options: { redirectTo: `${APP_URL}/`, skipBrowserRedirect: true } });
    expect(error).toBeNull();
    const email = uniqueEmail("google");
    const location = await consent(data.url ?? "", email, "Ada Google");
    expect(location.startsWith(`${APP_URL}/#`)).toBe(true);
    const params = fragmentParams(location);
    await c.auth.setSession({ access_token: params.get("access_token") ?? "", refresh_token: params.get("refresh_token") ?? "" });
    const user = (await c.auth.getUser()).data.user;
    expect(user).toMatchObject({
      email,
      app_metadata: { provider: "google", providers: ["google"], roles: ["user"] },
      user_metadata: { email, email_verified: true, full_name: "Ada Google", iss: "https://accounts.google.com" },
    });
    expect(user?.email_confirmed_at).toEqual(expect.any(String));
    expect(user?.identities?.map((i) => i.provider)).toEqual(["google"]);
    expect(await authMethods(c)).toEqual(["oauth"]);
  });

  it("links Google to an existing email account and returns ?code= in the PKCE flow", async () => {
    const c = h.client({ flowType: "pkce" });
    const { data } = await c.auth.signInWithOAuth({ provider: "google", options: { redirectTo: `${APP_URL}/callback`, skipBrowserRedirect: true } });
    const location = await consent(data.url ?? "", DEMO_USERS.founder.email);
    const code = new URL(location).searchParams.get("code");
    expect(location.startsWith(`${APP_URL}/callback?code=`)).toBe(true);
    const exchanged = await c.auth.exchangeCodeForSession(code ?? "");
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.id).toBe(DEMO_USERS.founder.id);
    expect(exchanged.data.user?.app_metadata.providers).toEqual(["email", "google"]);
    await h.emulator.reset();
  });

  it("refuses a provider that is not enabled (validation_failed, legacy format for navigations)", async () => {
    const { data } = await h.client().auth.signInWithOAuth({ provider: "github", options: { skipBrowserRedirect: true } });
    const res = await fetch(data.url ?? "", { redirect: "manual" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 400, error_code: "validation_failed", msg: "Unsupported provider: provider is not enabled" });
  });

  it("refuses a wrong PKCE verifier (bad_code_verifier) and a reused code (flow_state_not_found)", async () => {
    const c = h.client({ flowType: "pkce" });
    const { data } = await c.auth.signInWithOAuth({ provider: "google", options: { redirectTo: `${APP_URL}/`, skipBrowserRedirect: true } });
    const code = new URL(await consent(data.url ?? "", uniqueEmail("pkce"))).searchParams.get("code") ?? "";
    const raw = (verifier: string) =>
      fetch(`${h.url}/auth/v1/token?grant_type=pkce`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-supabase-api-version": "2024-01-01" },
        body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
      });
    const wrong = await raw("x".repeat(64));
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { code: string }).code).toBe("bad_code_verifier");
    expect((await c.auth.exchangeCodeForSession(code)).error).toBeNull();
    const reused = await h.client().auth.exchangeCodeForSession(code);
    expect(reused.error).not.toBeNull();
  });
});
