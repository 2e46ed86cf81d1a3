// WebAuthn second factors as GoTrue serves them (mfa.go), through the real supabase-js mfa API and
// a software authenticator: enrol, the challenge's creation options, verify with the new key
// (aal2, amr mfa/webauthn), later challenges' request options and assertions; a wrong key, a wrong
// page and a replayed answer refused; `[auth.mfa.web_authn]` and `[auth.webauthn]` from config.toml.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import type { SupabaseClient } from "@supabase/supabase-js";
import { startAuthEmulator } from "@founder-foundation/auth-emulator";
import {
  SoftwareAuthenticator,
  type CreationOptions,
  type RequestOptions,
} from "../../supabase/emulator/test-support/software-authenticator";
import { startAuthHarness, type AuthHarness } from "../support/auth-harness";
import { TEST_PASSWORD, uniqueEmail } from "../support/founders";
import { RELYING_PARTY, WEBAUTHN_ORIGIN, webAuthnConfig } from "../support/webauthn";

const ORIGIN = WEBAUTHN_ORIGIN;
const RP = RELYING_PARTY;

/** WebAuthn factors switched on the way a project does it: its config.toml. */
const config = webAuthnConfig("[auth.mfa.web_authn]\nenroll_enabled = true\nverify_enabled = true");

