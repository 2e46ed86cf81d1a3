// GET /verify (the mail link: 303 back to the app with the session in the fragment, or
// ?code= in PKCE flows, or the error in the fragment) and POST /verify (verifyOtp: a session).
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { AuthContext } from "../context";
import { ApiError, notFound, validationFailed } from "../errors";
import { completeEmailChange, confirmEmail } from "../accounts";
import { consumeToken, tokenHash, VERIFY_TYPES } from "../email-tokens";
import { normalizeEmail } from "../passwords";
import { consumePhoneCode } from "../phone";
import { startSession, type SessionResponse } from "../sessions";
import type { OneTimeTokenType, UserRow } from "../store";
import { parseBody, queryParam } from "../http/body";
import { toApiError } from "../http/errors";

const VerifyBody = z.looseObject({
  type: z.string().nullish(),
  token: z.string().nullish(),
  token_hash: z.string().nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
});

/** Only applicable when both addresses confirm an e-mail change (verify.go). */
const SINGLE_CONFIRMATION_ACCEPTED =
  "Confirmation link accepted. Please proceed to confirm link sent to the other email";

/**
 * What a verified link does to the account (verify.go signupVerify, recoverVerify,
 * emailChangeVerify); undefined when it was one half of an e-mail change that both addresses
 * confirm (with confirmations on) and the other half is still to come.
 */
function applyVerification(
  ctx: AuthContext,
  type: string,
  user: UserRow,
  consumed: OneTimeTokenType,
): UserRow | undefined {
  if (type === "email_change" && user.new_email) {
    const other: OneTimeTokenType = consumed === "email_change" ? "email_change_current" : "email_change";
    if (ctx.settings.email.enableConfirmations && ctx.store.oneTimeTokens.oneTimeTokenOf(user.id, other))
      return undefined;
    ctx.store.oneTimeTokens.deleteOneTimeTokens(user.id, [other]);
    return completeEmailChange(ctx, user, user.new_email);
  }
  // signup and invite confirm the address; recovery and magic links confirm it too if needed.
  return confirmEmail(ctx, user);
}

/** GoTrue's prepRedirectURL: a message for the app in the fragment (and the query, for PKCE). */
function messageRedirectUrl(base: string, message: string, pkce: boolean): string {
  const url = new URL(base.split("#")[0] as string);
  if (pkce) url.searchParams.set("message", message);
  return `${url.toString()}#${new URLSearchParams({ message, sb: "" }).toString()}`;
}

/** GoTrue's AsRedirectURL: the session as sorted form parameters in the URL fragment. */
export function sessionFragmentUrl(base: string, session: SessionResponse, extra: Record<string, string>): string {
  const params: Record<string, string> = {
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: session.token_type,
    sb: "",
    ...extra,
  };
  const sorted = new URLSearchParams(
    Object.keys(params)
      .sort()
      .map((k): [string, string] => [k, params[k] as string]),
  );
  return `${base.split("#")[0]}#${sorted.toString()}`;
}

/** Errors travel back to the app in the fragment (and, for PKCE, also the query), as GoTrue does. */
function errorRedirectUrl(base: string, err: ApiError, pkce: boolean): string {
  const kind = err.status === 403 ? "access_denied" : err.status >= 500 ? "server_error" : "invalid_request";
  const params = new URLSearchParams({ error: kind, error_code: err.code, error_description: err.message, sb: "" });
  const url = new URL(base.split("#")[0] as string);
  if (pkce) for (const [k, v] of params) url.searchParams.set(k, v);
  return `${url.toString()}#${params.toString()}`;
}

const withQuery = (base: string, key: string, value: string) => {
  const url = new URL(base);
  url.searchParams.set(key, value);
  return url.toString();
};

export function registerVerifyRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.get("/verify", async (req, reply: FastifyReply) => {
    const token = queryParam(req, "token") ?? "";
    const type = queryParam(req, "type") ?? "";
    const redirectTo = ctx.redirects.resolve(queryParam(req, "redirect_to"), req.headers.referer);
    const pkce = token.startsWith("pkce_");
    try {
      if (!VERIFY_TYPES.includes(type) || type === "email")
        throw validationFailed("Verify requires a verification type");
      ctx.limiter.hit("token_verifications", req.ip);
      const consumed = consumeToken(ctx, token, type, true);
      const user = applyVerification(ctx, type, consumed.user, consumed.token.token_type);
      if (!user) return reply.redirect(messageRedirectUrl(redirectTo, SINGLE_CONFIRMATION_ACCEPTED, pkce), 303);
      if (pkce) {
        const flow = ctx.store.flowStates.findFlowState(consumed.token.relates_to);
        if (!flow) throw notFound("flow_state_not_found", "invalid flow state, no valid flow state found");
        ctx.store.flowStates.setFlowStateUser(flow.id, user.id);
        return reply.redirect(withQuery(redirectTo, "code", flow.auth_code), 303);
      }
      const session = await startSession(ctx, user, "otp");
      return reply.redirect(sessionFragmentUrl(redirectTo, session, { type }), 303);
    } catch (err) {
      const apiErr = toApiError(err);
      if (apiErr.status >= 500) throw err;
      return reply.redirect(errorRedirectUrl(redirectTo, apiErr, pkce), 303);
    }
  });

  app.post("/verify", async (req) => {
    const body = parseBody(VerifyBody, req);
    const type = body.type ?? "";
    if (!type) throw validationFailed("Verify requires a verification type");
    if (type === "sms" || type === "phone_change") {
      ctx.limiter.hit("token_verifications", req.ip);
      if (!body.token || !body.phone)
        throw validationFailed("Only an email address or phone number should be provided on verify");
      return startSession(ctx, consumePhoneCode(ctx, body.phone, body.token, type), "otp");
    }
    if (!VERIFY_TYPES.includes(type)) throw validationFailed(`Unsupported verification type "${type}"`);
    ctx.limiter.hit("token_verifications", req.ip);
    let stored: string;
    let viaLink: boolean;
    if (body.token_hash) {
      if (body.email || body.phone) throw validationFailed("Only the token_hash and type should be provided");
      stored = body.token_hash;
      viaLink = true;
    } else if (body.token) {
      if (!body.email) throw validationFailed("Only an email address or phone number should be provided on verify");
      stored = tokenHash(normalizeEmail(body.email), body.token.trim());
      viaLink = false;
    } else {
      throw validationFailed("Verify requires either a token or a token hash");
    }
    const consumed = consumeToken(ctx, stored, type, viaLink);
    const user = applyVerification(ctx, type, consumed.user, consumed.token.token_type);
    if (!user) return { msg: SINGLE_CONFIRMATION_ACCEPTED, code: "200" };
    return startSession(ctx, user, "otp");
  });
}
