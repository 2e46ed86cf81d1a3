// Every verification route refuses a bad answer with a 4xx, never a 5xx (a client retries 5xx):
// fast-check tampers with genuine WebAuthn attestations and assertions (factors and passkeys) and
// sends malformed TOTP codes, OTPs and token hashes, PKCE verifiers and refresh tokens, over HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  SoftwareAuthenticator,
  type CreationOptions,
  type RequestOptions,
} from "../../supabase/emulator/test-support/software-authenticator";
import { startAuthHarness, type AuthHarness } from "../support/auth-harness";
import { TEST_PASSWORD, uniqueEmail } from "../support/founders";
import { WEBAUTHN_ORIGIN, webAuthnConfig } from "../support/webauthn";
import { scaled } from "../support/machine";

const config = webAuthnConfig(
  "[auth.passkey]\nenabled = true\n\n[auth.mfa.web_authn]\nenroll_enabled = true\nverify_enabled = true",
);
const RUNS = { numRuns: 20 };
let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness({
    config: config.file,
    configOverrides: {
      mfa: { totp: { enrollEnabled: true, verifyEnabled: true } },
      // Limits out of the way: the property is about the status of a refusal, not about 429s.
      rateLimit: { tokenVerifications: 1e6, signInSignUps: 1e6, tokenRefresh: 1e6, failedAttemptsPerAccount: 1e6 },
    },
  });
});
afterAll(async () => {
  await h?.close();
  config.remove();
});

type Json = Record<string, unknown>;

