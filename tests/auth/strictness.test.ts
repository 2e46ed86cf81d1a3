// The emulator is as strict as GoTrue (and, where GoTrue leaves a gap a CI would
// trust, stricter), checked through the real supabase-js: redirect_to read the way a browser
// reads it, a TOTP code accepted once per factor and time step, failed passwords and codes
// limited per account, and no e-mail change from an aal1 session of a user with a second factor.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { findLink } from "../support/mail";
import { secretFromUri, totpCode } from "../support/totp";
import { startAuthHarness, type AuthHarness } from "../support/auth-harness";
import { TEST_PASSWORD, uniqueEmail } from "../support/founders";

const SITE_URL = "http://localhost:3000";
const ACCOUNT_BUDGET = 3;

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness({
    configOverrides: { siteUrl: SITE_URL, rateLimit: { failedAttemptsPerAccount: ACCOUNT_BUDGET } },
  });
});
afterAll(async () => h?.close());

async function confirmedUser(label: string): Promise<{ email: string; id: string }> {
  const email = uniqueEmail(label);
  const { data, error } = await h
    .admin()
    .auth.admin.createUser({ email, password: TEST_PASSWORD, email_confirm: true });
  if (error || !data.user) throw error ?? new Error("no user");
  return { email, id: data.user.id };
}

async function signedIn(email: string): Promise<SupabaseClient> {
  const c = h.client();
  const { error } = await c.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  if (error) throw error;
  return c;
}

/** A user with a verified TOTP factor; returns the secret and a client at aal2. */
async function enrolled(
  label: string,
): Promise<{ email: string; id: string; factorId: string; secret: string; c: SupabaseClient }> {
  const user = await confirmedUser(label);
  const c = await signedIn(user.email);
  const { data, error } = await c.auth.mfa.enroll({ factorType: "totp", friendlyName: "phone" });
  if (error || !data) throw error ?? new Error("no factor");
  const secret = secretFromUri(data.totp.uri);
  const verified = await c.auth.mfa.challengeAndVerify({ factorId: data.id, code: totpCode(secret) });
  if (verified.error) throw verified.error;
  return { ...user, factorId: data.id, secret, c };
}

describe("redirect_to is read the way a browser reads it", () => {
  it.each([
    "http://evil.example\\@localhost:3000/",
    "http://localhost:3000\\@evil.example/",
    "http://evil.example%2f@localhost:3000/",
  ])("a recovery link asked for %s hands its tokens to SITE_URL, never to a foreign host", async (redirectTo) => {
    const user = await confirmedUser("redirect");
    const { error } = await h.client().auth.resetPasswordForEmail(user.email, { redirectTo });
    expect(error).toBeNull();
    const followed = await fetch(findLink(await h.mail.latest(user.email)), { redirect: "manual" });
    expect(followed.status).toBe(303);
    const location = followed.headers.get("location") ?? "";
    // Judged by the WHATWG parser, as the browser following the redirect will.
    expect(new URL(location).host).toBe("localhost:3000");
    expect(location.startsWith(`${SITE_URL}/#`) || location.startsWith(`${SITE_URL}#`), location).toBe(true);
    expect(location).not.toContain("evil");
  });
});

describe("a TOTP code works once per factor and time step", () => {
  it("the same code on a second sign-in is refused with mfa_verification_failed, and the session stays aal1", async () => {
    const u = await enrolled("replay");
    const code = totpCode(u.secret); // the code just used to verify the factor
    const again = await signedIn(u.email);
    const replay = await again.auth.mfa.challengeAndVerify({ factorId: u.factorId, code });
    expect(replay.error).toMatchObject({
      status: 422,
      code: "mfa_verification_failed",
      message: "Invalid TOTP code entered",
    });
    expect((await again.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe("aal1");
    // The authenticator's next code (one step ahead, inside GoTrue's ±1 step window) works.
    const next = await again.auth.mfa.challengeAndVerify({
      factorId: u.factorId,
      code: totpCode(u.secret, new Date(Date.now() + 30_000)),
    });
    expect(next.error).toBeNull();
    expect((await again.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe("aal2");
  });
});

describe("failed attempts are limited per account", () => {
  it("wrong passwords for one account run into 429, then even the right one is refused; other accounts are untouched", async () => {
    const victim = await confirmedUser("guessed");
    const bystander = await confirmedUser("bystander");
    const c = h.client();
    for (let i = 0; i < ACCOUNT_BUDGET; i++) {
      const { error } = await c.auth.signInWithPassword({ email: victim.email, password: `Wrong#Pass${i}` });
      expect(error).toMatchObject({ status: 400, code: "invalid_credentials" });
    }
    const right = await c.auth.signInWithPassword({ email: victim.email, password: TEST_PASSWORD });
    expect(right.error).toMatchObject({ status: 429, code: "over_request_rate_limit" });
    expect(right.data.session).toBeNull();
    // The per-address budget (300) is far from spent: the same address signs in to another account.
    expect(
      (await h.client().auth.signInWithPassword({ email: bystander.email, password: TEST_PASSWORD })).error,
    ).toBeNull();
  });

  it("wrong TOTP codes for one account run into 429, then even the right code is refused", async () => {
    const u = await enrolled("codes");
    const c = await signedIn(u.email);
    const right = totpCode(u.secret, new Date(Date.now() + 30_000));
    const wrong = right === "000000" ? "111111" : "000000";
    for (let i = 0; i < ACCOUNT_BUDGET; i++) {
      const { error } = await c.auth.mfa.challengeAndVerify({ factorId: u.factorId, code: wrong });
      expect(error).toMatchObject({ status: 422, code: "mfa_verification_failed" });
    }
    const { error } = await c.auth.mfa.challengeAndVerify({ factorId: u.factorId, code: right });
    expect(error).toMatchObject({ status: 429, code: "over_request_rate_limit" });
    expect((await c.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe("aal1");
  });
});

describe("an aal1 session of a user with a verified factor cannot change credentials", () => {
  it("updateUser({ email }) at aal1 is refused with insufficient_aal (401) and changes nothing; at aal2 it proceeds", async () => {
    const u = await enrolled("change");
    await h.mail.clear();
    const aal1 = await signedIn(u.email);
    const newEmail = uniqueEmail("changed");
    const refused = await aal1.auth.updateUser({ email: newEmail });
    expect(refused.error).toMatchObject({
      status: 401,
      code: "insufficient_aal",
      message: "AAL2 session is required to update email or password when MFA is enabled.",
    });
    const stored = (await h.admin().auth.admin.getUserById(u.id)).data.user;
    expect(stored?.email).toBe(u.email);
    expect(stored?.new_email).toBeUndefined();
    expect(await h.mail.inbox(newEmail)).toEqual([]);
    // The same address again is no change, so aal1 may send it (GoTrue compares with the current one).
    expect((await aal1.auth.updateUser({ email: u.email })).error).toBeNull();
    // The aal2 session from enrolment may change it.
    const allowed = await u.c.auth.updateUser({ email: newEmail });
    expect(allowed.error).toBeNull();
    expect(allowed.data.user?.new_email).toBe(newEmail);
  });
});
