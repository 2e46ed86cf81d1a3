// Password sign-in, recovery (requirements §4: reset link → reset-password view → new password),
// password and metadata updates, and sign-out scopes, through supabase-js.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAuthSessionMissingError, type AuthChangeEvent } from "@supabase/supabase-js";
import { findLink } from "../support/mail";
import {
  authMethods,
  APP_URL,
  fragmentParams,
  redirectTarget,
  startAuthHarness,
  type AuthHarness,
} from "../support/auth-harness";
import { TEST_PASSWORD, uniqueEmail } from "../support/founders";

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness({ configOverrides: { email: { maxFrequency: 0 } } });
});
afterAll(async () => h?.close());

/** A confirmed account made through the admin API (the admin suite covers that API itself). */
async function confirmedUser(password = TEST_PASSWORD): Promise<string> {
  const email = uniqueEmail("account");
  const { error } = await h.admin().auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw error;
  return email;
}

describe("password sign-in", () => {
  it("signs in with a session at aal1 and amr password", async () => {
    const email = await confirmedUser();
    const c = h.client();
    const { data, error } = await c.auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: "bearer", expires_in: 3600, user: { email } });
    expect(data.session?.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    const aal = await c.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" });
    expect(await authMethods(c)).toEqual(["password"]);
  });

  it("answers a wrong password or an unknown address alike (invalid_credentials)", async () => {
    const email = await confirmedUser();
    const wrong = await h.client().auth.signInWithPassword({ email, password: "Wrong#Pass99" });
    expect(wrong.error?.code).toBe("invalid_credentials");
    expect(wrong.error?.message).toBe("Invalid login credentials");
    expect(wrong.error?.status).toBe(400);
    const unknown = await h.client().auth.signInWithPassword({ email: uniqueEmail("nobody"), password: TEST_PASSWORD });
    expect(unknown.error?.code).toBe("invalid_credentials");
  });

  it("limits sign-in attempts per client (over_request_rate_limit)", async () => {
    const strict = await startAuthHarness({ configOverrides: { rateLimit: { signInSignUps: 2 } } });
    try {
      const attempt = () =>
        strict.client().auth.signInWithPassword({ email: "founder@example.com", password: "Wrong#Pass99" });
      expect((await attempt()).error?.code).toBe("invalid_credentials");
      expect((await attempt()).error?.code).toBe("invalid_credentials");
      const limited = await attempt();
      expect(limited.error?.code).toBe("over_request_rate_limit");
      expect(limited.error?.status).toBe(429);
    } finally {
      await strict.close();
    }
  });
});

describe("password recovery", () => {
  it("mails a recovery link; following it in the PKCE flow emits PASSWORD_RECOVERY; the new password works", async () => {
    const email = await confirmedUser();
    const c = h.client({ flowType: "pkce" });
    const events: AuthChangeEvent[] = [];
    c.auth.onAuthStateChange((event) => void events.push(event));
    const { error } = await c.auth.resetPasswordForEmail(email, { redirectTo: `${APP_URL}/?reset-password=true` });
    expect(error).toBeNull();

    const mail = await h.mail.latest(email, { subject: "Reset Your Password" });
    const link = findLink(mail);
    expect(link).toContain("type=recovery");
    const { status, location } = await redirectTarget(link);
    expect(status).toBe(303);
    const target = new URL(location);
    expect(target.searchParams.get("reset-password")).toBe("true");
    const exchanged = await c.auth.exchangeCodeForSession(target.searchParams.get("code") ?? "");
    expect(exchanged.error).toBeNull();
    expect(events).toContain("PASSWORD_RECOVERY");

    const same = await c.auth.updateUser({ password: TEST_PASSWORD });
    expect(same.error?.code).toBe("same_password");
    expect(same.error?.status).toBe(422);
    expect(same.error?.message).toBe("New password should be different from the old password.");

    const weak = await c.auth.updateUser({ password: "weakpass" });
    expect(weak.error?.code).toBe("weak_password");
    expect(weak.error && "reasons" in weak.error ? weak.error.reasons : undefined).toEqual(["characters"]);

    const updated = await c.auth.updateUser({ password: "Brand-New#Pass7" });
    expect(updated.error).toBeNull();
    expect((await h.client().auth.signInWithPassword({ email, password: TEST_PASSWORD })).error?.code).toBe(
      "invalid_credentials",
    );
    expect((await h.client().auth.signInWithPassword({ email, password: "Brand-New#Pass7" })).error).toBeNull();
  });

  it("in the implicit flow the link lands with type=recovery and a session in the fragment", async () => {
    const email = await confirmedUser();
    await h.client().auth.resetPasswordForEmail(email, { redirectTo: `${APP_URL}/` });
    const { location } = await redirectTarget(findLink(await h.mail.latest(email)));
    const params = fragmentParams(location);
    expect(params.get("type")).toBe("recovery");
    expect(params.get("access_token")).toEqual(expect.any(String));
  });

  it("verifyOtp with the recovery token hash emits PASSWORD_RECOVERY", async () => {
    const email = await confirmedUser();
    await h.client().auth.resetPasswordForEmail(email);
    const token = new URL(findLink(await h.mail.latest(email))).searchParams.get("token") ?? "";
    const c = h.client();
    const events: AuthChangeEvent[] = [];
    c.auth.onAuthStateChange((event) => void events.push(event));
    const { error } = await c.auth.verifyOtp({ token_hash: token, type: "recovery" });
    expect(error).toBeNull();
    expect(events).toContain("PASSWORD_RECOVERY");
  });

  it("answers an unknown address the same as a known one (no account probing)", async () => {
    const { data, error } = await h.client().auth.resetPasswordForEmail(uniqueEmail("ghost"));
    expect(error).toBeNull();
    expect(data).toEqual({});
  });
});

