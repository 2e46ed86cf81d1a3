// POST /signup (signup.go): password policy first, then the email; new users either get a
// session (confirmations off) or a confirmation mail and a bare user (confirmations on).
import type { FastifyInstance } from "fastify";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { AuthContext } from "../context";
import { ApiError, badRequest, unprocessable } from "../errors";
import { normalizeEmail } from "../passwords";
import { createAnonymousUser, createUser, type NewUser } from "../accounts";
import { sendLink } from "../email-tokens";
import { pkceParams } from "../pkce";
import { signUpWithSession, startSession } from "../sessions";
import { userJson } from "../serialize";
import { nowIso } from "../clock";
import { createPhoneUser, sendPhoneCode, validatePhone } from "../phone";
import { parseBody, queryParam } from "../http/body";

const SignupBody = z.looseObject({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
});

/** signup.go for a phone number: a session at once with SMS confirmations off, else a code. */
async function signUpByPhone(ctx: AuthContext, phone: string, password: string, data: Record<string, unknown>) {
  const existing = ctx.store.users.findUserByPhone(phone);
  if (existing?.phone_confirmed_at) throw unprocessable("user_already_exists", "User already registered");
  if (existing) {
    sendPhoneCode(ctx, existing, phone, "confirmation");
    return userJson(ctx.store, ctx.store.users.findUserById(existing.id) ?? existing);
  }
  const autoconfirm = !ctx.settings.sms.enableConfirmations;
  const user = createPhoneUser(ctx, phone, await ctx.passwords.hash(password), data, autoconfirm);
  if (autoconfirm) return startSession(ctx, user, "password");
  try {
    sendPhoneCode(ctx, user, phone, "confirmation");
  } catch (err) {
    // As with mail: no code sent, no user.
    ctx.store.users.deleteUser(user.id);
    throw err;
  }
  return userJson(ctx.store, ctx.store.users.findUserById(user.id) ?? user);
}

export function registerSignupRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.post("/signup", async (req) => {
    const body = parseBody(SignupBody, req);
    // Neither address nor phone is an anonymous sign-in (api.go routes it before the handler).
    if (!body.email && !body.phone) {
      if (!ctx.settings.enableAnonymousSignIns)
        throw unprocessable("anonymous_provider_disabled", "Anonymous sign-ins are disabled");
      ctx.limiter.hit("anonymous_users", req.ip);
      if (!ctx.settings.enableSignup) throw unprocessable("signup_disabled", "Signups not allowed for this instance");
      return startSession(ctx, createAnonymousUser(ctx, body.data ?? {}), "anonymous");
    }
    if (!ctx.settings.enableSignup) throw unprocessable("signup_disabled", "Signups not allowed for this instance");
    ctx.limiter.hit("sign_in_sign_ups", req.ip);
    if (!body.password) throw unprocessable("validation_failed", "Signup requires a valid password");
    ctx.passwords.assertStrong(body.password);
    if (body.email && body.phone)
      throw unprocessable("validation_failed", "Only an email address or phone number should be provided on signup.");
    if (body.phone && !body.email) {
      if (!ctx.settings.sms.enableSignup) throw unprocessable("phone_provider_disabled", "Phone signups are disabled");
      return signUpByPhone(ctx, validatePhone(body.phone), body.password, body.data ?? {});
    }
    if (!ctx.settings.email.enableSignup) throw badRequest("email_provider_disabled", "Email signups are disabled");
    const email = normalizeEmail(body.email);
    const pkce = pkceParams(body);
    const redirectTo = ctx.redirects.resolve(queryParam(req, "redirect_to"), req.headers.referer);
    const data = body.data ?? {};
    const autoconfirm = !ctx.settings.email.enableConfirmations;

    const existing = ctx.store.users.findUserByEmail(email);
    if (existing?.email_confirmed_at) {
      if (autoconfirm) throw unprocessable("user_already_exists", "User already registered");
      // GoTrue hides existing accounts behind a look-alike user with no identities (sanitizeUser).
      const now = nowIso();
      return {
        id: randomUUID(),
        aud: "authenticated",
        role: "",
        email,
        phone: "",
        confirmation_sent_at: now,
        app_metadata: { provider: "email", providers: ["email"] },
        user_metadata: data,
        identities: [],
        created_at: now,
        updated_at: now,
        is_anonymous: false,
      };
    }
    if (existing) {
      // Unconfirmed: resend the confirmation; password and metadata stay as first given.
      await sendLink(ctx, existing, "signup", { redirectTo, pkce });
      return userJson(ctx.store, ctx.store.users.findUserById(existing.id) ?? existing);
    }

    const newUser: NewUser = {
      email,
      passwordHash: await ctx.passwords.hash(body.password),
      provider: "email",
      userMetadata: data,
      metadataFrom: "identity",
      confirmed: autoconfirm,
    };
    if (autoconfirm) return signUpWithSession(ctx, newUser, "password");
    const user = createUser(ctx, newUser);
    try {
      await sendLink(ctx, user, "signup", { redirectTo, pkce });
    } catch (err) {
      // GoTrue creates the user and sends the mail in one transaction: no mail, no user.
      ctx.store.users.deleteUser(user.id);
      if (err instanceof ApiError) throw err;
      console.error("[auth] sending the confirmation mail failed:", (err as Error).message);
      throw new ApiError(500, "unexpected_failure", "Error sending confirmation email");
    }
    return userJson(ctx.store, ctx.store.users.findUserById(user.id) ?? user);
  });
}
