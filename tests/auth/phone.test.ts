// Phone sign-up and OTP sign-in through the real supabase-js, on only when
// `[auth.sms] enable_signup` is (the shipped config.toml keeps it off). No SMS provider: the
// `[auth.sms.test_otp]` numbers get their fixed code; any other number gets GoTrue's answer for a
// missing provider. verifyOtp with type sms / phone_change, and GoTrue's E.164 check.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { decodeJwt } from "jose";
import { startAuthHarness, type AuthHarness } from "../support/auth-harness";
import { TEST_PASSWORD } from "../support/founders";

const TEST_OTP = {
  "15550000001": "123456",
  "15550000002": "234567",
  "15550000003": "345678",
  "15550000004": "456789",
  "15550000005": "567890",
  "15550000006": "678901",
};
const E164 = { status: 400, code: "validation_failed", message: "Invalid phone number format (E.164 required)" };

let confirm: AuthHarness; // [auth.sms] enable_confirmations = true: a code confirms sign-ups
let auto: AuthHarness; // enable_confirmations = false: sign-ups get a session at once
let off: AuthHarness; // the shipped config: phone off
beforeAll(async () => {
  [confirm, auto, off] = await Promise.all([
    startAuthHarness({
      configOverrides: { sms: { enableSignup: true, enableConfirmations: true, maxFrequency: 0, testOtp: TEST_OTP } },
    }),
    startAuthHarness({
      configOverrides: { sms: { enableSignup: true, enableConfirmations: false, maxFrequency: 0, testOtp: TEST_OTP } },
    }),
    startAuthHarness(),
  ]);
});
afterAll(async () => Promise.all([confirm?.close(), auto?.close(), off?.close()]));

async function userCount(h: AuthHarness) {
  return (await h.admin().auth.admin.listUsers({ perPage: 1000 })).data.users.length;
}

describe("phone off (the shipped config.toml)", () => {
  it("sign-up, OTP and password sign-in by phone answer GoTrue's 'disabled' errors and create nothing", async () => {
    const before = await userCount(off);
    expect((await off.client().auth.signUp({ phone: "+15550000001", password: TEST_PASSWORD })).error).toMatchObject({
      status: 422,
      code: "phone_provider_disabled",
    });
    expect((await off.client().auth.signInWithOtp({ phone: "+15550000001" })).error).toMatchObject({
      status: 400,
      code: "phone_provider_disabled",
      message: "Unsupported phone provider",
    });
    expect(
      (await off.client().auth.signInWithPassword({ phone: "+15550000001", password: TEST_PASSWORD })).error,
    ).toMatchObject({ status: 400, code: "phone_provider_disabled" });
    expect(await userCount(off)).toBe(before);
  });
});

