// Routes that mail a link: POST /recover (recover.go), POST /resend (resend.go),
// POST /otp (magic links, otp.go) and POST /invite. Unknown addresses get the same `{}` as
// known ones, so nobody can probe which emails have accounts.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AuthContext } from "../context";
import { badRequest, unprocessable, validationFailed } from "../errors";
import { createPhoneUser, sendPhoneCode, validatePhone } from "../phone";
import { normalizeEmail } from "../passwords";
import { createUser } from "../accounts";
import { sendEmailChange, sendLink } from "../email-tokens";
import { pkceParams } from "../pkce";
import { userJson } from "../serialize";
import { parseBody, queryParam } from "../http/body";
import { requireAdmin } from "../http/guards";

const EmailBody = z.looseObject({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  type: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  create_user: z.boolean().nullish(),
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
});

export function registerMailRoutes(app: FastifyInstance, ctx: AuthContext): void {
  /** otp.go SmsOtp: a code to a known, confirmed number; a new number signs up first. */
  const phoneOtp = async (input: string, createUser: boolean | null | undefined, data: Record<string, unknown>) => {
    if (!ctx.settings.sms.enableSignup) throw badRequest("phone_provider_disabled", "Unsupported phone provider");
    const phone = validatePhone(input);
    const user = ctx.store.users.findUserByPhone(phone);
    if (!user?.phone_confirmed_at) {
      if (!user && (createUser === false || !ctx.settings.enableSignup))
        throw unprocessable("otp_disabled", "Signups not allowed for otp");
      const autoconfirm = !ctx.settings.sms.enableConfirmations;
      // GoTrue creates and sends in one transaction: a code that cannot be sent leaves no user.
      return ctx.store.transaction(() => {
        const signedUp = user ?? createPhoneUser(ctx, phone, null, data, autoconfirm);
        sendPhoneCode(ctx, ctx.store.users.findUserById(signedUp.id) ?? signedUp, phone, "confirmation");
        return autoconfirm ? { message_id: "test-otp" } : {};
      });
    }
    sendPhoneCode(ctx, user, phone, "confirmation");
    return { message_id: "test-otp" };
  };
  const redirectOf = (req: Parameters<typeof queryParam>[0]) =>
    ctx.redirects.resolve(queryParam(req, "redirect_to"), req.headers.referer);

  app.post("/recover", async (req) => {
    const body = parseBody(EmailBody, req);
    const email = normalizeEmail(body.email);
    const pkce = pkceParams(body);
    const user = ctx.store.users.findUserByEmail(email);
    if (user) await sendLink(ctx, user, "recovery", { redirectTo: redirectOf(req), pkce });
    return {};
  });

  app.post("/resend", async (req) => {
    const body = parseBody(EmailBody, req);
    if (body.type === "sms" || body.type === "phone_change") {
      if (!ctx.settings.sms.enableSignup) throw unprocessable("phone_provider_disabled", "Phone logins are disabled");
      // resend.go: found by the current number; nothing to resend answers {} like an unknown number.
      const user = ctx.store.users.findUserByPhone(validatePhone(body.phone));
      if (body.type === "sms" && user && !user.phone_confirmed_at) {
        sendPhoneCode(ctx, user, user.phone, "confirmation");
        return { message_id: "test-otp" };
      }
      if (body.type === "phone_change" && user?.phone_change) {
        sendPhoneCode(ctx, user, user.phone_change, "phone_change");
        return { message_id: "test-otp" };
      }
      return {};
    }
    if (body.type !== "signup" && body.type !== "email_change")
      throw validationFailed("Missing one of these types: signup, email_change, sms, phone_change");
    const email = normalizeEmail(body.email);
    const pkce = pkceParams(body);
    if (body.type === "signup") {
      const user = ctx.store.users.findUserByEmail(email);
      if (user && !user.email_confirmed_at) await sendLink(ctx, user, "signup", { redirectTo: redirectOf(req), pkce });
    } else {
      const user = ctx.store.users.findUserByEmail(email);
      // Both addresses again when both must confirm (resend.go calls sendEmailChange).
      if (user?.new_email) await sendEmailChange(ctx, user, user.new_email, { redirectTo: redirectOf(req), pkce });
    }
    return {};
  });

  /** otp.go / magic_link.go for an address: a new one signs up (confirmation mail), a known one gets a magic link. */
  const emailOtp = async (req: FastifyRequest, body: z.infer<typeof EmailBody>) => {
    const email = normalizeEmail(body.email);
    const pkce = pkceParams(body);
    let user = ctx.store.users.findUserByEmail(email);
    if (!user) {
      if (body.create_user === false || !ctx.settings.enableSignup)
        throw unprocessable("otp_disabled", "Signups not allowed for otp");
      user = createUser(ctx, {
        email,
        passwordHash: null,
        provider: "email",
        userMetadata: body.data ?? {},
        metadataFrom: "identity",
        confirmed: false,
      });
    }
    await sendLink(ctx, user, user.email_confirmed_at ? "magiclink" : "signup", { redirectTo: redirectOf(req), pkce });
    return {};
  };

  app.post("/otp", async (req) => {
    const body = parseBody(EmailBody, req);
    ctx.limiter.hit("sign_in_sign_ups", req.ip);
    if (body.phone && !body.email) return phoneOtp(body.phone, body.create_user, body.data ?? {});
    return emailOtp(req, body);
  });

  // The deprecated twin of /otp for an address (supabase-js no longer calls it); 422s are its own.
  app.post("/magiclink", async (req) => {
    const body = parseBody(EmailBody, req);
    if (!ctx.settings.email.enableSignup) throw unprocessable("email_provider_disabled", "Email logins are disabled");
    if (!body.email) throw unprocessable("validation_failed", "Password recovery requires an email");
    ctx.limiter.hit("sign_in_sign_ups", req.ip);
    return emailOtp(req, { ...body, create_user: true });
  });

  app.post("/invite", async (req) => {
    await requireAdmin(ctx, req);
    const body = parseBody(EmailBody, req);
    const email = normalizeEmail(body.email);
    const existing = ctx.store.users.findUserByEmail(email);
    if (existing?.email_confirmed_at)
      throw unprocessable("email_exists", "A user with this email address has already been registered");
    const user =
      existing ??
      createUser(ctx, {
        email,
        passwordHash: null,
        provider: "email",
        userMetadata: body.data ?? {},
        metadataFrom: "data",
        confirmed: false,
        invited: true,
      });
    await sendLink(ctx, user, "invite", { redirectTo: redirectOf(req) });
    return userJson(ctx.store, ctx.store.users.findUserById(user.id) ?? user);
  });
}
