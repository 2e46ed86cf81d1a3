// The admin API's remaining GoTrue behaviours through the real supabase-js:
// deleteUser(id, true) as a soft delete, a user's factors (listFactors / deleteFactor and their
// refusals), and ban durations parsed as Go durations with GoTrue's messages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSync } from "otplib";
import { DEMO_FACTOR_ID, DEMO_USERS } from "../../supabase/demo-seed";
import { startAuthHarness, type AuthHarness } from "../support/auth-harness";
import { TEST_PASSWORD, uniqueEmail } from "../support/founders";

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
});
afterAll(async () => h?.close());

async function adminFetch(method: string, path: string, body?: unknown) {
  const res = await fetch(`${h.url}/auth/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${h.emulator.serviceRoleKey}`,
      apikey: h.emulator.serviceRoleKey,
      "content-type": "application/json",
      "x-supabase-api-version": "2024-01-01",
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function userWithSession() {
  const email = uniqueEmail("life");
  const { data } = await h.admin().auth.admin.createUser({
    email,
    password: TEST_PASSWORD,
    email_confirm: true,
    user_metadata: { full_name: "Ada" },
    app_metadata: { roles: ["x"] },
  });
  const id = data.user?.id ?? "";
  const c = h.client();
  const { data: signIn, error } = await c.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  if (error || !signIn.session) throw error ?? new Error("no session");
  return { id, email, c, session: signIn.session };
}

describe("deleteUser", () => {
  it("soft delete keeps the row with deleted_at and wipes what identifies the person", async () => {
    const admin = h.admin().auth.admin;
    const { id, email, c, session } = await userWithSession();
    const factor = await c.auth.mfa.enroll({ factorType: "totp" });
    expect(factor.error).toBeNull();

    expect((await admin.deleteUser(id, true)).error).toBeNull();
    const { data, error } = await admin.getUserById(id);
    expect(error).toBeNull();
    const user = data.user;
    expect(user?.deleted_at).toEqual(expect.any(String));
    expect(user?.email).not.toBe(email);
    expect(user?.email).toMatch(/^[A-Za-z0-9_-]{43}$/); // base64url of a SHA-256, as GoTrue obfuscates
    expect(user?.user_metadata).toEqual({});
    expect(user?.app_metadata).toEqual({});
    expect(user?.identities).toEqual([expect.objectContaining({ provider: "email", identity_data: {} })]);
    expect(user?.factors).toBeUndefined();
    // The person can no longer sign in, the session is gone, and the address is free again.
    expect((await h.client().auth.signInWithPassword({ email, password: TEST_PASSWORD })).error).toMatchObject({
      code: "invalid_credentials",
    });
    expect((await h.client().auth.refreshSession({ refresh_token: session.refresh_token })).error).toMatchObject({
      code: "refresh_token_not_found",
    });
    expect((await admin.createUser({ email, password: TEST_PASSWORD })).error).toBeNull();

    // A second soft delete changes nothing.
    expect((await admin.deleteUser(id, true)).error).toBeNull();
    expect((await admin.getUserById(id)).data.user?.deleted_at).toBe(user?.deleted_at);
  });

  it("without the flag deletes the user for good", async () => {
    const admin = h.admin().auth.admin;
    const { id } = await userWithSession();
    expect((await admin.deleteUser(id)).error).toBeNull();
    expect((await admin.getUserById(id)).error).toMatchObject({ status: 404, code: "user_not_found" });
  });

  it("refuses a bad id (404 validation_failed) and an unknown one (404 user_not_found), deleting nothing", async () => {
    const admin = h.admin().auth.admin;
    const before = (await admin.listUsers({ perPage: 1000 })).data.users.length;
    // auth-js refuses a malformed id before sending it, so that one goes over plain HTTP.
    const raw = await adminFetch("DELETE", "/admin/users/not-a-uuid", { should_soft_delete: true });
    expect(raw).toEqual({ status: 404, body: { code: "validation_failed", message: "user_id must be an UUID" } });
    expect((await admin.deleteUser("00000000-0000-4000-8000-000000000000", true)).error).toMatchObject({
      status: 404,
      code: "user_not_found",
    });
    expect((await h.client().auth.admin.deleteUser(DEMO_USERS.founder.id, true)).error).toMatchObject({ status: 403 });
    expect((await admin.listUsers({ perPage: 1000 })).data.users.length).toBe(before);
  });
});

describe("mfa.listFactors / deleteFactor", () => {
  it("lists a user's factors with their fields and refuses another user's factor (404 mfa_factor_not_found)", async () => {
    const mfa = h.admin().auth.admin.mfa;
    const { data } = await mfa.listFactors({ userId: DEMO_USERS.mfa.id });
    expect(data?.factors).toEqual([
      expect.objectContaining({
        id: DEMO_FACTOR_ID,
        factor_type: "totp",
        status: "verified",
        created_at: expect.any(String),
      }),
    ]);
    const other = await userWithSession();
    const refused = await mfa.deleteFactor({ userId: other.id, id: DEMO_FACTOR_ID });
    expect(refused.error).toMatchObject({ status: 404, code: "mfa_factor_not_found", message: "Factor not found" });
    const raw = await adminFetch("DELETE", `/admin/users/${DEMO_USERS.mfa.id}/factors/nope`);
    expect(raw).toEqual({ status: 404, body: { code: "validation_failed", message: "factor_id must be an UUID" } });
    expect((await mfa.listFactors({ userId: DEMO_USERS.mfa.id })).data?.factors).toHaveLength(1);
  });

  it("deleting a factor drops the aal2 sessions it raised to aal1", async () => {
    const { id, c } = await userWithSession();
    const enrolled = await c.auth.mfa.enroll({ factorType: "totp" });
    const factorId = enrolled.data?.id ?? "";
    const secret = enrolled.data?.totp.secret ?? "";
    const verified = await c.auth.mfa.challengeAndVerify({ factorId, code: generateSync({ secret }) });
    expect(verified.error).toBeNull();
    expect((await h.admin().auth.admin.mfa.deleteFactor({ userId: id, id: factorId })).error).toBeNull();
    const refreshed = await c.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect((await c.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe("aal1");
  });
});

describe("ban durations (Go durations, as GoTrue parses them)", () => {
  it.each([
    ["1h30m", 5400],
    ["90s", 90],
    ["1.5h", 5400],
    ["+2m", 120],
  ])("%s bans until now + %i s", async (duration, seconds) => {
    const { id } = await userWithSession();
    const start = Date.now();
    const { data, error } = await h.admin().auth.admin.updateUserById(id, { ban_duration: duration });
    expect(error).toBeNull();
    const until = Date.parse(data.user?.banned_until ?? "");
    expect(until - start).toBeGreaterThanOrEqual(seconds * 1000 - 1000);
    expect(until - Date.now()).toBeLessThanOrEqual(seconds * 1000 + 1000);
  });

  it.each([
    ["1d", 'invalid format for ban duration: time: unknown unit "d" in duration "1d"'],
    ["10", 'invalid format for ban duration: time: missing unit in duration "10"'],
    ["forever", 'invalid format for ban duration: time: invalid duration "forever"'],
  ])("%s is refused (400 validation_failed) and bans nobody", async (duration, message) => {
    const { id, email } = await userWithSession();
    const { error } = await h.admin().auth.admin.updateUserById(id, { ban_duration: duration });
    expect(error).toMatchObject({ status: 400, code: "validation_failed", message });
    expect((await h.admin().auth.admin.getUserById(id)).data.user?.banned_until).toBeUndefined();
    expect((await h.client().auth.signInWithPassword({ email, password: TEST_PASSWORD })).error).toBeNull();
  });

  it('"0s" lifts a ban like "none"; a ban given at creation holds', async () => {
    const admin = h.admin().auth.admin;
    const email = uniqueEmail("born-banned");
    const created = await admin.createUser({ email, password: TEST_PASSWORD, email_confirm: true, ban_duration: "1h" });
    expect(created.data.user?.banned_until).toEqual(expect.any(String));
    expect((await h.client().auth.signInWithPassword({ email, password: TEST_PASSWORD })).error).toMatchObject({
      code: "user_banned",
    });
    const lifted = await admin.updateUserById(created.data.user?.id ?? "", { ban_duration: "0s" });
    expect(lifted.data.user?.banned_until).toBeUndefined();
    expect((await h.client().auth.signInWithPassword({ email, password: TEST_PASSWORD })).error).toBeNull();
  });
});
