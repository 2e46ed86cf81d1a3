// Passkeys as GoTrue serves them (passkey_*.go), through the real supabase-js passkey API (its
// experimental flag on) and a software authenticator: registration by a signed-in user, sign-in
// with no address (the authenticator names the account), list, rename and delete, the admin's
// list and delete; refusals with GoTrue's codes; `[auth.passkey] enabled` switching the routes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import type { SupabaseClient } from "@supabase/supabase-js";
import {
  SoftwareAuthenticator,
  type CreationOptions,
  type RequestOptions,
} from "../../supabase/emulator/test-support/software-authenticator";
import { startAuthHarness, type AuthHarness } from "../support/auth-harness";
import { TEST_PASSWORD, uniqueEmail } from "../support/founders";
import { totpCode } from "../support/totp";
import { WEBAUTHN_ORIGIN, webAuthnConfig } from "../support/webauthn";

const ORIGIN = WEBAUTHN_ORIGIN;
const config = webAuthnConfig("[auth.passkey]\nenabled = true");

let h: AuthHarness;
let off: AuthHarness;
beforeAll(async () => {
  [h, off] = await Promise.all([startAuthHarness({ config: config.file }), startAuthHarness()]);
});
afterAll(async () => {
  await Promise.all([h?.close(), off?.close()]);
  config.remove();
});

const client = (harness: AuthHarness = h) => harness.client({ experimental: { passkey: true } } as never);

async function signedIn(harness: AuthHarness = h, metadata: Record<string, unknown> = {}) {
  const email = uniqueEmail("passkey");
  const created = await harness
    .admin()
    .auth.admin.createUser({ email, password: TEST_PASSWORD, email_confirm: true, user_metadata: metadata });
  const c = client(harness);
  const { error } = await c.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  if (error) throw error;
  return { c, email, id: created.data.user?.id ?? "" };
}

async function register(c: SupabaseClient, key: SoftwareAuthenticator) {
  const start = await c.auth.passkey.startRegistration();
  if (start.error || !start.data) throw start.error ?? new Error("no options");
  const credential = key.create(start.data.options as unknown as CreationOptions).toJSON();
  return c.auth.passkey.verifyRegistration({ challengeId: start.data.challenge_id, credential: credential as never });
}

async function signInWith(key: SoftwareAuthenticator, c: SupabaseClient = client()) {
  const start = await c.auth.passkey.startAuthentication();
  if (start.error || !start.data) throw start.error ?? new Error("no options");
  const credential = key.get(start.data.options as unknown as RequestOptions).toJSON();
  return {
    c,
    result: await c.auth.passkey.verifyAuthentication({
      challengeId: start.data.challenge_id,
      credential: credential as never,
    }),
    challengeId: start.data.challenge_id,
    credential,
  };
}

const post = (harness: AuthHarness, route: string, body: unknown, token?: string) =>
  fetch(`${harness.url}/auth/v1${route}`, {
    method: "POST",
    headers: {
      apikey: harness.emulator.anonKey,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      "content-type": "application/json",
      "x-supabase-api-version": "2024-01-01",
    },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown }));

