// Where a new user's data lands, path by path, as GoTrue puts it (signup.go, admin.go, invite.go,
// mail.go, anonymous.go), through the real supabase-js. Two rules: the sign-up paths (signUp, OTP
// sign-up, phone sign-up) make user_metadata a copy of the identity's claims with `data` added
// under them; the admin paths (createUser, inviteUserByEmail, generateLink) keep user_metadata
// exactly as sent and leave the claims (sub, email, email_verified, phone_verified) to the
// identity's identity_data alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "@supabase/supabase-js";
import { startAuthHarness, type AuthHarness } from "../support/auth-harness";
import { TEST_PASSWORD, uniqueEmail } from "../support/founders";

const DATA = { full_name: "Ada Lovelace", plan: "pro" };

let h: AuthHarness; // the project's config.toml: mail confirmations on
let auto: AuthHarness; // confirmations off, anonymous sign-ins and phone sign-up on
beforeAll(async () => {
  [h, auto] = await Promise.all([
    startAuthHarness(),
    startAuthHarness({
      configOverrides: {
        enableAnonymousSignIns: true,
        email: { enableConfirmations: false },
        sms: { enableSignup: true, enableConfirmations: false, testOtp: { "15550001111": "123456" } },
      },
    }),
  ]);
});
afterAll(async () => Promise.all([h?.close(), auto?.close()]));

async function stored(harness: AuthHarness, id: string | undefined): Promise<User> {
  const { data, error } = await harness.admin().auth.admin.getUserById(id ?? "");
  if (error || !data.user) throw error ?? new Error("no user");
  return data.user;
}

const claims = (user: User, email: string, emailVerified = false) => ({
  sub: user.id,
  email,
  email_verified: emailVerified,
  phone_verified: false,
});

