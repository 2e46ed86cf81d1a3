// MFA (mfa.go): enrol a TOTP or WebAuthn factor, challenge it, verify a code or the
// authenticator's answer (raising the session to aal2 and returning fresh tokens), and unenroll
// (downgrading the sessions it raised).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { AuthContext } from "../context";
import { forbidden, notFound, unprocessable, validationFailed } from "../errors";
import { matchingTotpStep, newTotpSecret, totpQrSvg, totpUri } from "../totp";
import { downgradeSessionsOfFactor, upgradeSessionWithFactor } from "../sessions";
import { isoToMs } from "../clock";
import type { FactorRow, SessionRow, UserRow } from "../store";
import {
  creationOptions,
  parseAssertion,
  parseRegistration,
  requestOptions,
  saveChallenge,
  verifyAssertion,
  verifyCreation,
  verifiedOr400,
  webAuthnVerificationFailed,
} from "../webauthn";
import { isUuid, parseBody } from "../http/body";
import { requireSession } from "../http/guards";

/** Unverified factors never challenged are swept after this long (GoTrue factor_expiry_duration). */
const FACTOR_EXPIRY_MS = 300_000;
const CHALLENGE_EXPIRY_S = 300;

const EnrollBody = z.looseObject({
  factor_type: z.string().nullish(),
  friendly_name: z.string().nullish(),
  issuer: z.string().nullish(),
});
const VerifyBody = z.looseObject({
  challenge_id: z.string().nullish(),
  code: z.string().nullish(),
  webauthn: z.looseObject({ type: z.string().nullish(), credential_response: z.unknown().optional() }).nullish(),
});

function ownFactor(ctx: AuthContext, user: UserRow, req: FastifyRequest): FactorRow {
  const id = (req.params as { factorId: string }).factorId;
  if (!isUuid(id)) throw notFound("validation_failed", "factor_id must be an UUID");
  const factor = ctx.store.factors.findFactor(id);
  // Another user's factor is indistinguishable from a missing one.
  if (!factor || factor.user_id !== user.id) throw notFound("mfa_factor_not_found", "Factor not found");
  return factor;
}