describe("registration and sign-in", () => {
  it("registration options are GoTrue's (discoverable, no attestation); the new passkey is listed as 'Passkey'", async () => {
    const { c, email, id } = await signedIn(h, { name: "Ada Lovelace" });
    const start = await c.auth.passkey.startRegistration();
    expect(start.error).toBeNull();
    expect(start.data).toMatchObject({ challenge_id: expect.any(String), expires_at: expect.any(Number) });
    expect(start.data?.options).toMatchObject({
      rp: { id: "localhost", name: "Founder Foundation" },
      // The display name is user_metadata.name when there is one (webAuthnUser).
      user: { name: email, displayName: "Ada Lovelace", id: Buffer.from(id).toString("base64url") },
      pubKeyCredParams: expect.arrayContaining([{ type: "public-key", alg: -7 }]),
      timeout: 300000,
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      attestation: "none",
    });
    const key = new SoftwareAuthenticator(ORIGIN);
    const credential = key.create(start.data?.options as unknown as CreationOptions).toJSON();
    const verified = await c.auth.passkey.verifyRegistration({
      challengeId: start.data?.challenge_id ?? "",
      credential: credential as never,
    });
    expect(verified.error).toBeNull();
    expect(verified.data).toEqual({ id: expect.any(String), friendly_name: "Passkey", created_at: expect.any(String) });
    expect((await c.auth.passkey.list()).data).toEqual([
      { id: verified.data?.id, friendly_name: "Passkey", created_at: expect.any(String) },
    ]);
    // A second registration excludes the key the user already has.
    const next = await c.auth.passkey.startRegistration();
    expect((next.data?.options as { excludeCredentials?: unknown }).excludeCredentials).toEqual([
      { type: "public-key", id: credential.id },
    ]);
  });

  it("signs in with no address: the authenticator names the account; amr passkey, aal1; last_used_at set", async () => {
    const { c, id } = await signedIn();
    const key = new SoftwareAuthenticator(ORIGIN);
    expect((await register(c, key)).error).toBeNull();
    const start = await client().auth.passkey.startAuthentication();
    expect(start.data?.options).toEqual({
      challenge: expect.any(String),
      timeout: 300000,
      rpId: "localhost",
      userVerification: "preferred",
    });
    const { c: fresh, result } = await signInWith(key);
    expect(result.error).toBeNull();
    expect(result.data?.user?.id).toBe(id);
    const claims = decodeJwt(result.data?.session?.access_token ?? "");
    expect(claims).toMatchObject({ sub: id, aal: "aal1", amr: [expect.objectContaining({ method: "passkey" })] });
    expect((await fresh.auth.getUser()).data.user?.id).toBe(id);
    expect((await c.auth.passkey.list()).data?.[0]).toMatchObject({ last_used_at: expect.any(String) });
  });

  it("refuses a replayed answer, a forged signature, another page's answer and a deleted passkey (400 webauthn_*)", async () => {
    const { c } = await signedIn();
    const key = new SoftwareAuthenticator(ORIGIN);
    const registered = await register(c, key);
    const { challengeId, credential } = await signInWith(key);
    expect(await post(h, "/passkeys/authentication/verify", { challenge_id: challengeId, credential })).toEqual({
      status: 400,
      body: { code: "webauthn_challenge_not_found", message: "Challenge not found or already used" },
    });
    const forge = async (
      k: SoftwareAuthenticator,
      change: (json: ReturnType<ReturnType<SoftwareAuthenticator["get"]>["toJSON"]>) => void,
    ) => {
      const start = await client().auth.passkey.startAuthentication();
      const json = k.get(start.data?.options as unknown as RequestOptions).toJSON();
      change(json);
      return post(h, "/passkeys/authentication/verify", { challenge_id: start.data?.challenge_id, credential: json });
    };
    const failed = {
      status: 400,
      body: { code: "webauthn_verification_failed", message: "Credential verification failed" },
    };
    expect(await forge(key, (json) => (json.response.signature = Buffer.alloc(70, 1).toString("base64url")))).toEqual(
      failed,
    );
    expect(await forge(key.onOrigin("http://localhost:4000"), () => undefined)).toEqual(failed);
    expect(await post(h, "/passkeys/authentication/verify", { challenge_id: "not-a-uuid", credential })).toMatchObject({
      status: 400,
      body: { message: "challenge_id must be a valid UUID" },
    });
    expect(await post(h, "/passkeys/authentication/verify", { challenge_id: challengeId })).toMatchObject({
      status: 400,
      body: { message: "credential is required" },
    });
    expect((await c.auth.passkey.delete({ passkeyId: registered.data?.id ?? "" })).error).toBeNull();
    expect((await c.auth.passkey.list()).data).toEqual([]);
    expect(await forge(key, () => undefined)).toEqual(failed);
  });
});