describe("admin paths keep user_metadata exactly as sent", () => {
  it("generateLink signup: user_metadata is `data`, the claims are the identity's only", async () => {
    const email = uniqueEmail("gl-signup");
    const { data, error } = await h
      .admin()
      .auth.admin.generateLink({ type: "signup", email, password: TEST_PASSWORD, options: { data: DATA } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual(DATA);
    const user = await stored(h, data.user?.id);
    expect(user.user_metadata).toEqual(DATA);
    expect(user.identities).toEqual([
      expect.objectContaining({ provider: "email", identity_data: claims(user, email) }),
    ]);
  });

  it("generateLink signup again for the unconfirmed user merges the new data (null deletes a key)", async () => {
    const email = uniqueEmail("gl-again");
    await h
      .admin()
      .auth.admin.generateLink({ type: "signup", email, password: TEST_PASSWORD, options: { data: DATA } });
    const { data } = await h.admin().auth.admin.generateLink({
      type: "signup",
      email,
      password: TEST_PASSWORD,
      options: { data: { plan: null, team: "a" } },
    });
    expect(data.user?.user_metadata).toEqual({ full_name: "Ada Lovelace", team: "a" });
  });

  it("generateLink invite and inviteUserByEmail: user_metadata is `data`", async () => {
    for (const invite of [
      (email: string) => h.admin().auth.admin.generateLink({ type: "invite", email, options: { data: DATA } }),
      (email: string) => h.admin().auth.admin.inviteUserByEmail(email, { data: DATA }),
    ]) {
      const email = uniqueEmail("invite");
      const { data, error } = await invite(email);
      expect(error).toBeNull();
      const user = await stored(h, data.user?.id);
      expect(user).toMatchObject({ user_metadata: DATA, invited_at: expect.any(String) });
      expect(user.identities?.[0]?.identity_data).toEqual(claims(user, email));
    }
  });

  it("generateLink magiclink for an unknown address signs it up (verification_type signup), data as sent", async () => {
    const email = uniqueEmail("gl-magic");
    const { data, error } = await h
      .admin()
      .auth.admin.generateLink({ type: "magiclink", email, options: { data: DATA } });
    expect(error).toBeNull();
    expect(data.properties?.verification_type).toBe("signup");
    const user = await stored(h, data.user?.id);
    expect(user).toMatchObject({ email, user_metadata: DATA });
    expect(user.identities?.[0]?.identity_data).toEqual(claims(user, email));
    // The link confirms the address and signs in.
    const c = h.client();
    const verified = await c.auth.verifyOtp({ token_hash: data.properties?.hashed_token ?? "", type: "signup" });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.user_metadata).toEqual({ ...DATA, email_verified: true });
  });

  it("createUser: user_metadata as sent (plus email_verified when the admin confirms); the identity stays unverified", async () => {
    const email = uniqueEmail("admin-md");
    const { data } = await h.admin().auth.admin.createUser({ email, password: TEST_PASSWORD, user_metadata: DATA });
    expect(data.user?.user_metadata).toEqual(DATA);
    const confirmedEmail = uniqueEmail("admin-md-ok");
    const confirmed = await h.admin().auth.admin.createUser({
      email: confirmedEmail,
      password: TEST_PASSWORD,
      email_confirm: true,
      user_metadata: DATA,
    });
    const user = await stored(h, confirmed.data.user?.id);
    expect(user.user_metadata).toEqual({ ...DATA, email_verified: true });
    // models.User.Confirm touches user_metadata only.
    expect(user.identities?.[0]?.identity_data).toEqual(claims(user, confirmedEmail));
  });
});

describe("sign-up paths copy the identity's claims, with `data` under them", () => {
  it("signUp (confirmation mail): both carry the claims and the data; data never overrides a claim", async () => {
    const email = uniqueEmail("su-md");
    const { data, error } = await h.client().auth.signUp({
      email,
      password: TEST_PASSWORD,
      options: { data: { ...DATA, email: "spoof@example.com", sub: "x" } },
    });
    expect(error).toBeNull();
    const user = await stored(h, data.user?.id);
    const expected = { ...DATA, ...claims(user, email) };
    expect(user.user_metadata).toEqual(expected);
    expect(user.identities?.[0]?.identity_data).toEqual(expected);
  });

  it("signUp with confirmations off: the same, email_verified", async () => {
    const email = uniqueEmail("su-auto");
    const { data } = await auto.client().auth.signUp({ email, password: TEST_PASSWORD, options: { data: DATA } });
    const user = await stored(auto, data.user?.id);
    expect(user.user_metadata).toEqual({ ...DATA, ...claims(user, email, true) });
    expect(user.identities?.[0]?.identity_data).toMatchObject(DATA);
  });

  it("signInWithOtp for a new address signs up the same way", async () => {
    const email = uniqueEmail("otp-md");
    expect((await h.client().auth.signInWithOtp({ email, options: { data: DATA } })).error).toBeNull();
    const listed = (await h.admin().auth.admin.listUsers({ perPage: 1000 })).data.users.find((u) => u.email === email);
    const user = await stored(h, listed?.id);
    expect(user.user_metadata).toEqual({ ...DATA, ...claims(user, email) });
    expect(user.identities?.[0]?.identity_data).toEqual({ ...DATA, ...claims(user, email) });
  });

  it("phone signUp: the phone identity's claims (no address, no phone key) with the data, in both places", async () => {
    const { data, error } = await auto
      .client()
      .auth.signUp({ phone: "+15550001111", password: TEST_PASSWORD, options: { data: DATA } });
    expect(error).toBeNull();
    const user = await stored(auto, data.user?.id);
    const expected = { ...DATA, sub: user.id, email_verified: false, phone_verified: false };
    expect(user.user_metadata).toEqual(expected);
    expect(user.identities).toEqual([expect.objectContaining({ provider: "phone", identity_data: expected })]);
  });

  it("signInAnonymously: user_metadata is `data`, no identity", async () => {
    const { data, error } = await auto.client().auth.signInAnonymously({ options: { data: DATA } });
    expect(error).toBeNull();
    const user = await stored(auto, data.user?.id);
    expect(user).toMatchObject({ user_metadata: DATA, identities: [] });
  });
});
