// Anonymous sign-ins when `[auth] enable_anonymous_sign_ins` is on, through the real
// supabase-js: the anonymous user and its claims, what it may not do, and its conversion to a
// permanent user by updateUser with an address (confirmed by mail, or at once with confirmations off).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { findOtp } from "../support/mail";
import { startAuthHarness, type AuthHarness } from "../support/auth-harness";
import { TEST_PASSWORD, uniqueEmail } from "../support/founders";

let h: AuthHarness;
let autoconfirm: AuthHarness;
beforeAll(async () => {
  [h, autoconfirm] = await Promise.all([
    startAuthHarness({ configOverrides: { enableAnonymousSignIns: true } }),
    startAuthHarness({ configOverrides: { enableAnonymousSignIns: true, email: { enableConfirmations: false } } }),
  ]);
});
afterAll(async () => Promise.all([h?.close(), autoconfirm?.close()]));

async function anonymous(harness: AuthHarness = h) {
  const c = harness.client();
  const { data, error } = await c.auth.signInAnonymously({ options: { data: { theme: "dark" } } });
  if (error || !data.session || !data.user) throw error ?? new Error("no session");
  return { c, session: data.session, user: data.user };
}

describe("signInAnonymously", () => {
  it("gives a session for a user with no address, no identity and is_anonymous in user and token", async () => {
    const { c, session, user } = await anonymous();
    expect(user).toMatchObject({
      email: "",
      phone: "",
      is_anonymous: true,
      identities: [],
      app_metadata: {},
      user_metadata: { theme: "dark" },
    });
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({ sub: user.id, is_anonymous: true, role: "authenticated", aal: "aal1", email: "" });
    expect(claims.amr).toEqual([expect.objectContaining({ method: "anonymous" })]);
    // The token verifies against the JWKS, and a refresh keeps the user anonymous.
    const verified = await c.auth.getClaims();
    expect(verified.error).toBeNull();
    expect(verified.data?.claims.is_anonymous).toBe(true);
    const refreshed = await c.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session?.access_token ?? "").is_anonymous).toBe(true);
    const { data } = await h.admin().auth.admin.getUserById(user.id);
    expect(data.user?.is_anonymous).toBe(true);
  });

  it("may not enrol a second factor (403 no_authorization) and enrols nothing", async () => {
    const { c, user } = await anonymous();
    const { error } = await c.auth.mfa.enroll({ factorType: "totp" });
    expect(error).toMatchObject({
      status: 403,
      code: "no_authorization",
      message: "Anonymous user not allowed to perform these actions",
    });
    const { data } = await h.admin().auth.admin.mfa.listFactors({ userId: user.id });
    expect(data?.factors).toEqual([]);
  });

  it("may not set a password without an address (422 validation_failed), changing nothing", async () => {
    const { c, user } = await anonymous();
    const { error } = await c.auth.updateUser({ password: TEST_PASSWORD });
    expect(error).toMatchObject({
      status: 422,
      code: "validation_failed",
      message: "Updating password of an anonymous user without an email or phone is not allowed",
    });
    const { data } = await h.admin().auth.admin.getUserById(user.id);
    expect(data.user).toMatchObject({ is_anonymous: true, email: "", updated_at: user.updated_at });
  });

  it("is limited per address like GoTrue's anonymous_users limit (429 over_request_rate_limit)", async () => {
    const tight = await startAuthHarness({
      configOverrides: { enableAnonymousSignIns: true, rateLimit: { anonymousUsers: 2 } },
    });
    try {
      const seeded = (await tight.admin().auth.admin.listUsers()).data.users.length;
      expect((await tight.client().auth.signInAnonymously()).error).toBeNull();
      expect((await tight.client().auth.signInAnonymously()).error).toBeNull();
      const { data, error } = await tight.client().auth.signInAnonymously();
      expect(error).toMatchObject({ status: 429, code: "over_request_rate_limit" });
      expect(data.session).toBeNull();
      const { data: list } = await tight.admin().auth.admin.listUsers();
      expect(list.users).toHaveLength(seeded + 2);
    } finally {
      await tight.close();
    }
  });

  it("with sign-ups off answers 422 signup_disabled and creates nobody", async () => {
    const closed = await startAuthHarness({ configOverrides: { enableAnonymousSignIns: true, enableSignup: false } });
    try {
      const seeded = (await closed.admin().auth.admin.listUsers()).data.users.length;
      const { error } = await closed.client().auth.signInAnonymously();
      expect(error).toMatchObject({
        status: 422,
        code: "signup_disabled",
        message: "Signups not allowed for this instance",
      });
      const { data } = await closed.admin().auth.admin.listUsers();
      expect(data.users).toHaveLength(seeded);
    } finally {
      await closed.close();
    }
  });
});

describe("conversion to a permanent user", () => {
  it("with confirmations on: updateUser({ email, password }) mails the new address; its code makes the user permanent", async () => {
    const { c, user } = await anonymous();
    const email = uniqueEmail("anon");
    const updated = await c.auth.updateUser({ email, password: TEST_PASSWORD });
    expect(updated.error).toBeNull();
    // Still anonymous until the address is confirmed (GoTrue's TestConvertAnonymousUserToPermanent).
    expect(updated.data.user).toMatchObject({ is_anonymous: true, email: "", new_email: email });
    // The password is set already, but the address is not the user's yet.
    expect((await h.client().auth.signInWithPassword({ email, password: TEST_PASSWORD })).error).toMatchObject({
      code: "invalid_credentials",
    });

    const otp = findOtp(await h.mail.latest(email, { subject: "Confirm Email Change" }));
    const verified = await c.auth.verifyOtp({ email, token: otp, type: "email_change" });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({
      id: user.id,
      email,
      is_anonymous: false,
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: { theme: "dark" },
    });
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    expect(verified.data.user?.identities).toEqual([
      expect.objectContaining({
        provider: "email",
        identity_data: expect.objectContaining({ email, email_verified: true }),
      }),
    ]);
    expect(decodeJwt(verified.data.session?.access_token ?? "").is_anonymous).toBe(false);

    const signIn = await h.client().auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.id).toBe(user.id);
  });

  it("an address another account holds is refused (422 email_exists) and the user stays anonymous", async () => {
    const taken = uniqueEmail("taken");
    await h.admin().auth.admin.createUser({ email: taken, password: TEST_PASSWORD, email_confirm: true });
    const { c, user } = await anonymous();
    const { error } = await c.auth.updateUser({ email: taken });
    expect(error).toMatchObject({ status: 422, code: "email_exists" });
    const { data } = await h.admin().auth.admin.getUserById(user.id);
    expect(data.user).toMatchObject({ is_anonymous: true, email: "" });
  });

  it("with confirmations off: updateUser({ email }) makes the user permanent at once", async () => {
    const { c, user } = await anonymous(autoconfirm);
    const email = uniqueEmail("anon-auto");
    const { data, error } = await c.auth.updateUser({ email });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      id: user.id,
      email,
      is_anonymous: false,
      app_metadata: { provider: "email", providers: ["email"] },
    });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const refreshed = await c.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session?.access_token ?? "")).toMatchObject({ is_anonymous: false, email });
  });
});
