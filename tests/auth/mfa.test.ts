// The second-factor flow the product runs (requirements §4 second-factor gate): enrol → verify → aal2
// → sign out → sign in → aal1 with next level aal2 → verify; plus the MFA error codes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { secretFromUri, totpCode } from "../support/totp";
import { authMethods, startAuthHarness, type AuthHarness } from "../support/auth-harness";
import { TEST_PASSWORD, uniqueEmail } from "../support/founders";
import { MFA_FRIENDLY_NAME } from "../../server/src/contract/rules";
import { DEMO_FACTOR_ID, DEMO_PASSWORD, DEMO_TOTP_SECRET, DEMO_USERS } from "../../supabase/demo-seed";

const PRODUCT_FACTOR_NAME = MFA_FRIENDLY_NAME;

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
});
afterAll(async () => h?.close());

async function signedIn(email?: string): Promise<{ c: SupabaseClient; email: string }> {
  const address = email ?? uniqueEmail("mfa");
  if (!email) {
    const { error } = await h
      .admin()
      .auth.admin.createUser({ email: address, password: TEST_PASSWORD, email_confirm: true });
    if (error) throw error;
  }
  const c = h.client();
  const { error } = await c.auth.signInWithPassword({
    email: address,
    password: email ? DEMO_PASSWORD : TEST_PASSWORD,
  });
  if (error) throw error;
  return { c, email: address };
}

const aal = async (c: SupabaseClient) => (await c.auth.mfa.getAuthenticatorAssuranceLevel()).data;

