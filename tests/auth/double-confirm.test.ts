// `[auth.email] double_confirm_changes` through the real supabase-js: an e-mail change
// mails both the current and the new address, and (with confirmations on) only both confirmations
// together change the address; the first answers GoTrue's "Confirmation link accepted" message.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLink, findOtp } from "../support/mail";
import { fragmentParams, redirectTarget, startAuthHarness, type AuthHarness } from "../support/auth-harness";
import { TEST_PASSWORD, uniqueEmail } from "../support/founders";

const ACCEPTED = "Confirmation link accepted. Please proceed to confirm link sent to the other email";
const SUBJECT = { subject: "Confirm Email Change" };

let h: AuthHarness;
let autoconfirm: AuthHarness;
beforeAll(async () => {
  [h, autoconfirm] = await Promise.all([
    startAuthHarness({ configOverrides: { email: { doubleConfirmChanges: true } } }),
    startAuthHarness({ configOverrides: { email: { doubleConfirmChanges: true, enableConfirmations: false } } }),
  ]);
});
afterAll(async () => Promise.all([h?.close(), autoconfirm?.close()]));

async function changeRequested(harness: AuthHarness) {
  const email = uniqueEmail("old");
  const newEmail = uniqueEmail("new");
  const { data: created } = await harness
    .admin()
    .auth.admin.createUser({ email, password: TEST_PASSWORD, email_confirm: true });
  const c = harness.client();
  const signIn = await c.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  if (signIn.error) throw signIn.error;
  const { data, error } = await c.auth.updateUser({ email: newEmail });
  expect(error).toBeNull();
  expect(data.user).toMatchObject({ email, new_email: newEmail });
  const [toCurrent, toNew] = await Promise.all([
    harness.mail.latest(email, SUBJECT),
    harness.mail.latest(newEmail, SUBJECT),
  ]);
  return { c, id: created.user?.id ?? "", email, newEmail, toCurrent, toNew };
}

async function addressOf(harness: AuthHarness, id: string) {
  const { data } = await harness.admin().auth.admin.getUserById(id);
  return { email: data.user?.email, new_email: data.user?.new_email };
}

describe("double_confirm_changes with confirmations on", () => {
  it("codes: the first confirmation is accepted without a session, the second changes the address", async () => {
    const { c, id, email, newEmail, toCurrent, toNew } = await changeRequested(h);
    expect(findOtp(toCurrent)).not.toBe(findOtp(toNew));

    const first = await c.auth.verifyOtp({ email: newEmail, token: findOtp(toNew), type: "email_change" });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    expect(first.data.user).toBeNull();
    expect(await addressOf(h, id)).toEqual({ email, new_email: newEmail });

    const second = await c.auth.verifyOtp({ email, token: findOtp(toCurrent), type: "email_change" });
    expect(second.error).toBeNull();
    expect(second.data.session).not.toBeNull();
    expect(second.data.user).toMatchObject({ id, email: newEmail });
    expect(second.data.user?.identities?.[0]?.identity_data).toMatchObject({ email: newEmail });
    expect(await addressOf(h, id)).toEqual({ email: newEmail, new_email: undefined });
    expect((await h.client().auth.signInWithPassword({ email: newEmail, password: TEST_PASSWORD })).error).toBeNull();
    expect((await h.client().auth.signInWithPassword({ email, password: TEST_PASSWORD })).error).toMatchObject({
      code: "invalid_credentials",
    });
  });

  it("the first confirmation's body is GoTrue's { msg, code } (auth-js reads no user from it)", async () => {
    const { newEmail, toNew } = await changeRequested(h);
    const res = await fetch(`${h.url}/auth/v1/verify`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        apikey: h.emulator.anonKey,
        "x-supabase-api-version": "2024-01-01",
      },
      body: JSON.stringify({ type: "email_change", email: newEmail, token: findOtp(toNew) }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ msg: ACCEPTED, code: "200" });
  });

  it("links: the first sends the message back to the app, the second signs in with the new address", async () => {
    const { id, email, newEmail, toCurrent, toNew } = await changeRequested(h);
    const first = await redirectTarget(findLink(toCurrent));
    expect(first.status).toBe(303);
    expect(fragmentParams(first.location).get("message")).toBe(ACCEPTED);
    expect(fragmentParams(first.location).get("access_token")).toBeNull();
    // The same half twice is spent, and changes nothing.
    expect(fragmentParams((await redirectTarget(findLink(toCurrent))).location).get("error_code")).toBe("otp_expired");
    expect(await addressOf(h, id)).toEqual({ email, new_email: newEmail });

    const second = await redirectTarget(findLink(toNew));
    expect(fragmentParams(second.location).get("access_token")).toBeTruthy();
    expect(fragmentParams(second.location).get("type")).toBe("email_change");
    expect(await addressOf(h, id)).toEqual({ email: newEmail, new_email: undefined });
  });

  it("resend email_change mails both addresses again, each with a new code", async () => {
    const { c, email, newEmail, toCurrent, toNew } = await changeRequested(h);
    await new Promise((r) => setTimeout(r, 1100)); // max_frequency is 1 s
    expect((await h.client().auth.resend({ type: "email_change", email })).error).toBeNull();
    const [againCurrent, againNew] = await Promise.all([
      h.mail.latest(email, SUBJECT),
      h.mail.latest(newEmail, SUBJECT),
    ]);
    expect(againCurrent.ID).not.toBe(toCurrent.ID);
    expect(againNew.ID).not.toBe(toNew.ID);
    expect(
      (await c.auth.verifyOtp({ email: newEmail, token: findOtp(againNew), type: "email_change" })).error,
    ).toBeNull();
    const done = await c.auth.verifyOtp({ email, token: findOtp(againCurrent), type: "email_change" });
    expect(done.data.user?.email).toBe(newEmail);
  });

  it("a newer change request voids both halves of the earlier one", async () => {
    const { c, id, email, toCurrent, toNew } = await changeRequested(h);
    const otherEmail = uniqueEmail("other");
    await new Promise((r) => setTimeout(r, 1100)); // max_frequency is 1 s
    expect((await c.auth.updateUser({ email: otherEmail })).error).toBeNull();
    expect((await c.auth.verifyOtp({ email, token: findOtp(toCurrent), type: "email_change" })).error).toMatchObject({
      status: 403,
      code: "otp_expired",
    });
    expect(fragmentParams((await redirectTarget(findLink(toNew))).location).get("error_code")).toBe("otp_expired");
    expect(await addressOf(h, id)).toEqual({ email, new_email: otherEmail });
  });
});

describe("double_confirm_changes with confirmations off", () => {
  it("both addresses are mailed and either one confirmation changes the address", async () => {
    const { c, id, email, newEmail, toCurrent } = await changeRequested(autoconfirm);
    const { data, error } = await c.auth.verifyOtp({ email, token: findOtp(toCurrent), type: "email_change" });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id, email: newEmail });
    expect(await addressOf(autoconfirm, id)).toEqual({ email: newEmail, new_email: undefined });
  });
});
