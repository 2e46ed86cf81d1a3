// Social sign-in (requirements §7: "sign in with a social provider with a redirect URL") through the
// emulator's local consent page standing in for Google.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authMethods,
  APP_URL,
  consent,
  fragmentParams,
  STANDIN_PASSWORD,
  startAuthHarness,
  submitConsent,
  type AuthHarness,
} from "../support/auth-harness";
import { uniqueEmail } from "../support/founders";
import { DEMO_PASSWORD, DEMO_USERS } from "../../supabase/demo-seed";

/** config.toml keeps Google off (as `supabase start` needs without credentials); these tests turn it on. */
let h: AuthHarness;
/** config.toml as it is: Google disabled. */
let off: AuthHarness;
beforeAll(async () => {
  [h, off] = await Promise.all([startAuthHarness({ configOverrides: { googleEnabled: true } }), startAuthHarness()]);
});
afterAll(async () => {
  await h?.close();
  await off?.close();
});

describe("sign in with Google (local consent page)", () => {
  it("creates a confirmed account and returns to redirectTo with a session in the fragment", async () => {
    const c = h.client();
    const { data, error } = await c.auth.signInWithOAuth({
      provider: "google",
      options: { redirectTo: `${APP_URL}/`, skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    const email = uniqueEmail("google");
    const location = await consent(data.url ?? "", email, "Ada Google");
    expect(location.startsWith(`${APP_URL}/#`)).toBe(true);
    const params = fragmentParams(location);
    await c.auth.setSession({
      access_token: params.get("access_token") ?? "",
      refresh_token: params.get("refresh_token") ?? "",
    });
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
    const { data } = await c.auth.signInWithOAuth({
      provider: "google",
      options: { redirectTo: `${APP_URL}/callback`, skipBrowserRedirect: true },
    });
    // An address that already has an account needs that account's password on the consent page.
    const location = await consent(data.url ?? "", DEMO_USERS.founder.email, "", DEMO_PASSWORD);
    const code = new URL(location).searchParams.get("code");
    expect(location.startsWith(`${APP_URL}/callback?code=`)).toBe(true);
    const exchanged = await c.auth.exchangeCodeForSession(code ?? "");
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.id).toBe(DEMO_USERS.founder.id);
    expect(exchanged.data.user?.app_metadata.providers).toEqual(["email", "google"]);
    await h.emulator.reset();
  });

  it("refuses a provider that is not enabled (validation_failed, legacy format for navigations)", async () => {
    const { data } = await h
      .client()
      .auth.signInWithOAuth({ provider: "github", options: { skipBrowserRedirect: true } });
    const res = await fetch(data.url ?? "", { redirect: "manual" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 400,
      error_code: "validation_failed",
      msg: "Unsupported provider: provider is not enabled",
    });
  });

  it("refuses a provider GoTrue does not know with its own message", async () => {
    const res = await fetch(`${h.url}/auth/v1/authorize?provider=myspace`, { redirect: "manual" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 400,
      error_code: "validation_failed",
      msg: "Unsupported provider: Provider myspace could not be found",
    });
  });

  it("the consent page never signs in to an existing account without that account's password", async () => {
    const admin = h.admin();
    const before = await admin.auth.admin.getUserById(DEMO_USERS.founder.id);
    const c = h.client();
    for (const password of ["", "guess", STANDIN_PASSWORD]) {
      const { data } = await c.auth.signInWithOAuth({
        provider: "google",
        options: { redirectTo: `${APP_URL}/`, skipBrowserRedirect: true },
      });
      const answer = await submitConsent(data.url ?? "", { email: DEMO_USERS.founder.email, password });
      expect(answer.status).toBe(400);
      expect(answer.location).toBe("");
      expect(answer.text).toContain("Invalid login credentials");
    }
    // Nothing changed: no Google identity linked, no session started.
    const after = await admin.auth.admin.getUserById(DEMO_USERS.founder.id);
    expect(after.data.user?.identities?.map((i) => i.provider)).toEqual(["email"]);
    expect(after.data.user?.last_sign_in_at).toBe(before.data.user?.last_sign_in_at);
    await h.emulator.reset();
  });

  it("a stand-in Google account keeps the password its first consent set", async () => {
    const email = uniqueEmail("standin");
    const start = async () =>
      (
        await h.client().auth.signInWithOAuth({
          provider: "google",
          options: { redirectTo: `${APP_URL}/`, skipBrowserRedirect: true },
        })
      ).data.url ?? "";
    expect(await consent(await start(), email)).toContain("access_token=");
    const wrong = await submitConsent(await start(), { email, password: "another password" });
    expect(wrong.status).toBe(400);
    expect(wrong.location).toBe("");
    expect(await consent(await start(), email)).toContain("access_token=");
  });

  it("a banned user going through Google comes back as GoTrue's redirectErrors sends it: 302, access_denied / user_banned in query and fragment, no session", async () => {
    const email = uniqueEmail("banned-google");
    const start = async () =>
      (
        await h.client().auth.signInWithOAuth({
          provider: "google",
          options: { redirectTo: `${APP_URL}/`, skipBrowserRedirect: true },
        })
      ).data.url ?? "";
    const first = fragmentParams(await consent(await start(), email));
    const userId = JSON.parse(
      Buffer.from((first.get("access_token") ?? "").split(".")[1] ?? "", "base64url").toString(),
    ).sub as string;
    expect((await h.admin().auth.admin.updateUserById(userId, { ban_duration: "24h" })).error).toBeNull();
    const back = await submitConsent(await start(), { email, password: STANDIN_PASSWORD });
    expect(back.status).toBe(302);
    const url = new URL(back.location);
    expect(`${url.origin}${url.pathname}`).toBe(`${APP_URL}/`);
    const expected = { error: "access_denied", error_code: "user_banned", error_description: "User is banned" };
    expect(Object.fromEntries(url.searchParams)).toEqual(expected);
    expect(Object.fromEntries(fragmentParams(back.location))).toMatchObject(expected);
    expect(fragmentParams(back.location).get("access_token")).toBeNull();
  });

  it("with Google disabled in config.toml, sign-in answers as GoTrue with the provider off", async () => {
    const { data } = await off
      .client()
      .auth.signInWithOAuth({ provider: "google", options: { skipBrowserRedirect: true } });
    const res = await fetch(data.url ?? "", { redirect: "manual" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 400,
      error_code: "validation_failed",
      msg: "Unsupported provider: provider is not enabled",
    });
    // The stand-in's own routes are closed too: the old attack (callback with just an address) opens nothing.
    const callback = await fetch(
      `${off.url}/auth/v1/callback?state=x&email=${encodeURIComponent(DEMO_USERS.founder.email)}`,
      { redirect: "manual" },
    );
    expect(callback.status).toBe(400);
    expect(callback.headers.get("location")).toBeNull();
    expect((await off.client().auth.getSession()).data.session).toBeNull();
    expect(
      (
        (await fetch(`${off.url}/auth/v1/settings`, { headers: { apikey: "x" } }).then((r) => r.json())) as {
          external: Record<string, boolean>;
        }
      ).external.google,
    ).toBe(false);
  });

  it("refuses a wrong PKCE verifier (bad_code_verifier) and a reused code (flow_state_not_found)", async () => {
    const c = h.client({ flowType: "pkce" });
    const { data } = await c.auth.signInWithOAuth({
      provider: "google",
      options: { redirectTo: `${APP_URL}/`, skipBrowserRedirect: true },
    });
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