describe("TOTP enrolment and verification", () => {
  it("runs the whole product flow: enrol, verify to aal2, sign out, sign in at aal1 needing aal2, verify", async () => {
    const { c, email } = await signedIn();
    expect(await aal(c)).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" });

    const { data: enrolled, error } = await c.auth.mfa.enroll({
      factorType: "totp",
      friendlyName: PRODUCT_FACTOR_NAME,
    });
    expect(error).toBeNull();
    expect(enrolled).toMatchObject({ type: "totp", friendly_name: PRODUCT_FACTOR_NAME });
    expect(enrolled?.totp.qr_code.startsWith("data:image/svg+xml;utf-8,<svg")).toBe(true);
    expect(enrolled?.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolled?.totp.uri).toBe(
      `otpauth://totp/localhost%3A3000:${encodeURIComponent(email)}?algorithm=SHA1&digits=6&issuer=localhost%3A3000&period=30&secret=${enrolled?.totp.secret}`,
    );
    const factors = (await c.auth.mfa.listFactors()).data;
    expect(factors?.all.map((f) => [f.friendly_name, f.status])).toEqual([[PRODUCT_FACTOR_NAME, "unverified"]]);
    expect(factors?.totp).toEqual([]);

    const secret = secretFromUri(enrolled?.totp.uri ?? "");
    const verified = await c.auth.mfa.challengeAndVerify({ factorId: enrolled?.id ?? "", code: totpCode(secret) });
    expect(verified.error).toBeNull();
    expect(await aal(c)).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
    expect(await authMethods(c)).toEqual(["totp", "password"]);
    expect((await c.auth.mfa.listFactors()).data?.totp.map((f) => f.status)).toEqual(["verified"]);

    expect((await c.auth.signOut()).error).toBeNull();
    const again = h.client();
    expect((await again.auth.signInWithPassword({ email, password: TEST_PASSWORD })).error).toBeNull();
    expect(await aal(again)).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });

    const factor = (await again.auth.mfa.listFactors()).data?.totp.find((f) => f.friendly_name === PRODUCT_FACTOR_NAME);
    // The code used at enrolment is spent (once per time step), so the authenticator's next one.
    const reverified = await again.auth.mfa.challengeAndVerify({
      factorId: factor?.id ?? "",
      code: totpCode(secret, new Date(Date.now() + 30_000)),
    });
    expect(reverified.error).toBeNull();
    expect(await aal(again)).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
  });

  it("refuses a wrong code (mfa_verification_failed) and accepts the previous step's code (±1 step)", async () => {
    const { c } = await signedIn();
    const { data } = await c.auth.mfa.enroll({ factorType: "totp", friendlyName: PRODUCT_FACTOR_NAME });
    const secret = data?.totp.secret ?? "";
    const right = totpCode(secret);
    const wrong = right === "000000" ? "000001" : "000000";
    const failed = await c.auth.mfa.challengeAndVerify({ factorId: data?.id ?? "", code: wrong });
    expect(failed.error?.code).toBe("mfa_verification_failed");
    expect(failed.error?.status).toBe(422);
    expect(failed.error?.message).toBe("Invalid TOTP code entered");
    const previous = totpCode(secret, new Date(Date.now() - 30_000));
    expect((await c.auth.mfa.challengeAndVerify({ factorId: data?.id ?? "", code: previous })).error).toBeNull();
  });

  it("refuses a second factor with the same friendly name (mfa_factor_name_conflict)", async () => {
    const { c } = await signedIn();
    expect((await c.auth.mfa.enroll({ factorType: "totp", friendlyName: PRODUCT_FACTOR_NAME })).error).toBeNull();
    const conflict = await c.auth.mfa.enroll({ factorType: "totp", friendlyName: PRODUCT_FACTOR_NAME });
    expect(conflict.error?.code).toBe("mfa_factor_name_conflict");
    expect(conflict.error?.status).toBe(422);
    expect(conflict.error?.message).toBe(
      `A factor with the friendly name "${PRODUCT_FACTOR_NAME}" for this user already exists`,
    );
  });

  it("lets the product replace an unverified factor (unenroll, then enrol again)", async () => {
    const { c } = await signedIn();
    const first = await c.auth.mfa.enroll({ factorType: "totp", friendlyName: PRODUCT_FACTOR_NAME });
    expect((await c.auth.mfa.unenroll({ factorId: first.data?.id ?? "" })).error).toBeNull();
    const second = await c.auth.mfa.enroll({ factorType: "totp", friendlyName: PRODUCT_FACTOR_NAME });
    expect(second.error).toBeNull();
    expect((await c.auth.mfa.listFactors()).data?.all.map((f) => f.id)).toEqual([second.data?.id]);
  });

  it("needs aal2 to unenroll a verified factor (insufficient_aal), then downgrades the session", async () => {
    const { c } = await signedIn(DEMO_USERS.mfa.email);
    // Seeded mfa user: same factor and secret after every reset.
    const factors = (await c.auth.mfa.listFactors()).data;
    expect(factors?.totp.map((f) => f.id)).toEqual([DEMO_FACTOR_ID]);
    const refused = await c.auth.mfa.unenroll({ factorId: DEMO_FACTOR_ID });
    expect(refused.error?.code).toBe("insufficient_aal");

    const password = await c.auth.updateUser({ password: "Another#Pass9" });
    expect(password.error?.code).toBe("insufficient_aal");

    expect(
      (await c.auth.mfa.challengeAndVerify({ factorId: DEMO_FACTOR_ID, code: totpCode(DEMO_TOTP_SECRET) })).error,
    ).toBeNull();
    expect((await c.auth.mfa.unenroll({ factorId: DEMO_FACTOR_ID })).error).toBeNull();
    const refreshed = await c.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(await aal(c)).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" });
    await h.emulator.reset();
  });

  it("answers an unknown factor with mfa_factor_not_found, and hides other users' factors", async () => {
    const { c } = await signedIn();
    const missing = await c.auth.mfa.challenge({ factorId: "00000000-0000-4000-8000-000000000000" });
    expect(missing.error?.code).toBe("mfa_factor_not_found");
    expect(missing.error?.status).toBe(404);
    const foreign = await c.auth.mfa.challenge({ factorId: DEMO_FACTOR_ID });
    expect(foreign.error?.code).toBe("mfa_factor_not_found");
  });

  it("refuses enrolment when TOTP is switched off (mfa_totp_enroll_not_enabled)", async () => {
    const off = await startAuthHarness({
      configOverrides: { mfa: { totp: { enrollEnabled: false, verifyEnabled: false } } },
    });
    try {
      const c = off.client();
      await c.auth.signInWithPassword({ email: "founder@example.com", password: DEMO_PASSWORD });
      const { error } = await c.auth.mfa.enroll({ factorType: "totp" });
      expect(error?.code).toBe("mfa_totp_enroll_not_enabled");
    } finally {
      await off.close();
    }
  });
});