async function post(path: string, body: unknown, bearer?: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${h.url}/auth/v1${path}`, {
    method: "POST",
    headers: {
      apikey: h.emulator.anonKey,
      "content-type": "application/json",
      "x-supabase-api-version": "2024-01-01",
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Json };
}

async function ok(path: string, body: unknown, bearer?: string): Promise<Json> {
  const res = await post(path, body, bearer);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function signedIn(): Promise<string> {
  const email = uniqueEmail("fuzz");
  await h.admin().auth.admin.createUser({ email, password: TEST_PASSWORD, email_confirm: true });
  const s = await ok("/token?grant_type=password", { email, password: TEST_PASSWORD });
  return s.access_token as string;
}

/** A tampering of a credential's JSON: a flipped byte in one binary field, or a field replaced. */
const tamper = fc.oneof(
  fc.record({
    kind: fc.constant("flip" as const),
    field: fc.constantFrom("clientDataJSON", "authenticatorData", "signature", "attestationObject", "userHandle"),
    at: fc.nat(),
    bit: fc.integer({ min: 0, max: 7 }),
  }),
  fc.record({
    kind: fc.constant("replace" as const),
    path: fc.constantFrom("id", "rawId", "type", "response", "response.clientDataJSON", "response.signature"),
    value: fc.oneof(fc.jsonValue(), fc.base64String(), fc.constant("")),
  }),
);

type Tamper = typeof tamper extends fc.Arbitrary<infer T> ? T : never;

function applied(credential: Json, t: Tamper): Json {
  const copy = structuredClone(credential);
  const response = copy.response as Json;
  if (t.kind === "flip") {
    const value = response[t.field];
    if (typeof value !== "string" || value === "") return copy;
    const bytes = Buffer.from(value, "base64url");
    const i = t.at % bytes.length;
    bytes[i] = (bytes[i] as number) ^ (1 << t.bit);
    response[t.field] = bytes.toString("base64url");
    return copy;
  }
  const [head, tail] = t.path.split(".") as [string, string | undefined];
  if (tail) response[tail] = t.value;
  else copy[head] = t.value;
  return copy;
}

/** A refusal, never a failure: 4xx, and never the retryable 5xx a client would try again. */
function expectRefusal(res: { status: number; body: Json }) {
  expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
}

const optionsOf = (ch: Json) =>
  (ch.webauthn as { credential_options: { publicKey: unknown } }).credential_options.publicKey;

/** A signed-in user with a new WebAuthn factor, and a way to challenge it. */
async function webAuthnFactor() {
  const bearer = await signedIn();
  const enrolled = await ok("/factors", { factor_type: "webauthn", friendly_name: "key" }, bearer);
  const factorId = enrolled.id as string;
  return { bearer, factorId, challenge: () => ok(`/factors/${factorId}/challenge`, {}, bearer) };
}

describe("WebAuthn second factors", () => {
  it(
    "a tampered attestation is a 4xx",
    async () => {
      await fc.assert(
        fc.asyncProperty(tamper, async (t) => {
          const { bearer, factorId, challenge } = await webAuthnFactor();
          const ch = await challenge();
          const created = new SoftwareAuthenticator(WEBAUTHN_ORIGIN).create(optionsOf(ch) as CreationOptions).toJSON();
          const response = applied(created as unknown as Json, t);
          const body = { challenge_id: ch.id, webauthn: { type: "create", credential_response: response } };
          const res = await post(`/factors/${factorId}/verify`, body, bearer);
          if (res.status !== 200) expectRefusal(res);
        }),
        { numRuns: 10 },
      );
    },
    scaled(60_000),
  );

  it(
    "a tampered assertion is a 4xx",
    async () => {
      const { bearer, factorId, challenge } = await webAuthnFactor();
      const key = new SoftwareAuthenticator(WEBAUTHN_ORIGIN);
      const first = await challenge();
      const created = key.create(optionsOf(first) as CreationOptions).toJSON();
      const verified = await ok(
        `/factors/${factorId}/verify`,
        { challenge_id: first.id, webauthn: { type: "create", credential_response: created } },
        bearer,
      );
      const aal2 = verified.access_token as string;
      await fc.assert(
        fc.asyncProperty(tamper, async (t) => {
          const ch = await ok(`/factors/${factorId}/challenge`, {}, aal2);
          const asserted = key.get(optionsOf(ch) as RequestOptions).toJSON() as unknown as Json;
          const body = {
            challenge_id: ch.id,
            webauthn: { type: "request", credential_response: applied(asserted, t) },
          };
          const res = await post(`/factors/${factorId}/verify`, body, aal2);
          if (res.status !== 200) expectRefusal(res);
        }),
        RUNS,
      );
    },
    scaled(60_000),
  );
});

describe("passkeys", () => {
  it(
    "a tampered registration or sign-in answer is a 4xx",
    async () => {
      const bearer = await signedIn();
      const register = async (key: SoftwareAuthenticator, t?: Tamper) => {
        const start = await ok("/passkeys/registration/options", {}, bearer);
        const created = key.create(start.options as CreationOptions).toJSON() as unknown as Json;
        const credential = t ? applied(created, t) : created;
        return post("/passkeys/registration/verify", { challenge_id: start.challenge_id, credential }, bearer);
      };
      const key = new SoftwareAuthenticator(WEBAUTHN_ORIGIN);
      expect((await register(key)).status).toBe(200);
      await fc.assert(
        fc.asyncProperty(tamper, async (t) => {
          // A new authenticator each time: one whose key was taken is refused by the options' exclude list.
          const res = await register(new SoftwareAuthenticator(WEBAUTHN_ORIGIN), t);
          if (res.status !== 200) expectRefusal(res);
        }),
        { numRuns: 8 },
      );
      await fc.assert(
        fc.asyncProperty(tamper, async (t) => {
          const start = await ok("/passkeys/authentication/options", {});
          const asserted = key.get(start.options as RequestOptions).toJSON() as unknown as Json;
          const res = await post("/passkeys/authentication/verify", {
            challenge_id: start.challenge_id,
            credential: applied(asserted, t),
          });
          if (res.status !== 200) expectRefusal(res);
        }),
        RUNS,
      );
    },
    scaled(60_000),
  );
});

/** Anything a client might put where a string belongs. */
const junk = fc.oneof(
  fc.string(),
  fc.jsonValue(),
  fc.base64String(),
  fc.constant(null),
  fc.stringMatching(/^[0-9a-f]{0,64}$/),
);

describe("codes and tokens", () => {
  it(
    "a malformed TOTP code or challenge is a 4xx",
    async () => {
      const bearer = await signedIn();
      const factor = await ok("/factors", { factor_type: "totp", friendly_name: "app" }, bearer);
      await fc.assert(
        fc.asyncProperty(junk, junk, fc.boolean(), async (code, challengeId, realChallenge) => {
          const ch = await ok(`/factors/${factor.id as string}/challenge`, {}, bearer);
          const body = { challenge_id: realChallenge ? ch.id : challengeId, code };
          expectRefusal(await post(`/factors/${factor.id as string}/verify`, body, bearer));
        }),
        RUNS,
      );
    },
    scaled(60_000),
  );

  it(
    "a wrong or malformed OTP, token hash, PKCE verifier or refresh token is a 4xx",
    async () => {
      const email = uniqueEmail("fuzz-otp");
      await h.admin().auth.admin.createUser({ email, password: TEST_PASSWORD, email_confirm: true });
      const session = await ok("/token?grant_type=password", { email, password: TEST_PASSWORD });
      const refresh = session.refresh_token as string;
      const types = fc.constantFrom("signup", "magiclink", "recovery", "invite", "email_change", "email", "sms", "x");
      await fc.assert(
        fc.asyncProperty(types, junk, junk, fc.boolean(), async (type, token, tokenHash, byHash) => {
          const body = byHash ? { type, token_hash: tokenHash } : { type, token, email };
          expectRefusal(await post("/verify", body));
        }),
        RUNS,
      );
      await fc.assert(
        fc.asyncProperty(junk, junk, async (authCode, verifier) => {
          expectRefusal(await post("/token?grant_type=pkce", { auth_code: authCode, code_verifier: verifier }));
        }),
        RUNS,
      );
      await fc.assert(
        fc.asyncProperty(fc.oneof(junk, fc.nat({ max: refresh.length - 1 })), async (t) => {
          // A real refresh token with one character changed, or anything at all.
          const token =
            typeof t === "number"
              ? `${refresh.slice(0, t)}${refresh[t] === "a" ? "b" : "a"}${refresh.slice(t + 1)}`
              : t;
          expectRefusal(await post("/token?grant_type=refresh_token", { refresh_token: token }));
        }),
        RUNS,
      );
    },
    scaled(60_000),
  );
});
