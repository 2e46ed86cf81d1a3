// The admin API (service_role key) used by tests and the product's admin screen.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLink } from "../support/mail";
import { fragmentParams, redirectTarget, startAuthHarness, type AuthHarness } from "../support/auth-harness";
import { TEST_PASSWORD, uniqueEmail } from "../support/founders";
import { DEMO_FACTOR_ID, DEMO_USERS } from "../../supabase/demo-seed";

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
});
afterAll(async () => h?.close());

describe("admin users", () => {
  it("lists users with pagination and the seeded accounts", async () => {
    const admin = h.admin().auth.admin;
    const { data, error } = await admin.listUsers();
    expect(error).toBeNull();
    expect(data.users.map((u) => u.email)).toEqual(
      expect.arrayContaining(Object.values(DEMO_USERS).map((u) => u.email)),
    );
    const page = await admin.listUsers({ page: 1, perPage: 2 });
    expect(page.data.users).toHaveLength(2);
    expect(page.data).toMatchObject({ nextPage: 2, total: data.users.length });
  });

  it("answers bad page / per_page as GoTrue's paginate does: 400 for what strconv.ParseUint refuses, page 0 as page 1, per_page 0 a 500", async () => {
    const admin = h.admin().auth.admin;
    const bad = (value: string, why = "invalid syntax") => ({
      status: 400,
      code: "validation_failed",
      message: `Bad Pagination Parameters: strconv.ParseUint: parsing "${value}": ${why}`,
    });
    // supabase-js types page and perPage as numbers; a caller's string gets through all the same.
    const list = (page: unknown, perPage?: unknown) =>
      admin.listUsers({ page, perPage } as { page: number; perPage: number });
    expect((await list(-1)).error).toMatchObject(bad("-1"));
    expect((await list(1, -5)).error).toMatchObject(bad("-5"));
    expect((await list("two")).error).toMatchObject(bad("two"));
    expect((await list(1.5)).error).toMatchObject(bad("1.5"));
    expect((await list("99999999999999999999")).error).toMatchObject(bad("99999999999999999999", "value out of range"));
    const first = await list(1, 2);
    const zero = await list(0, 2);
    expect(zero.error).toBeNull();
    expect(zero.data.users.map((u) => u.id)).toEqual(first.data.users.map((u) => u.id));
    // per_page 0 passes the parse, then GoTrue divides by it: a panic, answered 500 (retryable to auth-js).
    expect((await list(1, 0)).error).toMatchObject({ status: 500, name: "AuthRetryableFetchError" });
    const res = await fetch(`${h.url}/auth/v1/admin/users?per_page=0`, {
      headers: {
        apikey: h.emulator.serviceRoleKey,
        authorization: `Bearer ${h.emulator.serviceRoleKey}`,
        "x-supabase-api-version": "2024-01-01",
      },
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ code: "unexpected_failure", message: "Internal Server Error" });
  });

  it("creates a confirmed user with roles, reads, updates the roles and deletes it", async () => {
    const admin = h.admin().auth.admin;
    const email = uniqueEmail("admin-made");
    const created = await admin.createUser({
      email,
      password: TEST_PASSWORD,
      email_confirm: true,
      user_metadata: { full_name: "Made By Admin" },
      app_metadata: { roles: ["user", "onboarding"] },
    });
    expect(created.error).toBeNull();
    expect(created.data.user).toMatchObject({
      email,
      user_metadata: { full_name: "Made By Admin", email_verified: true },
      app_metadata: { provider: "email", providers: ["email"], roles: ["user", "onboarding"] },
    });
    const id = created.data.user?.id ?? "";
    expect((await admin.getUserById(id)).data.user?.email).toBe(email);

    const updated = await admin.updateUserById(id, { app_metadata: { roles: ["user", "admin"] } });
    expect(updated.data.user?.app_metadata.roles).toEqual(["user", "admin"]);
    // New tokens carry the new roles (requirements §6 reads roles from app_metadata.roles).
    const signIn = await h.client().auth.signInWithPassword({ email, password: TEST_PASSWORD });
    const claims = JSON.parse(
      Buffer.from((signIn.data.session?.access_token ?? "").split(".")[1] ?? "", "base64url").toString(),
    ) as { app_metadata: { roles: string[] } };
    expect(claims.app_metadata.roles).toEqual(["user", "admin"]);

    expect((await admin.deleteUser(id)).error).toBeNull();
    const gone = await admin.getUserById(id);
    expect(gone.error?.code).toBe("user_not_found");
    expect(gone.error?.status).toBe(404);
  });

  it("refuses a duplicate address (email_exists) and a weak password (weak_password)", async () => {
    const admin = h.admin().auth.admin;
    const dup = await admin.createUser({ email: DEMO_USERS.founder.email, password: TEST_PASSWORD });
    expect(dup.error?.code).toBe("email_exists");
    expect(dup.error?.status).toBe(422);
    const weak = await admin.createUser({ email: uniqueEmail("weak"), password: "abc" });
    expect(weak.error?.code).toBe("weak_password");
  });

  it("is closed to the anon key and to user tokens (not_admin)", async () => {
    const anon = await h.client().auth.admin.listUsers();
    expect(anon.error?.code).toBe("not_admin");
    expect(anon.error?.status).toBe(403);
    const c = h.client();
    const { data } = await c.auth.signInWithPassword({ email: DEMO_USERS.admin.email, password: "Founder!2026" });
    const asUser = await h.client({}, data.session?.access_token).auth.admin.listUsers();
    expect(asUser.error?.code).toBe("not_admin");
  });

  it("generates links without mail: a recovery link's token verifies", async () => {
    const admin = h.admin().auth.admin;
    const { data, error } = await admin.generateLink({
      type: "recovery",
      email: DEMO_USERS.founder.email,
      options: { redirectTo: "http://localhost:3000/" },
    });
    expect(error).toBeNull();
    expect(data.properties).toMatchObject({
      verification_type: "recovery",
      redirect_to: "http://localhost:3000/",
      email_otp: expect.stringMatching(/^\d{6}$/),
    });
    expect(data.properties?.action_link).toContain(
      `${h.url}/auth/v1/verify?token=${data.properties?.hashed_token}&type=recovery`,
    );
    expect(data.user?.email).toBe(DEMO_USERS.founder.email);
    const verified = await h
      .client()
      .auth.verifyOtp({ token_hash: data.properties?.hashed_token ?? "", type: "recovery" });
    expect(verified.error).toBeNull();
    expect(await h.mail.inbox(DEMO_USERS.founder.email)).toEqual([]);
  });

  it.each(["email_change_current", "email_change_new"] as const)(
    "generateLink %s echoes the requested type as verification_type, as GoTrue does",
    async (type) => {
      const admin = h.admin().auth.admin;
      const email = uniqueEmail("change-link");
      await admin.createUser({ email, password: TEST_PASSWORD, email_confirm: true });
      const { data, error } = await admin.generateLink({ type, email, newEmail: uniqueEmail("change-to") });
      expect(error).toBeNull();
      expect(data.properties?.verification_type).toBe(type);
    },
  );

  it("generates a signup link that creates an unconfirmed user", async () => {
    const email = uniqueEmail("gen-signup");
    const { data, error } = await h.admin().auth.admin.generateLink({ type: "signup", email, password: TEST_PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const verified = await h
      .client()
      .auth.verifyOtp({ email, token: data.properties?.email_otp ?? "", type: "signup" });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toEqual(expect.any(String));
  });

  it("lists and deletes a user's factors", async () => {
    const mfa = h.admin().auth.admin.mfa;
    const listed = await mfa.listFactors({ userId: DEMO_USERS.mfa.id });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors.map((f) => [f.id, f.status])).toEqual([[DEMO_FACTOR_ID, "verified"]]);
    const deleted = await mfa.deleteFactor({ userId: DEMO_USERS.mfa.id, id: DEMO_FACTOR_ID });
    // (auth-js 2.109 wraps this answer once more, so its data.id is not checked here.)
    expect(deleted.error).toBeNull();
    expect((await mfa.listFactors({ userId: DEMO_USERS.mfa.id })).data?.factors).toEqual([]);
    await h.emulator.reset();
  });

  it("invites by mail; following the invite confirms the account", async () => {
    const email = uniqueEmail("invited");
    const { data, error } = await h
      .admin()
      .auth.admin.inviteUserByEmail(email, { data: { full_name: "Invited Person" } });
    expect(error).toBeNull();
    expect(data.user?.invited_at).toEqual(expect.any(String));
    const link = findLink(await h.mail.latest(email, { subject: "You have been invited" }));
    const params = fragmentParams((await redirectTarget(link)).location);
    expect(params.get("type")).toBe("invite");
    const user = await h.client().auth.getUser(params.get("access_token") ?? "");
    expect(user.data.user?.email_confirmed_at).toEqual(expect.any(String));
  });

  it("bans and unbans a user (user_banned), ending their sessions", async () => {
    const admin = h.admin().auth.admin;
    const email = uniqueEmail("banned");
    const { data } = await admin.createUser({ email, password: TEST_PASSWORD, email_confirm: true });
    const id = data.user?.id ?? "";
    const c = h.client();
    const token = (await c.auth.signInWithPassword({ email, password: TEST_PASSWORD })).data.session?.access_token;
    const banned = await admin.updateUserById(id, { ban_duration: "24h" });
    expect(banned.data.user?.banned_until).toEqual(expect.any(String));
    expect((await h.client().auth.signInWithPassword({ email, password: TEST_PASSWORD })).error?.code).toBe(
      "user_banned",
    );
    expect((await h.client().auth.getUser(token)).error).not.toBeNull();
    await admin.updateUserById(id, { ban_duration: "none" });
    expect((await h.client().auth.signInWithPassword({ email, password: TEST_PASSWORD })).error).toBeNull();
  });
});
