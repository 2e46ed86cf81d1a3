// Passkeys (passkey_registration.go, passkey_authentication.go, passkey_manage.go): a signed-in
// user registers a discoverable credential; anyone signs in with one (the authenticator names the
// account); a user lists, renames and deletes theirs. `[auth.passkey] enabled` switches the whole
// /passkeys tree, 404 passkey_disabled when off, as GoTrue's requirePasskeyEnabled.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { AuthContext } from "../context";
import { badRequest, forbidden, notFound, unprocessable, validationFailed } from "../errors";
import { isBanned } from "../accounts";
import { startSession } from "../sessions";
import { isUuid, parseBody } from "../http/body";
import { requireUser } from "../http/guards";
import type { UserRow, WebAuthnCredentialRow } from "../store";
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

/** GoTrue's GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION default. */
const CHALLENGE_EXPIRY_S = 300;
/** GoTrue names a passkey after its authenticator model (AAGUID list); without that list, its fallback. */
const DEFAULT_NAME = "Passkey";

const VerifyBody = z.looseObject({ challenge_id: z.unknown().optional(), credential: z.unknown().optional() });
const UpdateBody = z.looseObject({ friendly_name: z.string().nullish() });

/** PasskeyListItem. */
export function passkeyJson(c: WebAuthnCredentialRow): Record<string, unknown> {
  return {
    id: c.id,
    friendly_name: c.friendly_name || undefined,
    created_at: c.created_at,
    last_used_at: c.last_used_at ?? undefined,
  };
}

const passkeyNotFound = () => notFound("validation_failed", "Passkey not found");

/** A user's passkey by the id GoTrue handed out; a bad or foreign id is "not found" alike. */
export function ownPasskey(ctx: AuthContext, user: UserRow, id: string): WebAuthnCredentialRow {
  const passkey = isUuid(id) ? ctx.store.webauthn.findPasskey(id, user.id) : undefined;
  if (!passkey) throw passkeyNotFound();
  return passkey;
}

/**
 * requireAuthentication, then requirePasskeyManagementAAL: with a verified second factor, only an
 * aal2 session manages passkeys. Registration also refuses anonymous users (requireNotAnonymous).
 */
async function managingUser(ctx: AuthContext, req: FastifyRequest, registering: boolean): Promise<UserRow> {
  const { user, session } = await requireUser(ctx, req);
  if (registering && user.is_anonymous)
    throw forbidden("no_authorization", "Anonymous user not allowed to perform these actions");
  const mfaEnabled = ctx.store.factors.factorsOf(user.id).some((f) => f.status === "verified");
  if (mfaEnabled && session?.aal !== "aal2")
    throw forbidden("insufficient_aal", "AAL2 session is required to manage passkeys when MFA is enabled");
  return user;
}

/** The request's challenge_id and credential, checked in GoTrue's order. */
function verifyParams(req: FastifyRequest): { challengeId: string; credential: unknown } {
  const body = parseBody(VerifyBody, req);
  if (body.challenge_id === undefined || body.challenge_id === null || body.challenge_id === "")
    throw validationFailed("challenge_id is required");
  if (body.credential === undefined || body.credential === null) throw validationFailed("credential is required");
  if (typeof body.challenge_id !== "string" || !isUuid(body.challenge_id))
    throw validationFailed("challenge_id must be a valid UUID");
  return { challengeId: body.challenge_id, credential: body.credential };
}

/** ConsumeWebAuthnChallengeByID: one answer per challenge, of the kind (and user) it was made for. */
function consume(ctx: AuthContext, id: string, kind: "create" | "request", userId: string | null) {
  const challenge = ctx.store.webauthn.consumeWebAuthnChallenge(id);
  if (!challenge || challenge.kind !== kind || challenge.user_id !== userId)
    throw badRequest("webauthn_challenge_not_found", "Challenge not found or already used");
  if (Date.parse(challenge.expires_at) < Date.now())
    throw badRequest("webauthn_challenge_expired", "Challenge has expired");
  return challenge;
}

const invalidResponse = () => badRequest("webauthn_verification_failed", "Invalid credential response");
const tooMany = () => unprocessable("too_many_passkeys", "Maximum number of passkeys reached");

/** The user an assertion's userHandle names (the bytes of a user id), or undefined. */
function userOfHandle(ctx: AuthContext, handle: string | null | undefined): UserRow | undefined {
  const id = handle ? Buffer.from(handle, "base64url").toString("utf8") : "";
  return isUuid(id) ? ctx.store.users.findUserById(id) : undefined;
}

