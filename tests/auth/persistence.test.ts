// Auth data lives in DATA_DIR and survives restarts; reset (API or HTTP) brings back the seed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeProtectedHeader } from "jose";
import { LOCAL_SUPABASE } from "../../server/src/config";
import { startAuthHarness, type AuthHarness } from "../support/auth-harness";
import { TEST_PASSWORD, uniqueEmail } from "../support/founders";
import { resetAuthData } from "@founder-foundation/auth-emulator";
import { DEMO_FACTOR_ID, DEMO_PASSWORD, DEMO_USERS, PROJECT_AUTH_OPTIONS } from "../../supabase/demo-seed";

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
});
afterAll(async () => h?.close());

describe("persistence", () => {
  it("keeps users, sessions, refresh tokens and the signing key across a restart", async () => {
    const email = uniqueEmail("persist");
    await h.admin().auth.admin.createUser({ email, password: TEST_PASSWORD, email_confirm: true });
    const c = h.client();
    const before = (await c.auth.signInWithPassword({ email, password: TEST_PASSWORD })).data.session;
    const kid = decodeProtectedHeader(before?.access_token ?? "").kid;

    await h.restart();

    expect((await h.client().auth.getUser(before?.access_token)).data.user?.email).toBe(email);
    const refreshed = await c.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeProtectedHeader(refreshed.data.session?.access_token ?? "").kid).toBe(kid);
    expect((await h.client().auth.signInWithPassword({ email, password: TEST_PASSWORD })).error).toBeNull();
    // The seed is not re-applied on a restart: the admin-made user is still there.
    expect((await h.admin().auth.admin.listUsers()).data.users.map((u) => u.email)).toContain(email);
  });
});

describe("reset to the seed", () => {
  async function dirty(): Promise<string> {
    const email = uniqueEmail("dirty");
    await h.admin().auth.admin.createUser({ email, password: TEST_PASSWORD, email_confirm: true });
    await h.admin().auth.admin.deleteUser(DEMO_USERS.founder.id);
    await h.admin().auth.admin.mfa.deleteFactor({ userId: DEMO_USERS.mfa.id, id: DEMO_FACTOR_ID });
    return email;
  }
  async function expectSeed(extraEmail: string) {
    const users = (await h.admin().auth.admin.listUsers()).data.users;
    expect(users.map((u) => u.email).sort()).toEqual(
      Object.values(DEMO_USERS)
        .map((u) => u.email)
        .sort(),
    );
    expect(users.map((u) => u.email)).not.toContain(extraEmail);
    const factors = (await h.admin().auth.admin.mfa.listFactors({ userId: DEMO_USERS.mfa.id })).data?.factors;
    expect(factors?.map((f) => f.id)).toEqual([DEMO_FACTOR_ID]);
    const admin = users.find((u) => u.email === DEMO_USERS.admin.email);
    expect(admin?.app_metadata.roles).toEqual(["user", "admin"]);
    expect(
      (await h.client().auth.signInWithPassword({ email: DEMO_USERS.founder.email, password: DEMO_PASSWORD })).error,
    ).toBeNull();
  }

  it("reset() restores exactly the demo users", async () => {
    const extra = await dirty();
    await h.emulator.reset();
    await expectSeed(extra);
  });

  it("POST /auth/v1/admin/reset with the service key does the same, and is refused to the anon key", async () => {
    const extra = await dirty();
    const call = (key: string) =>
      fetch(`${h.url}/auth/v1/admin/reset`, {
        method: "POST",
        headers: { apikey: key, authorization: `Bearer ${key}`, "x-supabase-api-version": "2024-01-01" },
      });
    const refused = await call(LOCAL_SUPABASE.anonKey);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ code: "not_admin", message: "User not allowed" });
    expect((await call(LOCAL_SUPABASE.serviceRoleKey)).status).toBe(200);
    await expectSeed(extra);
  });

  it("resetAuthData (npm run reset with no emulator listening) resets the file in DATA_DIR", async () => {
    const extra = await dirty();
    await h.emulator.close();
    await resetAuthData({ ...PROJECT_AUTH_OPTIONS, dataDir: h.dataDir, bcryptCost: 4 });
    await h.restart();
    await expectSeed(extra);
  });
});
