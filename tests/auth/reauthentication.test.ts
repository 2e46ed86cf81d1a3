// `[auth.email] secure_password_change` with reauthenticate() and the nonce, through the
// real supabase-js. GoTrue asks for the nonce only when the session was signed in more than 24 hours
// ago, so the tests move this process's clock (the emulator runs in it) past that point.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { findOtp } from "../support/mail";
import { startAuthHarness, type AuthHarness } from "../support/auth-harness";
import { TEST_PASSWORD, uniqueEmail } from "../support/founders";

const NEW_PASSWORD = "Another#Pass77";
const DAY_AND_AN_HOUR = 25 * 3600_000;

let secure: AuthHarness;
let plain: AuthHarness;
beforeAll(async () => {
  [secure, plain] = await Promise.all([
    startAuthHarness({ configOverrides: { email: { securePasswordChange: true } } }),
    startAuthHarness(),
  ]);
});
afterAll(async () => Promise.all([secure?.close(), plain?.close()]));
afterEach(() => vi.useRealTimers());

async function signedIn(h: AuthHarness) {
  const email = uniqueEmail("reauth");
  await h.admin().auth.admin.createUser({ email, password: TEST_PASSWORD, email_confirm: true });
  const c = h.client();
  const { error } = await c.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  if (error) throw error;
  return { c, email };
}

/** A day later: the session is no longer a recent sign-in; a refresh gives a token valid now. */
async function aDayLater(c: Awaited<ReturnType<typeof signedIn>>["c"]) {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + DAY_AND_AN_HOUR });
  const { error } = await c.auth.refreshSession();
  if (error) throw error;
}

async function passwordWorks(h: AuthHarness, email: string, password: string) {
  return (await h.client().auth.signInWithPassword({ email, password })).error === null;
}

describe("secure_password_change on", () => {
  it("a session signed in within 24 hours changes the password without a nonce", async () => {
    const { c, email } = await signedIn(secure);
    expect((await c.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    expect(await passwordWorks(secure, email, NEW_PASSWORD)).toBe(true);
  });

  it("an older session needs the mailed nonce: refused without it or with a wrong one, accepted once with it", async () => {
    const { c, email } = await signedIn(secure);
    await aDayLater(c);

    const missing = await c.auth.updateUser({ password: NEW_PASSWORD });
    expect(missing.error).toMatchObject({
      status: 400,
      code: "reauthentication_needed",
      message: "Password update requires reauthentication",
    });
    const beforeMail = await c.auth.updateUser({ password: NEW_PASSWORD, nonce: "123456" });
    expect(beforeMail.error).toMatchObject({
      status: 422,
      code: "reauthentication_not_valid",
      message: "Nonce has expired or is invalid",
    });

    expect((await c.auth.reauthenticate()).error).toBeNull();
    const nonce = findOtp(await secure.mail.latest(email, { subject: "Confirm reauthentication" }));
    const wrong = nonce === "000000" ? "111111" : "000000";
    expect((await c.auth.updateUser({ password: NEW_PASSWORD, nonce: wrong })).error).toMatchObject({
      status: 422,
      code: "reauthentication_not_valid",
    });
    expect(await passwordWorks(secure, email, NEW_PASSWORD)).toBe(false);

    expect((await c.auth.updateUser({ password: NEW_PASSWORD, nonce })).error).toBeNull();
    expect(await passwordWorks(secure, email, NEW_PASSWORD)).toBe(true);
    // Spent: the same nonce does not change the password again.
    const again = await c.auth.updateUser({ password: TEST_PASSWORD, nonce });
    expect(again.error).toMatchObject({ status: 422, code: "reauthentication_not_valid" });
    expect(await passwordWorks(secure, email, NEW_PASSWORD)).toBe(true);
  });

  it("a nonce older than otp_expiry is refused", async () => {
    const { c, email } = await signedIn(secure);
    await aDayLater(c);
    expect((await c.auth.reauthenticate()).error).toBeNull();
    const nonce = findOtp(await secure.mail.latest(email, { subject: "Confirm reauthentication" }));
    vi.setSystemTime(Date.now() + 2 * 3600_000);
    await c.auth.refreshSession();
    expect((await c.auth.updateUser({ password: NEW_PASSWORD, nonce })).error).toMatchObject({
      status: 422,
      code: "reauthentication_not_valid",
    });
    expect(await passwordWorks(secure, email, TEST_PASSWORD)).toBe(true);
  });

  it("reauthenticate() twice within max_frequency: 429 over_email_send_rate_limit", async () => {
    const { c } = await signedIn(secure);
    expect((await c.auth.reauthenticate()).error).toBeNull();
    expect((await c.auth.reauthenticate()).error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
  });
});

describe("secure_password_change off (the shipped config.toml)", () => {
  it("an older session changes the password without a nonce", async () => {
    const { c, email } = await signedIn(plain);
    await aDayLater(c);
    expect((await c.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    expect(await passwordWorks(plain, email, NEW_PASSWORD)).toBe(true);
  });
});
