// POST /token?grant_type=password|refresh_token|pkce (token.go). grant_type is read from the query.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AuthContext } from "../context";
import { badRequest, invalidCredentials, unprocessable, validationFailed } from "../errors";
import { isBanned } from "../accounts";
import { redeemAuthCode } from "../pkce";
import { refreshSession, startSession } from "../sessions";
import { parseBody, queryParam } from "../http/body";

const PasswordBody = z.looseObject({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
});
const RefreshBody = z.looseObject({ refresh_token: z.string().nullish() });
const IdTokenBody = z.looseObject({
  provider: z.string().nullish(),
  issuer: z.string().nullish(),
  id_token: z.string().nullish(),
});
/** Providers whose issuer GoTrue knows without reading the token. */
const ID_TOKEN_ISSUERS: Record<string, string> = {
  google: "https://accounts.google.com",
  facebook: "https://www.facebook.com",
  kakao: "https://kauth.kakao.com",
};
const PkceBody = z.looseObject({ auth_code: z.string().nullish(), code_verifier: z.string().nullish() });

export function registerTokenRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.post("/token", async (req) => {
    const grant = queryParam(req, "grant_type");
    switch (grant) {
      case "password": {
        ctx.limiter.hit("sign_in_sign_ups", req.ip);
        const body = parseBody(PasswordBody, req);
        if (body.email && body.phone)
          throw validationFailed("Only an email address or phone number should be provided on login.");
        if (body.phone && !ctx.settings.sms.enableSignup)
          throw badRequest("phone_provider_disabled", "Phone logins are disabled");
        const phone = body.phone ? body.phone.replace(/^\+/, "").replaceAll(" ", "") : undefined;
        const user = body.email
          ? ctx.store.users.findUserByEmail(body.email.trim().toLowerCase())
          : phone
            ? ctx.store.users.findUserByPhone(phone)
            : undefined;
        if (!user || !user.encrypted_password) throw invalidCredentials();
        if (isBanned(user)) throw badRequest("user_banned", "User is banned");
        ctx.limiter.assertAccountOpen(user.id);
        if (!(await ctx.passwords.matches(body.password ?? "", user.encrypted_password))) {
          ctx.limiter.recordFailure(user.id);
          throw invalidCredentials();
        }
        if (phone) {
          if (!user.phone_confirmed_at) throw badRequest("phone_not_confirmed", "Phone not confirmed");
        } else if (!user.email_confirmed_at) throw badRequest("email_not_confirmed", "Email not confirmed");
        const session = await startSession(ctx, user, "password");
        // A password that no longer meets the policy still signs in, with a warning (password.go).
        const strength = ctx.passwords.evaluate(body.password ?? "");
        return strength.reasons.length
          ? { ...session, weak_password: { message: strength.message, reasons: strength.reasons } }
          : session;
      }
      case "refresh_token": {
        ctx.limiter.hit("token_refresh", req.ip);
        const token = parseBody(RefreshBody, req).refresh_token ?? "";
        if (token.length < 12) throw validationFailed("Refresh token is not valid");
        return refreshSession(ctx, token);
      }
      case "pkce": {
        ctx.limiter.hit("token_verifications", req.ip);
        const body = parseBody(PkceBody, req);
        const { userId, method } = redeemAuthCode(ctx, body.auth_code, body.code_verifier);
        const user = ctx.store.users.findUserById(userId);
        if (!user) throw badRequest("user_not_found", "User not found");
        return startSession(ctx, user, method);
      }
      case "web3":
        throw unprocessable("web3_provider_disabled", "Web3 provider is disabled");
      case "id_token": {
        // No ID-token provider is configured: GoTrue's answer for the issuers it knows by name
        // (token_oidc.go getProvider), and for any other provider name.
        const body = parseBody(IdTokenBody, req);
        const issuer =
          (Object.hasOwn(ID_TOKEN_ISSUERS, body.provider ?? "") ? ID_TOKEN_ISSUERS[body.provider ?? ""] : undefined) ??
          Object.values(ID_TOKEN_ISSUERS).find((i) => i === body.issuer);
        if (issuer) throw badRequest("provider_disabled", `Provider (issuer "${issuer}") is not enabled`);
        throw badRequest("validation_failed", `Custom OIDC provider "${body.provider ?? ""}" not allowed`);
      }
      default:
        throw badRequest("invalid_credentials", "unsupported_grant_type");
    }
  });
}
