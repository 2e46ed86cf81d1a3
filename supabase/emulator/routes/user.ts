// GET /user, PUT /user (user.go UserUpdate) and POST /logout (logout.go).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AuthContext } from "../context";
import { unauthorized, unprocessable, validationFailed } from "../errors";
import { completeEmailChange, mergeMetadata } from "../accounts";
import { normalizeEmail } from "../passwords";
import { sendEmailChange } from "../email-tokens";
import { confirmPhone, sendPhoneCode, validatePhone } from "../phone";
import { assertPasswordChangeAllowed, sendReauthenticationCode } from "../reauthentication";
import { userJson } from "../serialize";
import { parseBody, queryParam } from "../http/body";
import { requireSession, requireUser } from "../http/guards";

const UpdateBody = z.looseObject({
  email: z.string().nullish(),
  password: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  phone: z.string().nullish(),
  nonce: z.string().nullish(),
});

export function registerUserRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.get("/user", async (req) => {
    const { user } = await requireUser(ctx, req);
    return userJson(ctx.store, user);
  });

  app.put("/user", async (req) => {
    const { user, session } = await requireUser(ctx, req);
    const body = parseBody(UpdateBody, req);
    if (body.phone && !ctx.settings.sms.enableSignup)
      throw unprocessable("phone_provider_disabled", "Phone logins are disabled");
    const newPhone = body.phone ? validatePhone(body.phone) : undefined;
    let current = user;
    // GoTrue validates the parameters first, then (user.go UserUpdate) refuses a new password or
    // address from a session below aal2 once the user has a verified factor.
    if (body.password != null) ctx.passwords.assertStrong(body.password);
    const newEmail = body.email ? normalizeEmail(body.email) : undefined;
    const changesCredentials =
      Boolean(body.password) ||
      (newEmail !== undefined && newEmail !== user.email) ||
      (newPhone !== undefined && newPhone !== user.phone);
    if (
      changesCredentials &&
      session?.aal !== "aal2" &&
      ctx.store.factors.factorsOf(user.id).some((f) => f.status === "verified")
    ) {
      throw unauthorized(
        "insufficient_aal",
        "AAL2 session is required to update email or password when MFA is enabled.",
      );
    }
    if (newPhone !== undefined && newPhone !== user.phone && ctx.store.users.findUserByPhone(newPhone)) {
      throw unprocessable("phone_exists", "Phone number already registered by another user");
    }
    if (user.is_anonymous && body.password && !body.email && !body.phone) {
      throw unprocessable(
        "validation_failed",
        "Updating password of an anonymous user without an email or phone is not allowed",
      );
    }

    if (body.password != null) {
      assertPasswordChangeAllowed(ctx, user, session, body.nonce);
      if (await ctx.passwords.matches(body.password, user.encrypted_password)) {
        throw unprocessable("same_password", "New password should be different from the old password.");
      }
      const hash = await ctx.passwords.hash(body.password);
      current = ctx.store.transaction(() => {
        const updated = ctx.store.users.updateUser(user.id, { encrypted_password: hash });
        // A new password signs out every other session and voids outstanding mail links (UpdatePassword).
        ctx.store.sessions.deleteSessionsOf(user.id, session?.id);
        ctx.store.oneTimeTokens.deleteOneTimeTokens(user.id, ["confirmation", "recovery"]);
        return updated;
      });
    }

    if (body.data)
      current = ctx.store.users.updateUser(user.id, { user_metadata: mergeMetadata(current.user_metadata, body.data) });

    if (newEmail !== undefined) {
      const email = newEmail;
      if (email !== current.email) {
        if (ctx.store.users.findUserByEmail(email))
          throw unprocessable("email_exists", "A user with this email address has already been registered");
        const redirectTo = ctx.redirects.resolve(queryParam(req, "redirect_to"), req.headers.referer);
        if (current.is_anonymous && !ctx.settings.email.enableConfirmations) {
          // An anonymous user adding an address with confirmations off is like a sign-up: done at once.
          current = completeEmailChange(ctx, current, email);
        } else {
          current = ctx.store.users.updateUser(user.id, { new_email: email });
          await sendEmailChange(ctx, current, email, { redirectTo });
          current = ctx.store.users.findUserById(user.id) ?? current;
        }
      }
    }
    if (newPhone !== undefined && newPhone !== current.phone) {
      // With SMS confirmations off the number changes at once (user.go: smsVerify phone_change).
      if (!ctx.settings.sms.enableConfirmations) current = confirmPhone(ctx, current, newPhone, "phone_change");
      else {
        sendPhoneCode(ctx, current, newPhone, "phone_change");
        current = ctx.store.users.findUserById(user.id) ?? current;
      }
    }
    return userJson(ctx.store, current);
  });

  // GoTrue routes GET (what supabase-js sends); its OpenAPI document names POST: both answer.
  const reauthenticate = async (req: FastifyRequest) => {
    const { user } = await requireUser(ctx, req);
    await sendReauthenticationCode(ctx, user);
    return {};
  };
  app.get("/reauthenticate", reauthenticate);
  app.post("/reauthenticate", reauthenticate);

  app.post("/logout", async (req, reply) => {
    const scope = queryParam(req, "scope") ?? "global";
    if (!["global", "local", "others"].includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
    const { user, session } = await requireSession(ctx, req);
    if (scope === "local") ctx.store.sessions.deleteSession(session.id);
    else if (scope === "others") ctx.store.sessions.deleteSessionsOf(user.id, session.id);
    else ctx.store.sessions.deleteSessionsOf(user.id);
    return reply.status(204).send();
  });
}
