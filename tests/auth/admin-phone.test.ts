// Admin createUser with a phone, as GoTrue's adminUserCreate: phone alone or with an
// address, phone_confirm, GoTrue's E.164 check, a number another user holds refused, and no
// provider switch (admins create phone users even while phone sign-up is off).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthHarness, type AuthHarness } from "../support/auth-harness";
import { TEST_PASSWORD, uniqueEmail } from "../support/founders";

let off: AuthHarness; // the shipped config: phone sign-up off
let sms: AuthHarness; // phone sign-in on, so the created user can sign in by number
beforeAll(async () => {
  [off, sms] = await Promise.all([
    startAuthHarness(),
    startAuthHarness({ configOverrides: { sms: { enableSignup: true } } }),
  ]);
});
afterAll(async () => Promise.all([off?.close(), sms?.close()]));

let next = 0;
/** A number no other test in this file uses (E.164 digits, as GoTrue stores them). */
const uniquePhone = () => `1555${String(process.pid % 1000).padStart(3, "0")}${String((next += 1)).padStart(4, "0")}`;

async function userCount(h: AuthHarness): Promise<number> {
  return (await h.admin().auth.admin.listUsers({ perPage: 1000 })).data.users.length;
}

describe("admin createUser with a phone", () => {
  it("creates a phone-only user: number stored without '+' or spaces, confirmed when asked, a phone identity, metadata as sent", async () => {
    const phone = uniquePhone();
    const spaced = `+${phone.slice(0, 1)} ${phone.slice(1, 4)} ${phone.slice(4)}`;
    const { data, error } = await off.admin().auth.admin.createUser({
      phone: spaced,
      phone_confirm: true,
      password: TEST_PASSWORD,
      user_metadata: { plan: "pro" },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email: "",
      phone,
      app_metadata: { provider: "phone", providers: ["phone"] },
      user_metadata: { plan: "pro" },
      is_anonymous: false,
    });
    expect(data.user?.phone_confirmed_at).toEqual(expect.any(String));
    expect(data.user?.confirmed_at).toEqual(data.user?.phone_confirmed_at);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.identities).toEqual([
      expect.objectContaining({
        provider: "phone",
        id: data.user?.id,
        identity_data: { sub: data.user?.id, phone, email_verified: false, phone_verified: false },
      }),
    ]);
  });

  it("leaves the number unconfirmed without phone_confirm", async () => {
    const { data, error } = await off.admin().auth.admin.createUser({ phone: `+${uniquePhone()}` });
    expect(error).toBeNull();
    expect(data.user?.phone_confirmed_at).toBeUndefined();
    expect(data.user?.confirmed_at).toBeUndefined();
  });

  it("with an address too: both identities, providers email then phone", async () => {
    const email = uniqueEmail("both");
    const phone = uniquePhone();
    const { data, error } = await off
      .admin()
      .auth.admin.createUser({ email, phone, email_confirm: true, phone_confirm: true });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      phone,
      app_metadata: { provider: "email", providers: ["email", "phone"] },
    });
    expect(data.user?.identities?.map((i) => i.provider)).toEqual(["email", "phone"]);
  });

  it("refuses a number that is not E.164 (400 validation_failed) and creates nothing", async () => {
    const before = await userCount(off);
    for (const phone of ["1", "+0123456789", "555-0100", "+1555010020012345"]) {
      const { error } = await off.admin().auth.admin.createUser({ phone });
      expect(error, phone).toMatchObject({
        status: 400,
        code: "validation_failed",
        message: "Invalid phone number format (E.164 required)",
      });
    }
    expect(await userCount(off)).toBe(before);
  });

  it("refuses a number another user holds (422 phone_exists), with or without '+', and creates nothing", async () => {
    const phone = uniquePhone();
    expect((await off.admin().auth.admin.createUser({ phone })).error).toBeNull();
    const before = await userCount(off);
    for (const again of [phone, `+${phone}`]) {
      const { error } = await off.admin().auth.admin.createUser({ phone: again, email: uniqueEmail("dup") });
      expect(error).toMatchObject({
        status: 422,
        code: "phone_exists",
        message: "Phone number already registered by another user",
      });
    }
    expect(await userCount(off)).toBe(before);
  });

  it("checks the address before the number, and needs one of them (400)", async () => {
    const { error: taken } = await off.admin().auth.admin.createUser({ email: "not an address", phone: "1" });
    expect(taken).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "Unable to validate email address: invalid format",
    });
    const { error: none } = await off.admin().auth.admin.createUser({ user_metadata: { a: 1 } });
    expect(none).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "Cannot create a user without either an email or phone",
    });
  });

  it("a confirmed phone user signs in with number and password where phone sign-in is on", async () => {
    const phone = uniquePhone();
    expect(
      (await sms.admin().auth.admin.createUser({ phone: `+${phone}`, password: TEST_PASSWORD, phone_confirm: true }))
        .error,
    ).toBeNull();
    const { data, error } = await sms.client().auth.signInWithPassword({ phone: `+${phone}`, password: TEST_PASSWORD });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ phone, email: "" });
  });
});