describe("the current user", () => {
  it("merges metadata updates and keeps identity claims", async () => {
    const email = await confirmedUser();
    const c = h.client();
    await c.auth.signInWithPassword({ email, password: TEST_PASSWORD });
    const { data, error } = await c.auth.updateUser({ data: { full_name: "Grace Hopper", name: "Grace" } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ full_name: "Grace Hopper", name: "Grace" });
    const removed = await c.auth.updateUser({ data: { name: null } });
    expect(removed.data.user?.user_metadata).not.toHaveProperty("name");
  });

  it("rejects the anon key as a user token (bad_jwt) and garbage tokens", async () => {
    const c = h.client();
    const anon = await c.auth.getUser((await import("../../server/src/config")).LOCAL_SUPABASE.anonKey);
    expect(anon.error?.code).toBe("bad_jwt");
    expect(anon.error?.message).toBe("invalid claim: missing sub claim");
    const garbage = await c.auth.getUser("not.a.jwt");
    expect(garbage.error?.code).toBe("bad_jwt");
  });
});

describe("sign-out scopes", () => {
  async function threeSessions(email: string) {
    const clients = [h.client(), h.client(), h.client()];
    const tokens: string[] = [];
    for (const c of clients) {
      const { data } = await c.auth.signInWithPassword({ email, password: TEST_PASSWORD });
      tokens.push(data.session?.access_token ?? "");
    }
    return { clients, tokens };
  }
  // GoTrue answers 403 session_not_found, which auth-js surfaces as AuthSessionMissingError.
  const sessionAlive = async (token: string) => {
    const { error } = await h.client().auth.getUser(token);
    if (!error) return "alive";
    return isAuthSessionMissingError(error) ? "session_not_found" : error.code;
  };

  it("local ends only this session", async () => {
    const { clients, tokens } = await threeSessions(await confirmedUser());
    expect((await clients[0]!.auth.signOut({ scope: "local" })).error).toBeNull();
    expect(await sessionAlive(tokens[0]!)).toBe("session_not_found");
    expect(await sessionAlive(tokens[1]!)).toBe("alive");
  });

  it("others ends every session but this one", async () => {
    const { clients, tokens } = await threeSessions(await confirmedUser());
    expect((await clients[0]!.auth.signOut({ scope: "others" })).error).toBeNull();
    expect(await sessionAlive(tokens[0]!)).toBe("alive");
    expect(await sessionAlive(tokens[1]!)).toBe("session_not_found");
    expect(await sessionAlive(tokens[2]!)).toBe("session_not_found");
  });

  it("global (the default) ends every session and clears the client's own", async () => {
    const { clients, tokens } = await threeSessions(await confirmedUser());
    expect((await clients[0]!.auth.signOut()).error).toBeNull();
    for (const t of tokens) expect(await sessionAlive(t)).toBe("session_not_found");
    expect((await clients[0]!.auth.getSession()).data.session).toBeNull();
  });
});

describe("other mail flows", () => {
  it("changes the email once the new address follows its link", async () => {
    const email = await confirmedUser();
    const c = h.client();
    await c.auth.signInWithPassword({ email, password: TEST_PASSWORD });
    const newEmail = uniqueEmail("moved");
    const { data, error } = await c.auth.updateUser({ email: newEmail }, { emailRedirectTo: `${APP_URL}/` });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, new_email: newEmail });
    const link = findLink(await h.mail.latest(newEmail, { subject: "Confirm Email Change" }));
    expect(link).toContain("type=email_change");
    expect(fragmentParams((await redirectTarget(link)).location).get("access_token")).toEqual(expect.any(String));
    expect((await h.client().auth.signInWithPassword({ email: newEmail, password: TEST_PASSWORD })).error).toBeNull();
    expect((await h.client().auth.signInWithPassword({ email, password: TEST_PASSWORD })).error?.code).toBe(
      "invalid_credentials",
    );
  });

  it("signs in with a magic link (signInWithOtp)", async () => {
    const email = await confirmedUser();
    const { error } = await h
      .client()
      .auth.signInWithOtp({ email, options: { emailRedirectTo: `${APP_URL}/`, shouldCreateUser: false } });
    expect(error).toBeNull();
    const link = findLink(await h.mail.latest(email, { subject: "Your Magic Link" }));
    const params = fragmentParams((await redirectTarget(link)).location);
    expect(params.get("type")).toBe("magiclink");
    expect(params.get("access_token")).toEqual(expect.any(String));
  });

  it("limits verification attempts per client (over_request_rate_limit)", async () => {
    const strict = await startAuthHarness({ configOverrides: { rateLimit: { tokenVerifications: 2 } } });
    try {
      const attempt = () =>
        strict.client().auth.verifyOtp({ email: "founder@example.com", token: "000000", type: "email" });
      expect((await attempt()).error?.code).toBe("otp_expired");
      expect((await attempt()).error?.code).toBe("otp_expired");
      const limited = await attempt();
      expect(limited.error?.code).toBe("over_request_rate_limit");
      expect(limited.error?.status).toBe(429);
    } finally {
      await strict.close();
    }
  });
});
