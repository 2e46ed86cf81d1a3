// WebAuthn ceremonies of second factors (mfa.go) and passkeys (passkey_*.go): go-webauthn's options as
// plain JSON, and the answers verified by @simplewebauthn/server.
import { randomBytes } from "node:crypto";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { z } from "zod";
import type { AuthContext } from "./context";
import { badRequest } from "./errors";
import type { UserRow, WebAuthnChallengeRow, WebAuthnCredentialRow } from "./store";

/** go-webauthn's CredentialParametersDefault: ES256/384/512, RS256/384/512, PS256/384/512, EdDSA. */
const ALGORITHMS = [-7, -35, -36, -257, -258, -259, -37, -38, -39, -8];
/** go-webauthn's default ceremony timeout (5 minutes), sent in every set of options. */
const TIMEOUT_MS = 300_000;

export type Ceremony = "factor" | "passkey";

const b64url = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).toString("base64url");

/** models.User.WebAuthnID: the bytes of the user id's text, so the user handle reads back as it. */
const userHandle = (userId: string) => b64url(Buffer.from(userId, "utf8"));

/** The user as the authenticator sees it (models.User for a factor, webAuthnUser for a passkey). */
function userEntity(user: UserRow, ceremony: Ceremony) {
  const name = ceremony === "factor" ? user.email : user.email || user.phone;
  const metaName = user.user_metadata.name;
  const displayName = ceremony === "passkey" && typeof metaName === "string" && metaName ? metaName : name;
  return { name, displayName, id: userHandle(user.id) };
}

/** Passkeys ask for a discoverable credential (getPasskeyWebAuthn); a factor keeps the defaults. */
const PASSKEY_SELECTION = { residentKey: "required", userVerification: "preferred" } as const;

function newChallenge(): string {
  return b64url(randomBytes(32));
}

function descriptor(c: WebAuthnCredentialRow, transports: string[] | undefined) {
  const t = transports ?? c.transports;
  return { type: "public-key", id: c.credential_id, ...(t.length ? { transports: t } : {}) };
}

/** BeginRegistration: what navigator.credentials.create() takes (JSON form), and its challenge. */
export function creationOptions(ctx: AuthContext, user: UserRow, ceremony: Ceremony, exclude: WebAuthnCredentialRow[]) {
  const { rpId, rpDisplayName } = ctx.settings.webauthn;
  const challenge = newChallenge();
  // mfa.go excludes existing factor keys as usb/nfc ones; passkey registration names no transports.
  const excludeCredentials = exclude.map((c) => descriptor(c, ceremony === "factor" ? ["usb", "nfc"] : []));
  return {
    challenge,
    options: {
      rp: { name: rpDisplayName, id: rpId },
      user: userEntity(user, ceremony),
      challenge,
      pubKeyCredParams: ALGORITHMS.map((alg) => ({ type: "public-key", alg })),
      timeout: TIMEOUT_MS,
      ...(excludeCredentials.length ? { excludeCredentials } : {}),
      authenticatorSelection: ceremony === "passkey" ? PASSKEY_SELECTION : {},
      ...(ceremony === "passkey" ? { attestation: "none" } : {}),
    },
  };
}

/** BeginLogin (a factor's keys allowed) or BeginDiscoverableLogin (a passkey: none listed). */
export function requestOptions(ctx: AuthContext, ceremony: Ceremony, allow: WebAuthnCredentialRow[]) {
  const challenge = newChallenge();
  return {
    challenge,
    options: {
      challenge,
      timeout: TIMEOUT_MS,
      rpId: ctx.settings.webauthn.rpId,
      ...(allow.length ? { allowCredentials: allow.map((c) => descriptor(c, undefined)) } : {}),
      ...(ceremony === "passkey" ? { userVerification: PASSKEY_SELECTION.userVerification } : {}),
    },
  };
}

export function saveChallenge(
  ctx: AuthContext,
  row: Omit<WebAuthnChallengeRow, "expires_at">,
  lifetimeSeconds: number,
): string {
  const expiresAt = new Date(Date.now() + lifetimeSeconds * 1000).toISOString();
  ctx.store.webauthn.insertWebAuthnChallenge({ ...row, expires_at: expiresAt });
  return expiresAt;
}