let h: AuthHarness;
let verifyOff: AuthHarness;
beforeAll(async () => {
  [h, verifyOff] = await Promise.all([
    startAuthHarness({ config: config.file }),
    startAuthHarness({
      configOverrides: { mfa: { webAuthn: { enrollEnabled: true, verifyEnabled: false } }, webauthn: RP },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([h?.close(), verifyOff?.close()]);
  config.remove();
});

async function signedIn(
  harness: AuthHarness = h,
  email = uniqueEmail("webauthn"),
): Promise<{ c: SupabaseClient; email: string }> {
  await harness.admin().auth.admin.createUser({ email, password: TEST_PASSWORD, email_confirm: true });
  const c = harness.client();
  const { error } = await c.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  if (error) throw error;
  return { c, email };
}

async function challenge(c: SupabaseClient, factorId: string) {
  const { data, error } = await c.auth.mfa.challenge({
    factorId,
    webauthn: { rpId: RP.rpId, rpOrigins: RP.rpOrigins },
  });
  if (error || !data || data.type !== "webauthn") throw error ?? new Error("not a webauthn challenge");
  return data;
}

/** Enrols a factor and verifies it with `key`: the session is aal2 afterwards. */
async function enrolled(c: SupabaseClient, key: SoftwareAuthenticator) {
  const { data, error } = await c.auth.mfa.enroll({ factorType: "webauthn", friendlyName: "laptop" });
  if (error || !data) throw error ?? new Error("no factor");
  const ch = await challenge(c, data.id);
  const created = key.create(ch.webauthn.credential_options.publicKey as unknown as CreationOptions);
  const verified = await c.auth.mfa.verify({
    factorId: data.id,
    challengeId: ch.id,
    webauthn: { type: "create", rpId: RP.rpId, rpOrigins: RP.rpOrigins, credential_response: created as never },
  } as Parameters<SupabaseClient["auth"]["mfa"]["verify"]>[0]);
  if (verified.error) throw verified.error;
  return { factorId: data.id, session: verified.data };
}

/** mfa.verify with an assertion `key` makes for the challenge. */
async function assertWith(
  c: SupabaseClient,
  key: SoftwareAuthenticator,
  factorId: string,
  ch?: Awaited<ReturnType<typeof challenge>>,
) {
  const current = ch ?? (await challenge(c, factorId));
  const asserted = key.get(current.webauthn.credential_options.publicKey as unknown as RequestOptions);
  return c.auth.mfa.verify({
    factorId,
    challengeId: current.id,
    webauthn: { type: "request", rpId: RP.rpId, rpOrigins: RP.rpOrigins, credential_response: asserted as never },
  } as Parameters<SupabaseClient["auth"]["mfa"]["verify"]>[0]);
}

describe("enrol and first verification", () => {
  it("enrol answers {id, type, friendly_name}; the challenge carries GoTrue's creation options", async () => {
    const { c, email } = await signedIn();
    const { data, error } = await c.auth.mfa.enroll({ factorType: "webauthn", friendlyName: "laptop" });
    expect(error).toBeNull();
    expect(data).toEqual({ id: expect.any(String), type: "webauthn", friendly_name: "laptop" });
    const ch = await challenge(c, data?.id ?? "");
    expect(ch).toMatchObject({ type: "webauthn", expires_at: expect.any(Number), webauthn: { type: "create" } });
    const options = ch.webauthn.credential_options.publicKey;
    expect(options).toMatchObject({
      rp: { id: "localhost", name: "Founder Foundation" },
      user: { name: email, displayName: email },
      pubKeyCredParams: [-7, -35, -36, -257, -258, -259, -37, -38, -39, -8].map((alg) => ({ type: "public-key", alg })),
      timeout: 300000,
      authenticatorSelection: {},
    });
    // supabase-js hands the binary fields over as ArrayBuffers; the user handle is the user id's text.
    expect(Buffer.from(options.user.id as ArrayBuffer).toString("utf8")).toBe((await c.auth.getUser()).data.user?.id);
    expect((options.challenge as ArrayBuffer).byteLength).toBe(32);
  });

  it("verify with the authenticator's new key raises the session to aal2 (amr mfa/webauthn) and verifies the factor", async () => {
    const { c } = await signedIn();
    const key = new SoftwareAuthenticator(ORIGIN);
    const { factorId, session } = await enrolled(c, key);
    const claims = decodeJwt(session.access_token);
    expect(claims.aal).toBe("aal2");
    expect(claims.amr).toEqual(expect.arrayContaining([expect.objectContaining({ method: "mfa/webauthn" })]));
    const factors = await c.auth.mfa.listFactors();
    // GoTrue shows the key's authenticator model (a software key's AAGUID is all zeros).
    expect(factors.data?.webauthn).toEqual([
      expect.objectContaining({
        id: factorId,
        factor_type: "webauthn",
        status: "verified",
        friendly_name: "laptop",
        web_authn_aaguid: "00000000-0000-0000-0000-000000000000",
      }),
    ]);
  });
});

/** A user with a verified WebAuthn factor, signed in again with the password (aal1). */
async function enrolledThenSignedInAgain() {
  const { c, email } = await signedIn();
  const key = new SoftwareAuthenticator(ORIGIN);
  const { factorId } = await enrolled(c, key);
  const again = h.client();
  await again.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  return { key, factorId, again };
}

describe("later sign-ins", () => {
  it("a verified factor's challenge carries request options naming its key; the assertion raises to aal2", async () => {
    const { key, factorId, again } = await enrolledThenSignedInAgain();
    expect((await again.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: "aal1",
      nextLevel: "aal2",
    });
    const ch = await challenge(again, factorId);
    expect(ch.webauthn.type).toBe("request");
    const options = ch.webauthn.credential_options.publicKey;
    expect(options).toMatchObject({ rpId: "localhost", timeout: 300000 });
    expect(
      (options.allowCredentials as { id: ArrayBuffer }[] | undefined)?.map((a) =>
        Buffer.from(a.id).toString("base64url"),
      ),
    ).toEqual(key.credentialIds);
    const { data, error } = await assertWith(again, key, factorId, ch);
    expect(error).toBeNull();
    expect(decodeJwt(data?.access_token ?? "").aal).toBe("aal2");
  });

  it("refuses another authenticator's key, an answer made on another page and a replayed answer (400s, where GoTrue answers 500, and 422)", async () => {
    const { key, factorId, again } = await enrolledThenSignedInAgain();
    // Another authenticator has no key for this user: nothing to sign with.
    expect(() =>
      new SoftwareAuthenticator(ORIGIN).get({
        challenge: "AAAA",
        rpId: "localhost",
        allowCredentials: key.credentialIds.map((id) => ({ id })),
      }),
    ).toThrow(/NotAllowedError/);
    // The same key used from a page the relying party does not list.
    const wrongPage = await assertWith(again, key.onOrigin("http://localhost:4000"), factorId);
    expect(wrongPage.error).toMatchObject({ status: 400, code: "webauthn_verification_failed" });
    expect((await again.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe("aal1");
    // An answer to one challenge sent against another.
    const first = await challenge(again, factorId);
    const second = await challenge(again, factorId);
    const asserted = key.get(first.webauthn.credential_options.publicKey as unknown as RequestOptions);
    const crossed = await again.auth.mfa.verify({
      factorId,
      challengeId: second.id,
      webauthn: { type: "request", rpId: RP.rpId, credential_response: asserted as never },
    } as Parameters<SupabaseClient["auth"]["mfa"]["verify"]>[0]);
    expect(crossed.error).toMatchObject({ status: 400, code: "webauthn_verification_failed" });
    // The body over HTTP: the passkeys' refusal (decision record 0136).
    const session = (await again.auth.getSession()).data.session;
    const third = await challenge(again, factorId);
    const res = await fetch(`${h.url}/auth/v1/factors/${factorId}/verify`, {
      method: "POST",
      headers: {
        apikey: h.emulator.anonKey,
        authorization: `Bearer ${session?.access_token ?? ""}`,
        "content-type": "application/json",
        "x-supabase-api-version": "2024-01-01",
      },
      body: JSON.stringify({
        challenge_id: third.id,
        webauthn: { type: "request", credential_response: asserted.toJSON() },
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: "webauthn_verification_failed",
      message: "Credential verification failed",
    });
    // A verified challenge cannot be answered twice.
    const good = await challenge(again, factorId);
    expect((await assertWith(again, key, factorId, good)).error).toBeNull();
    expect((await assertWith(again, key, factorId, good)).error).toMatchObject({
      status: 422,
      code: "mfa_ip_address_mismatch",
    });
  });

  it("a malformed answer is 400 validation_failed, as GoTrue parses before it verifies", async () => {
    const { c } = await signedIn();
    const { data } = await c.auth.mfa.enroll({ factorType: "webauthn" });
    const ch = await challenge(c, data?.id ?? "");
    const token = (await c.auth.getSession()).data.session?.access_token ?? "";
    const post = (body: unknown) =>
      fetch(`${h.url}/auth/v1/factors/${data?.id ?? ""}/verify`, {
        method: "POST",
        headers: {
          apikey: h.emulator.anonKey,
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "x-supabase-api-version": "2024-01-01",
        },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown }));
    expect(await post({ challenge_id: ch.id })).toEqual({
      status: 400,
      body: { code: "validation_failed", message: "WebAuthn config required" },
    });
    expect(await post({ challenge_id: ch.id, webauthn: { type: "sign" } })).toEqual({
      status: 400,
      body: { code: "validation_failed", message: "WebAuthn type must be create or request" },
    });
    expect(await post({ challenge_id: ch.id, webauthn: { type: "create" } })).toEqual({
      status: 400,
      body: { code: "validation_failed", message: "credential_response required" },
    });
    expect(await post({ challenge_id: ch.id, webauthn: { type: "create", credential_response: { id: "x" } } })).toEqual(
      { status: 400, body: { code: "validation_failed", message: "Invalid credential_response" } },
    );
  });
});

describe("switched by config.toml", () => {
  it("off (the shipped config): enrol is 422 mfa_webauthn_enroll_not_enabled", async () => {
    const off = await startAuthHarness();
    try {
      const { c } = await signedIn(off);
      expect((await c.auth.mfa.enroll({ factorType: "webauthn" })).error).toMatchObject({
        status: 422,
        code: "mfa_webauthn_enroll_not_enabled",
        message: "MFA enroll is disabled for WebAuthn",
      });
    } finally {
      await off.close();
    }
  });

  it("verify_enabled off: the challenge is 422 mfa_webauthn_verify_not_enabled", async () => {
    const { c } = await signedIn(verifyOff);
    const { data, error } = await c.auth.mfa.enroll({ factorType: "webauthn" });
    expect(error).toBeNull();
    const ch = await c.auth.mfa.challenge({ factorId: data?.id ?? "", webauthn: { rpId: RP.rpId } });
    expect(ch.error).toMatchObject({
      status: 422,
      code: "mfa_webauthn_verify_not_enabled",
      message: "MFA verification is disabled for WebAuthn",
    });
  });

  it("on without [auth.webauthn] (no relying party): the emulator refuses to start, naming what is missing", async () => {
    const file = path.join(config.dir, "no-rp.toml");
    fs.writeFileSync(file, "[auth.mfa.web_authn]\nenroll_enabled = true\n");
    await expect(startAuthEmulator({ config: file, quiet: true })).rejects.toThrow(
      "[auth.webauthn] rp_id, rp_display_name, rp_origins required when auth.mfa.web_authn.enroll_enabled is on",
    );
  });
});