describe("managing passkeys", () => {
  it("renames (1-120 characters) and deletes only the caller's own; another user's id is 404", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const registered = await register(owner.c, new SoftwareAuthenticator(ORIGIN));
    const passkeyId = registered.data?.id ?? "";
    const renamed = await owner.c.auth.passkey.update({ passkeyId, friendlyName: "YubiKey" });
    expect(renamed.data).toMatchObject({ id: passkeyId, friendly_name: "YubiKey" });
    expect((await owner.c.auth.passkey.update({ passkeyId, friendlyName: "" })).error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "friendly_name is required",
    });
    expect((await owner.c.auth.passkey.update({ passkeyId, friendlyName: "x".repeat(121) })).error).toMatchObject({
      status: 400,
      message: "friendly_name must be 120 characters or less",
    });
    const notFound = { status: 404, code: "validation_failed", message: "Passkey not found" };
    expect((await other.c.auth.passkey.update({ passkeyId, friendlyName: "mine" })).error).toMatchObject(notFound);
    expect((await other.c.auth.passkey.delete({ passkeyId })).error).toMatchObject(notFound);
    expect((await owner.c.auth.passkey.list()).data).toEqual([
      expect.objectContaining({ id: passkeyId, friendly_name: "YubiKey" }),
    ]);
  });

  it("the admin lists and deletes a user's passkeys", async () => {
    const { c, id } = await signedIn();
    const registered = await register(c, new SoftwareAuthenticator(ORIGIN));
    const admin = h.client({ experimental: { passkey: true } } as never, h.emulator.serviceRoleKey);
    expect((await admin.auth.admin.passkey.listPasskeys({ userId: id })).data).toEqual([
      expect.objectContaining({ id: registered.data?.id }),
    ]);
    expect(
      (await admin.auth.admin.passkey.deletePasskey({ userId: id, passkeyId: registered.data?.id ?? "" })).error,
    ).toBeNull();
    expect((await admin.auth.admin.passkey.listPasskeys({ userId: id })).data).toEqual([]);
  });

  it("without a session: 401 no_authorization; with a verified second factor, only an aal2 session manages passkeys", async () => {
    expect(await post(h, "/passkeys/registration/options", {})).toEqual({
      status: 401,
      body: { code: "no_authorization", message: "This endpoint requires a valid Bearer token" },
    });
    const { c } = await signedIn();
    const { data: factor } = await c.auth.mfa.enroll({ factorType: "totp" });
    const secret = factor?.type === "totp" ? factor.totp.secret : "";
    const aal2 = await c.auth.mfa.challengeAndVerify({ factorId: factor?.id ?? "", code: totpCode(secret) });
    expect(aal2.error).toBeNull();
    expect((await register(c, new SoftwareAuthenticator(ORIGIN))).error).toBeNull();
    const again = client();
    const email = (await c.auth.getUser()).data.user?.email ?? "";
    await again.auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect((await again.auth.passkey.startRegistration()).error).toMatchObject({
      status: 403,
      code: "insufficient_aal",
      message: "AAL2 session is required to manage passkeys when MFA is enabled",
    });
  });

  it("registration verify refuses a challenge of another user and a malformed credential", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const start = await a.c.auth.passkey.startRegistration();
    const credential = new SoftwareAuthenticator(ORIGIN)
      .create(start.data?.options as unknown as CreationOptions)
      .toJSON();
    const tokenB = (await b.c.auth.getSession()).data.session?.access_token;
    expect(
      await post(h, "/passkeys/registration/verify", { challenge_id: start.data?.challenge_id, credential }, tokenB),
    ).toEqual({
      status: 400,
      body: { code: "webauthn_challenge_not_found", message: "Challenge not found or already used" },
    });
    const again = await a.c.auth.passkey.startRegistration();
    const tokenA = (await a.c.auth.getSession()).data.session?.access_token;
    expect(
      await post(
        h,
        "/passkeys/registration/verify",
        { challenge_id: again.data?.challenge_id, credential: { id: "x" } },
        tokenA,
      ),
    ).toEqual({
      status: 400,
      body: { code: "webauthn_verification_failed", message: "Invalid credential response" },
    });
  });
});

describe("switched by [auth.passkey] enabled", () => {
  it("off (the shipped config): every /passkeys route is 404 passkey_disabled and /settings says so", async () => {
    const { c } = await signedIn(off);
    const disabled = { status: 404, code: "passkey_disabled", message: "Passkeys are disabled" };
    expect((await c.auth.passkey.startRegistration()).error).toMatchObject(disabled);
    expect((await client(off).auth.passkey.startAuthentication()).error).toMatchObject(disabled);
    expect((await c.auth.passkey.list()).error).toMatchObject(disabled);
    const settings = async (harness: AuthHarness) =>
      ((await (await fetch(`${harness.url}/auth/v1/settings`)).json()) as { passkeys_enabled: boolean })
        .passkeys_enabled;
    expect(await settings(off)).toBe(false);
    expect(await settings(h)).toBe(true);
  });
});