export function registerPasskeyRoutes(parent: FastifyInstance, ctx: AuthContext): void {
  void parent.register(async (app) => {
    app.addHook("onRequest", async () => {
      if (!ctx.settings.passkey.enabled) throw notFound("passkey_disabled", "Passkeys are disabled");
    });

    app.post("/passkeys/registration/options", async (req) => {
      const user = await managingUser(ctx, req, true);
      const existing = ctx.store.webauthn.webAuthnCredentialsOf(user.id);
      if (existing.length >= ctx.settings.passkey.maxPasskeysPerUser) throw tooMany();
      const { challenge, options } = creationOptions(ctx, user, "passkey", existing);
      const challengeId = randomUUID();
      const expiresAt = saveChallenge(
        ctx,
        { id: challengeId, user_id: user.id, kind: "create", challenge },
        CHALLENGE_EXPIRY_S,
      );
      return { challenge_id: challengeId, options, expires_at: Math.floor(Date.parse(expiresAt) / 1000) };
    });

    app.post("/passkeys/registration/verify", async (req) => {
      const user = await managingUser(ctx, req, true);
      const { challengeId, credential } = verifyParams(req);
      const challenge = consume(ctx, challengeId, "create", user.id);
      const response = parseRegistration(credential);
      if (!response) throw invalidResponse();
      const key = await verifiedOr400(verifyCreation(ctx, response, challenge.challenge));
      const passkey = ctx.store.transaction(() => {
        if (ctx.store.webauthn.webAuthnCredentialsOf(user.id).length >= ctx.settings.passkey.maxPasskeysPerUser)
          throw tooMany();
        if (ctx.store.webauthn.findWebAuthnCredential(key.credential_id))
          throw unprocessable("webauthn_credential_exists", "This credential is already registered");
        return ctx.store.webauthn.insertWebAuthnCredential({
          id: randomUUID(),
          user_id: user.id,
          factor_id: null,
          ...key,
          friendly_name: DEFAULT_NAME,
        });
      });
      return { id: passkey.id, friendly_name: passkey.friendly_name, created_at: passkey.created_at };
    });

    app.post("/passkeys/authentication/options", async (req) => {
      ctx.limiter.hit("sign_in_sign_ups", req.ip);
      const { challenge, options } = requestOptions(ctx, "passkey", []);
      const challengeId = randomUUID();
      const expiresAt = saveChallenge(
        ctx,
        { id: challengeId, user_id: null, kind: "request", challenge },
        CHALLENGE_EXPIRY_S,
      );
      return { challenge_id: challengeId, options, expires_at: Math.floor(Date.parse(expiresAt) / 1000) };
    });

    app.post("/passkeys/authentication/verify", async (req) => {
      const { challengeId, credential } = verifyParams(req);
      const challenge = consume(ctx, challengeId, "request", null);
      const response = parseAssertion(credential);
      if (!response) throw invalidResponse();
      // ValidatePasskeyLogin: the account the authenticator names must hold this passkey.
      const user = userOfHandle(ctx, response.response.userHandle);
      const passkey = user
        ? ctx.store.webauthn.webAuthnCredentialsOf(user.id).find((c) => c.credential_id === response.id)
        : undefined;
      if (!user || !passkey) throw webAuthnVerificationFailed();
      const counter = await verifiedOr400(verifyAssertion(ctx, response, challenge.challenge, passkey));
      if (user.email && !user.email_confirmed_at) throw forbidden("email_not_confirmed", "Email not confirmed");
      if (user.phone && !user.phone_confirmed_at) throw forbidden("phone_not_confirmed", "Phone not confirmed");
      if (isBanned(user)) throw forbidden("user_banned", "User is banned");
      ctx.store.webauthn.updateWebAuthnCredential(passkey.id, {
        sign_count: counter,
        last_used_at: new Date().toISOString(),
      });
      return startSession(ctx, user, "passkey");
    });

    app.get("/passkeys", async (req) => {
      const { user } = await requireUser(ctx, req);
      return ctx.store.webauthn.webAuthnCredentialsOf(user.id).map(passkeyJson);
    });

    app.patch("/passkeys/:passkeyId", async (req) => {
      const { user } = await requireUser(ctx, req);
      const id = (req.params as { passkeyId: string }).passkeyId;
      if (!isUuid(id)) throw passkeyNotFound();
      const name = parseBody(UpdateBody, req).friendly_name ?? "";
      if (!name) throw validationFailed("friendly_name is required");
      if (name.length > 120) throw validationFailed("friendly_name must be 120 characters or less");
      const passkey = ownPasskey(ctx, user, id);
      return passkeyJson(ctx.store.webauthn.updateWebAuthnCredential(passkey.id, { friendly_name: name }));
    });

    app.delete("/passkeys/:passkeyId", async (req, reply: FastifyReply) => {
      const user = await managingUser(ctx, req, false);
      const passkey = ownPasskey(ctx, user, (req.params as { passkeyId: string }).passkeyId);
      ctx.store.webauthn.deleteWebAuthnCredential(passkey.id);
      return reply.status(204).send();
    });
  });
}