/** validateChallenge: the challenge of this factor, from this address, unused and in time. */
function liveChallenge(ctx: AuthContext, factor: FactorRow, challengeId: string | null | undefined, ip: string) {
  const challenge = challengeId ? ctx.store.factors.findChallenge(challengeId) : undefined;
  if (!challenge || challenge.factor_id !== factor.id) {
    throw unprocessable("mfa_factor_not_found", "MFA factor with the provided challenge ID not found");
  }
  if (Date.now() > isoToMs(challenge.created_at) + CHALLENGE_EXPIRY_S * 1000) {
    throw unprocessable(
      "mfa_challenge_expired",
      `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  if (challenge.verified_at || challenge.ip_address !== ip) {
    throw unprocessable("mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch.");
  }
  return challenge;
}

/** A factor's first verification protects the account: other aal1 sessions and leftover unverified factors go. */
function markVerified(ctx: AuthContext, user: UserRow, session: SessionRow, factor: FactorRow): void {
  ctx.store.factors.setFactorStatus(factor.id, "verified");
  for (const other of ctx.store.sessions.sessionsOf(user.id)) {
    if (other.id !== session.id && other.aal === "aal1") ctx.store.sessions.deleteSession(other.id);
  }
  ctx.store.factors.deleteUnverifiedFactorsOf(user.id, factor.id);
}

/** challengeWebAuthnFactor: creation options for a new factor, request options for a verified one. */
function challengeWebAuthn(ctx: AuthContext, user: UserRow, factor: FactorRow, challengeId: string) {
  const keys = ctx.store.webauthn.webAuthnFactorCredentialsOf(user.id);
  const create = factor.status !== "verified";
  const { challenge, options } = create
    ? creationOptions(ctx, user, "factor", keys)
    : requestOptions(ctx, "factor", keys);
  saveChallenge(
    ctx,
    { id: challengeId, user_id: user.id, kind: create ? "create" : "request", challenge },
    CHALLENGE_EXPIRY_S,
  );
  return { type: create ? "create" : "request", credential_options: { publicKey: options } };
}

/** verifyWebAuthnFactor: the authenticator's answer to this factor's challenge, checked by the library. */
async function verifyWebAuthn(
  ctx: AuthContext,
  req: FastifyRequest,
  user: UserRow,
  session: SessionRow,
  factor: FactorRow,
) {
  const body = parseBody(VerifyBody, req);
  const answer = body.webauthn;
  if (!answer) throw validationFailed("WebAuthn config required");
  if (answer.type !== "create" && answer.type !== "request")
    throw validationFailed("WebAuthn type must be create or request");
  if (answer.credential_response == null) throw validationFailed("credential_response required");
  const challenge = liveChallenge(ctx, factor, body.challenge_id, req.ip);
  const started = ctx.store.webauthn.consumeWebAuthnChallenge(challenge.id);
  if (!started) throw unprocessable("mfa_factor_not_found", "MFA factor with the provided challenge ID not found");
  // GoTrue answers a failed check with a 500 (retried by clients); here it is the passkeys' 400 (decision 0136).
  if (answer.type === "create") {
    const response = parseRegistration(answer.credential_response);
    if (!response) throw validationFailed("Invalid credential_response");
    // Stricter than GoTrue: a new key answers only the creation options it was asked for.
    if (started.kind !== "create") throw webAuthnVerificationFailed();
    const key = await verifiedOr400(verifyCreation(ctx, response, started.challenge));
    ctx.store.transaction(() => {
      ctx.store.factors.markChallengeVerified(challenge.id);
      if (factor.status !== "verified") {
        ctx.store.webauthn.insertWebAuthnCredential({
          id: randomUUID(),
          user_id: user.id,
          factor_id: factor.id,
          ...key,
          friendly_name: factor.friendly_name,
        });
        markVerified(ctx, user, session, factor);
      }
    });
  } else {
    const response = parseAssertion(answer.credential_response);
    if (!response) throw validationFailed("Invalid credential_response");
    // Any key of the user's verified WebAuthn factors answers (the user's WebAuthnCredentials).
    const stored = ctx.store.webauthn.webAuthnFactorCredentialsOf(user.id).find((c) => c.credential_id === response.id);
    if (!stored || started.kind !== "request") throw webAuthnVerificationFailed();
    const counter = await verifiedOr400(verifyAssertion(ctx, response, started.challenge, stored));
    ctx.store.transaction(() => {
      ctx.store.factors.markChallengeVerified(challenge.id);
      ctx.store.webauthn.updateWebAuthnCredential(stored.id, {
        sign_count: counter,
        last_used_at: new Date().toISOString(),
      });
    });
  }
  const fresh = ctx.store.users.findUserById(user.id) ?? user;
  return upgradeSessionWithFactor(ctx, fresh, session, factor.id, "mfa/webauthn");
}

export function registerFactorRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const { totp, webAuthn } = ctx.settings.mfa;

  app.post("/factors", async (req) => {
    const { user, session } = await requireSession(ctx, req);
    if (user.is_anonymous) throw forbidden("no_authorization", "Anonymous user not allowed to perform these actions");
    const body = parseBody(EnrollBody, req);
    // Phone factors are off here, answered as GoTrue does with them off (mfa.go EnrollFactor).
    if (body.factor_type === "phone")
      throw unprocessable("mfa_phone_enroll_not_enabled", "MFA enroll is disabled for Phone");
    if (body.factor_type === "webauthn") {
      if (!webAuthn.enrollEnabled)
        throw unprocessable("mfa_webauthn_enroll_not_enabled", "MFA enroll is disabled for WebAuthn");
    } else if (body.factor_type !== "totp") {
      throw validationFailed("factor_type needs to be totp, phone, or webauthn");
    } else if (!totp.enrollEnabled) {
      throw unprocessable("mfa_totp_enroll_not_enabled", "MFA enroll is disabled for TOTP");
    }
    const friendlyName = body.friendly_name ?? "";
    const issuer = body.issuer || new URL(ctx.settings.siteUrl).host;

    ctx.store.factors.deleteExpiredUnverifiedFactors(new Date(Date.now() - FACTOR_EXPIRY_MS).toISOString());
    const factors = ctx.store.factors.factorsOf(user.id);
    // The empty name conflicts too (GoTrue compares names as given).
    if (factors.some((f) => f.friendly_name === friendlyName)) {
      throw unprocessable(
        "mfa_factor_name_conflict",
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
    }
    if (factors.length >= ctx.settings.mfa.maxEnrolledFactors) {
      throw unprocessable(
        "too_many_enrolled_mfa_factors",
        "Maximum number of verified factors reached, unenroll to continue",
      );
    }
    if (factors.some((f) => f.status === "verified") && session.aal !== "aal2") {
      throw forbidden("insufficient_aal", "AAL2 required to enroll a new factor");
    }
    if (body.factor_type === "webauthn") {
      // The key itself arrives with the first verification (the challenge's creation options).
      const factor = ctx.store.factors.insertFactor({
        id: randomUUID(),
        user_id: user.id,
        friendly_name: friendlyName,
        factor_type: "webauthn",
        status: "unverified",
        secret: "",
      });
      return { id: factor.id, type: "webauthn", friendly_name: friendlyName };
    }
    const secret = newTotpSecret();
    const uri = totpUri(issuer, user.email, secret);
    const factor = ctx.store.factors.insertFactor({
      id: randomUUID(),
      user_id: user.id,
      friendly_name: friendlyName,
      factor_type: "totp",
      status: "unverified",
      secret,
    });
    return {
      id: factor.id,
      type: "totp",
      friendly_name: friendlyName,
      totp: { qr_code: await totpQrSvg(uri), secret, uri },
    };
  });

  app.post("/factors/:factorId/challenge", async (req) => {
    const { user } = await requireSession(ctx, req);
    const factor = ownFactor(ctx, user, req);
    const isWebAuthn = factor.factor_type === "webauthn";
    if (isWebAuthn && !webAuthn.verifyEnabled)
      throw unprocessable("mfa_webauthn_verify_not_enabled", "MFA verification is disabled for WebAuthn");
    if (!isWebAuthn && !totp.verifyEnabled)
      throw unprocessable("mfa_totp_verify_not_enabled", "MFA verification is disabled for TOTP");
    ctx.limiter.hit("token_verifications", req.ip);
    const challenge = ctx.store.factors.insertChallenge({ id: randomUUID(), factor_id: factor.id, ip_address: req.ip });
    const expiresAt = Math.floor(isoToMs(challenge.created_at) / 1000) + CHALLENGE_EXPIRY_S;
    if (!isWebAuthn) return { id: challenge.id, type: "totp", expires_at: expiresAt };
    return {
      id: challenge.id,
      type: "webauthn",
      expires_at: expiresAt,
      webauthn: challengeWebAuthn(ctx, user, factor, challenge.id),
    };
  });

  app.post("/factors/:factorId/verify", async (req) => {
    const { user, session } = await requireSession(ctx, req);
    const factor = ownFactor(ctx, user, req);
    if (factor.factor_type === "webauthn") {
      // mfa.go VerifyFactor answers this switch with the enrol code (sic).
      if (!webAuthn.verifyEnabled)
        throw unprocessable("mfa_webauthn_enroll_not_enabled", "MFA verification is disabled for WebAuthn");
      ctx.limiter.hit("token_verifications", req.ip);
      return verifyWebAuthn(ctx, req, user, session, factor);
    }
    if (!totp.verifyEnabled)
      throw unprocessable("mfa_totp_verify_not_enabled", "MFA verification is disabled for TOTP");
    ctx.limiter.hit("token_verifications", req.ip);
    const body = parseBody(VerifyBody, req);
    const challenge = liveChallenge(ctx, factor, body.challenge_id, req.ip);
    const code = (body.code ?? "").trim();
    if (!code) throw validationFailed("Code needs to be non-empty");
    ctx.limiter.assertAccountOpen(user.id);
    // A replayed code (its time step already used on this factor) is answered like a wrong one.
    const step = matchingTotpStep(factor.secret, code, ctx.store.factors.lastTotpStep(factor.id));
    if (step === undefined) {
      ctx.limiter.recordFailure(user.id);
      throw unprocessable("mfa_verification_failed", "Invalid TOTP code entered");
    }

    const firstVerification = factor.status !== "verified";
    ctx.store.transaction(() => {
      ctx.store.factors.setLastTotpStep(factor.id, step);
      ctx.store.factors.markChallengeVerified(challenge.id);
      if (firstVerification) markVerified(ctx, user, session, factor);
    });
    const fresh = ctx.store.users.findUserById(user.id) ?? user;
    return upgradeSessionWithFactor(ctx, fresh, session, factor.id, "totp");
  });

  app.delete("/factors/:factorId", async (req) => {
    const { user, session } = await requireSession(ctx, req);
    const factor = ownFactor(ctx, user, req);
    if (factor.status === "verified" && session.aal !== "aal2") {
      throw unprocessable("insufficient_aal", "AAL2 required to unenroll verified factor");
    }
    ctx.store.transaction(() => {
      downgradeSessionsOfFactor(ctx, user.id, factor.id);
      ctx.store.factors.deleteFactor(factor.id);
    });
    return { id: factor.id };
  });
}
