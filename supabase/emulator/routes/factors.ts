// MFA (mfa.go): enrol a TOTP factor, challenge it, verify a code (raising the session to aal2
// and returning fresh tokens), and unenroll (downgrading the sessions it raised).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { AuthContext } from "../context";
import { forbidden, notFound, unprocessable, validationFailed } from "../errors";
import { matchingTotpStep, newTotpSecret, totpQrSvg, totpUri } from "../totp";
import { downgradeSessionsOfFactor, upgradeSessionWithFactor } from "../sessions";
import { isoToMs } from "../clock";
import type { FactorRow, UserRow } from "../store";
import { isUuid, parseBody } from "../http/body";
import { requireSession } from "../http/guards";

/** Unverified factors never challenged are swept after this long (GoTrue factor_expiry_duration). */
const FACTOR_EXPIRY_MS = 300_000;
const CHALLENGE_EXPIRY_S = 300;

const EnrollBody = z.looseObject({ factor_type: z.string().nullish(), friendly_name: z.string().nullish(), issuer: z.string().nullish() });
const VerifyBody = z.looseObject({ challenge_id: z.string().nullish(), code: z.string().nullish() });

function ownFactor(ctx: AuthContext, user: UserRow, req: FastifyRequest): FactorRow {
  const id = (req.params as { factorId: string }).factorId;
  if (!isUuid(id)) throw notFound("validation_failed", "factor_id must be an UUID");
  const factor = ctx.store.findFactor(id);
  // Another user's factor is indistinguishable from a missing one.
  if (!factor || factor.user_id !== user.id) throw notFound("mfa_factor_not_found", "Factor not found");
  return factor;
}

export function registerFactorRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const { totp } = ctx.settings.mfa;

  app.post("/factors", async (req) => {
    const { user, session } = await requireSession(ctx, req);
    if (user.is_anonymous) throw forbidden("no_authorization", "Anonymous user not allowed to perform these actions");
    const body = parseBody(EnrollBody, req);
    // Phone and WebAuthn factors are off here, answered as GoTrue does with them off (mfa.go EnrollFactor).
    if (body.factor_type === "phone") throw unprocessable("mfa_phone_enroll_not_enabled", "MFA enroll is disabled for Phone");
    if (body.factor_type === "webauthn") throw unprocessable("mfa_webauthn_enroll_not_enabled", "MFA enroll is disabled for WebAuthn");
    if (body.factor_type !== "totp") throw validationFailed("factor_type needs to be totp, phone, or webauthn");
    if (!totp.enrollEnabled) throw unprocessable("mfa_totp_enroll_not_enabled", "MFA enroll is disabled for TOTP");
    const friendlyName = body.friendly_name ?? "";
    const issuer = body.issuer || new URL(ctx.settings.siteUrl).host;

    ctx.store.deleteExpiredUnverifiedFactors(new Date(Date.now() - FACTOR_EXPIRY_MS).toISOString());
    const factors = ctx.store.factorsOf(user.id);
    // The empty name conflicts too (GoTrue compares names as given).
    if (factors.some((f) => f.friendly_name === friendlyName)) {
      throw unprocessable("mfa_factor_name_conflict", `A factor with the friendly name "${friendlyName}" for this user already exists`);
    }
    if (factors.length >= ctx.settings.mfa.maxEnrolledFactors) {
      throw unprocessable("too_many_enrolled_mfa_factors", "Maximum number of verified factors reached, unenroll to continue");
    }
    if (factors.some((f) => f.status === "verified") && session.aal !== "aal2") {
      throw forbidden("insufficient_aal", "AAL2 required to enroll a new factor");
    }
    const secret = newTotpSecret();
    const uri = totpUri(issuer, user.email, secret);
    const factor = ctx.store.insertFactor({ id: randomUUID(), user_id: user.id, friendly_name: friendlyName, factor_type: "totp", status: "unverified", secret });
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
    if (!totp.verifyEnabled) throw unprocessable("mfa_totp_verify_not_enabled", "MFA verification is disabled for TOTP");
    ctx.limiter.hit("token_verifications", req.ip);
    const challenge = ctx.store.insertChallenge({ id: randomUUID(), factor_id: factor.id, ip_address: req.ip });
    return { id: challenge.id, type: "totp", expires_at: Math.floor(isoToMs(challenge.created_at) / 1000) + CHALLENGE_EXPIRY_S };
  });

  app.post("/factors/:factorId/verify", async (req) => {
    const { user, session } = await requireSession(ctx, req);
    const factor = ownFactor(ctx, user, req);
    if (!totp.verifyEnabled) throw unprocessable("mfa_totp_verify_not_enabled", "MFA verification is disabled for TOTP");
    ctx.limiter.hit("token_verifications", req.ip);
    const body = parseBody(VerifyBody, req);
    const challenge = body.challenge_id ? ctx.store.findChallenge(body.challenge_id) : undefined;
    if (!challenge || challenge.factor_id !== factor.id) {
      throw unprocessable("mfa_factor_not_found", "MFA factor with the provided challenge ID not found");
    }
    if (Date.now() > isoToMs(challenge.created_at) + CHALLENGE_EXPIRY_S * 1000) {
      throw unprocessable("mfa_challenge_expired", `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`);
    }
    if (challenge.verified_at || challenge.ip_address !== req.ip) {
      throw unprocessable("mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch.");
    }
    const code = (body.code ?? "").trim();
    if (!code) throw validationFailed("Code needs to be non-empty");
    ctx.limiter.assertAccountOpen(user.id);
    // A replayed code (its time step already used on this factor) is answered like a wrong one.
    const step = matchingTotpStep(factor.secret, code, ctx.store.lastTotpStep(factor.id));
    if (step === undefined) {
      ctx.limiter.recordFailure(user.id);
      throw unprocessable("mfa_verification_failed", "Invalid TOTP code entered");
    }

    const firstVerification = factor.status !== "verified";
    ctx.store.transaction(() => {
      ctx.store.setLastTotpStep(factor.id, step);
      ctx.store.markChallengeVerified(challenge.id);
      if (firstVerification) {
        ctx.store.setFactorStatus(factor.id, "verified");
        // The account is now protected: other aal1 sessions and leftover unverified factors go.
        for (const other of ctx.store.sessionsOf(user.id)) {
          if (other.id !== session.id && other.aal === "aal1") ctx.store.deleteSession(other.id);
        }
        ctx.store.deleteUnverifiedFactorsOf(user.id, factor.id);
      }
    });
    const fresh = ctx.store.findUserById(user.id) ?? user;
    return upgradeSessionWithFactor(ctx, fresh, session, factor.id);
  });

  app.delete("/factors/:factorId", async (req) => {
    const { user, session } = await requireSession(ctx, req);
    const factor = ownFactor(ctx, user, req);
    if (factor.status === "verified" && session.aal !== "aal2") {
      throw unprocessable("insufficient_aal", "AAL2 required to unenroll verified factor");
    }
    ctx.store.transaction(() => {
      downgradeSessionsOfFactor(ctx, user.id, factor.id);
      ctx.store.deleteFactor(factor.id);
    });
    return { id: factor.id };
  });
}