// What go-webauthn's parsers insist on before any cryptography: the JSON of a PublicKeyCredential.
const CredentialBase = { id: z.string().min(1), rawId: z.string().min(1), type: z.literal("public-key") };
const RegistrationJson = z.looseObject({
  ...CredentialBase,
  response: z.looseObject({
    clientDataJSON: z.string().min(1),
    attestationObject: z.string().min(1),
    transports: z.array(z.string()).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
const AssertionJson = z.looseObject({
  ...CredentialBase,
  response: z.looseObject({
    clientDataJSON: z.string().min(1),
    authenticatorData: z.string().min(1),
    signature: z.string().min(1),
    userHandle: z.string().nullish(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/** The credential JSON in a request, or undefined when it is not one (GoTrue's parse error). */
export function parseRegistration(value: unknown): RegistrationResponseJSON | undefined {
  const parsed = RegistrationJson.safeParse(value);
  return parsed.success ? (parsed.data as unknown as RegistrationResponseJSON) : undefined;
}

export function parseAssertion(value: unknown): AuthenticationResponseJSON | undefined {
  const parsed = AssertionJson.safeParse(value);
  return parsed.success ? (parsed.data as unknown as AuthenticationResponseJSON) : undefined;
}

/** The verifier, loaded on the first ceremony: a costly import, for a feature most projects leave off. */
let library: Promise<typeof import("@simplewebauthn/server")> | undefined;
const verifier = () => (library ??= import("@simplewebauthn/server"));

class WebAuthnVerificationError extends Error {}

/** GoTrue's passkey refusal; factors use it too, where GoTrue answers 500 (decision record 0136). */
export const webAuthnVerificationFailed = () =>
  badRequest("webauthn_verification_failed", "Credential verification failed");

/** `check`'s result, a failed verification answered as webAuthnVerificationFailed. */
export async function verifiedOr400<T>(check: Promise<T>): Promise<T> {
  try {
    return await check;
  } catch (err) {
    if (err instanceof WebAuthnVerificationError) throw webAuthnVerificationFailed();
    throw err;
  }
}

function expectations(ctx: AuthContext, challenge: string) {
  // User verification is asked for ("preferred") but, as in go-webauthn, required only when "required".
  return {
    expectedChallenge: challenge,
    expectedOrigin: ctx.settings.webauthn.rpOrigins,
    expectedRPID: ctx.settings.webauthn.rpId,
    requireUserVerification: false,
  };
}

/** CreateCredential: the attestation checked by the library; the new key as it will be stored. */
export async function verifyCreation(ctx: AuthContext, response: RegistrationResponseJSON, challenge: string) {
  const { verifyRegistrationResponse } = await verifier();
  let result;
  try {
    result = await verifyRegistrationResponse({
      response,
      ...expectations(ctx, challenge),
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch (err) {
    throw new WebAuthnVerificationError((err as Error).message);
  }
  if (!result.verified) throw new WebAuthnVerificationError("registration not verified");
  const { credential, aaguid } = result.registrationInfo;
  return {
    credential_id: credential.id,
    public_key: b64url(credential.publicKey),
    sign_count: credential.counter,
    transports: credential.transports ?? [],
    aaguid,
  };
}

/** ValidateLogin: the assertion checked by the library against the stored key; the new counter. */
export async function verifyAssertion(
  ctx: AuthContext,
  response: AuthenticationResponseJSON,
  challenge: string,
  stored: WebAuthnCredentialRow,
): Promise<number> {
  const { verifyAuthenticationResponse } = await verifier();
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response,
      ...expectations(ctx, challenge),
      credential: {
        id: stored.credential_id,
        publicKey: Buffer.from(stored.public_key, "base64url"),
        counter: stored.sign_count,
      },
    });
  } catch (err) {
    throw new WebAuthnVerificationError((err as Error).message);
  }
  if (!result.verified) throw new WebAuthnVerificationError("assertion not verified");
  return result.authenticationInfo.newCounter;
}