describe("phone sign-up with SMS confirmations on", () => {
  it("signUp sends the test number's code; verifyOtp type sms confirms and signs in; then the password works", async () => {
    const signUp = await confirm
      .client()
      .auth.signUp({ phone: "+1 555 000 0001", password: TEST_PASSWORD, options: { data: { nickname: "Ada" } } });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user).toMatchObject({
      phone: "15550000001",
      email: "",
      app_metadata: { provider: "phone", providers: ["phone"] },
      user_metadata: { nickname: "Ada" },
    });
    expect(signUp.data.user?.phone_confirmed_at).toBeUndefined();
    expect(
      (await confirm.client().auth.signInWithPassword({ phone: "+15550000001", password: TEST_PASSWORD })).error,
    ).toMatchObject({ status: 400, code: "phone_not_confirmed", message: "Phone not confirmed" });

    const c = confirm.client();
    expect((await c.auth.verifyOtp({ phone: "+15550000001", token: "000000", type: "sms" })).error).toMatchObject({
      status: 403,
      code: "otp_expired",
      message: "Token has expired or is invalid",
    });
    const verified = await c.auth.verifyOtp({ phone: "+15550000001", token: "123456", type: "sms" });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.phone_confirmed_at).toEqual(expect.any(String));
    // models.User.ConfirmPhone sets phone_confirmed_at only: the sign-up claims stay as they were.
    expect(verified.data.user?.identities).toEqual([
      expect.objectContaining({
        provider: "phone",
        identity_data: { nickname: "Ada", sub: verified.data.user?.id, email_verified: false, phone_verified: false },
      }),
    ]);
    expect(decodeJwt(verified.data.session?.access_token ?? "")).toMatchObject({
      phone: "15550000001",
      amr: [expect.objectContaining({ method: "otp" })],
    });
    // The code is spent.
    expect(
      (await confirm.client().auth.verifyOtp({ phone: "+15550000001", token: "123456", type: "sms" })).error,
    ).toMatchObject({ status: 403, code: "otp_expired" });

    const signIn = await confirm.client().auth.signInWithPassword({ phone: "+15550000001", password: TEST_PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.id).toBe(signUp.data.user?.id);
    expect(
      (await confirm.client().auth.signUp({ phone: "+15550000001", password: TEST_PASSWORD })).error,
    ).toMatchObject({ status: 422, code: "user_already_exists" });
  });

  it("a number without a test code gets GoTrue's missing-provider answer (500) and no user is left", async () => {
    const before = await userCount(confirm);
    // auth-js reads no code from a 500 (it treats it as retryable), so the body is read over HTTP too.
    const { error } = await confirm.client().auth.signUp({ phone: "+15559999999", password: TEST_PASSWORD });
    expect(error).toMatchObject({ status: 500, name: "AuthRetryableFetchError" });
    const res = await fetch(`${confirm.url}/auth/v1/signup`, {
      method: "POST",
      headers: {
        apikey: confirm.emulator.anonKey,
        "content-type": "application/json",
        "x-supabase-api-version": "2024-01-01",
      },
      body: JSON.stringify({ phone: "+15559999999", password: TEST_PASSWORD }),
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ code: "unexpected_failure", message: "Unable to get SMS provider" });
    expect(await userCount(confirm)).toBe(before);
  });

  it("signInWithOtp to a number no SMS reaches keeps no user, and resend for that number then answers {}", async () => {
    const before = await userCount(confirm);
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const sent = await confirm.client().auth.signInWithOtp({ phone: "+15559999997" });
      expect(sent.error).toMatchObject({ status: 500 });
    } finally {
      logged.mockRestore();
    }
    expect(await userCount(confirm)).toBe(before);
    const resent = await confirm.client().auth.resend({ type: "sms", phone: "+15559999997" });
    expect(resent.error).toBeNull();
    expect(resent.data.messageId).toBeUndefined();
  });

  it("logs one line per missing-provider answer, with no stack trace and no number", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect((await confirm.client().auth.signInWithOtp({ phone: "+15559999998" })).error).toMatchObject({
        status: 500,
      });
      expect(logged.mock.calls).toEqual([
        ["[auth] POST /auth/v1/otp: 500 unexpected_failure: Unable to get SMS provider"],
      ]);
    } finally {
      logged.mockRestore();
    }
  });

  it.each(["+0123456", "not-a-number", "+1555000000123456789", "+1-555-000-0001"])(
    "%s fails GoTrue's E.164 check everywhere and creates nothing",
    async (phone) => {
      const before = await userCount(confirm);
      expect((await confirm.client().auth.signUp({ phone, password: TEST_PASSWORD })).error).toMatchObject(E164);
      expect((await confirm.client().auth.signInWithOtp({ phone })).error).toMatchObject(E164);
      expect((await confirm.client().auth.verifyOtp({ phone, token: "123456", type: "sms" })).error).toMatchObject(
        E164,
      );
      expect(await userCount(confirm)).toBe(before);
    },
  );

  it("signInWithOtp: a new number signs up and gets its code; shouldCreateUser false refuses a new number", async () => {
    expect(
      (await confirm.client().auth.signInWithOtp({ phone: "+15550000003", options: { shouldCreateUser: false } }))
        .error,
    ).toMatchObject({ status: 422, code: "otp_disabled", message: "Signups not allowed for otp" });
    const sent = await confirm.client().auth.signInWithOtp({ phone: "+15550000003" });
    expect(sent.error).toBeNull();
    const c = confirm.client();
    const { data, error } = await c.auth.verifyOtp({ phone: "+15550000003", token: "345678", type: "sms" });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
    // A known, confirmed number signs in with a fresh code.
    const again = await confirm.client().auth.signInWithOtp({ phone: "+15550000003" });
    expect(again.error).toBeNull();
    expect(again.data.messageId).toBe("test-otp");
    expect(
      (await confirm.client().auth.verifyOtp({ phone: "+15550000003", token: "345678", type: "sms" })).data.user?.id,
    ).toBe(data.user?.id);
  });

  it("resend type sms gives an unconfirmed number its code again; a confirmed or unknown number gets {}", async () => {
    const signUp = await confirm.client().auth.signUp({ phone: "+15550000002", password: TEST_PASSWORD });
    expect(signUp.error).toBeNull();
    const resent = await confirm.client().auth.resend({ type: "sms", phone: "+15550000002" });
    expect(resent.error).toBeNull();
    expect(resent.data.messageId).toBe("test-otp");
    expect(
      (await confirm.client().auth.verifyOtp({ phone: "+15550000002", token: "234567", type: "sms" })).error,
    ).toBeNull();
    const confirmed = await confirm.client().auth.resend({ type: "sms", phone: "+15550000002" });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.messageId).toBeUndefined();
    expect((await confirm.client().auth.resend({ type: "sms", phone: "+15551234567" })).error).toBeNull();
    expect((await off.client().auth.resend({ type: "sms", phone: "+15550000002" })).error).toMatchObject({
      status: 422,
      code: "phone_provider_disabled",
    });
  });

  it("updateUser({ phone }) sends a phone_change code to the new number; verifyOtp type phone_change moves the user", async () => {
    await confirm.client().auth.signInWithOtp({ phone: "+15550000004" });
    const c = confirm.client();
    const first = await c.auth.verifyOtp({ phone: "+15550000004", token: "456789", type: "sms" });
    expect(first.error).toBeNull();
    const taken = await c.auth.updateUser({ phone: "+15550000003" });
    expect(taken.error).toMatchObject({ status: 422, code: "phone_exists" });
    const updated = await c.auth.updateUser({ phone: "+15550000005" });
    expect(updated.error).toBeNull();
    expect(updated.data.user).toMatchObject({ phone: "15550000004", phone_change: "15550000005" });
    expect(
      (await c.auth.verifyOtp({ phone: "+15550000005", token: "000000", type: "phone_change" })).error,
    ).toMatchObject({ status: 403, code: "otp_expired" });
    // resend phone_change is asked with the current number and sends to the new one.
    expect((await confirm.client().auth.resend({ type: "phone_change", phone: "+15550000004" })).data.messageId).toBe(
      "test-otp",
    );
    const moved = await c.auth.verifyOtp({ phone: "+15550000005", token: "567890", type: "phone_change" });
    expect(moved.error).toBeNull();
    expect(moved.data.user).toMatchObject({ id: first.data.user?.id, phone: "15550000005" });
    expect((moved.data.user as unknown as Record<string, unknown>).phone_change).toBeUndefined();
  });
});

describe("phone sign-up with SMS confirmations off", () => {
  it("signUp returns a session at once; updateUser({ phone }) changes the number at once", async () => {
    const c = auto.client();
    const { data, error } = await c.auth.signUp({ phone: "+15550000006", password: TEST_PASSWORD });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
    expect(data.user?.phone_confirmed_at).toEqual(expect.any(String));
    const changed = await c.auth.updateUser({ phone: "+15550000002" });
    expect(changed.error).toBeNull();
    expect(changed.data.user).toMatchObject({ phone: "15550000002" });
    expect(
      (await auto.client().auth.signInWithPassword({ phone: "+15550000002", password: TEST_PASSWORD })).error,
    ).toBeNull();
  });

  it("/settings reports the phone provider on and phone_autoconfirm", async () => {
    const res = await fetch(`${auto.url}/auth/v1/settings`, { headers: { apikey: auto.emulator.anonKey } });
    expect(await res.json()).toMatchObject({ external: { phone: true }, phone_autoconfirm: true });
    const shipped = await fetch(`${off.url}/auth/v1/settings`, { headers: { apikey: off.emulator.anonKey } });
    expect(await shipped.json()).toMatchObject({ external: { phone: false } });
  });
});
