// GET /health, GET /settings, GET /.well-known/jwks.json: open routes.
import type { FastifyInstance } from "fastify";
import type { AuthContext } from "../context";

const EXTERNAL_PROVIDERS = [
  "anonymous_users",
  "apple",
  "azure",
  "bitbucket",
  "discord",
  "facebook",
  "snapchat",
  "figma",
  "fly",
  "github",
  "gitlab",
  "google",
  "keycloak",
  "kakao",
  "linkedin",
  "linkedin_oidc",
  "notion",
  "spotify",
  "slack",
  "slack_oidc",
  "workos",
  "twitch",
  "twitter",
  "email",
  "phone",
  "zoom",
] as const;

export function registerMetaRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.get("/health", async () => ({
    version: "v2.189.0-emulator",
    name: "GoTrue",
    description: "GoTrue is a user registration and authentication API",
  }));

  app.get("/settings", async () => {
    const enabled: Record<string, boolean> = {
      google: ctx.settings.googleEnabled,
      email: ctx.settings.email.enableSignup,
      phone: ctx.settings.sms.enableSignup,
      anonymous_users: ctx.settings.enableAnonymousSignIns,
    };
    return {
      external: Object.fromEntries(EXTERNAL_PROVIDERS.map((p) => [p, enabled[p] ?? false])),
      disable_signup: !ctx.settings.enableSignup,
      mailer_autoconfirm: !ctx.settings.email.enableConfirmations,
      phone_autoconfirm: !ctx.settings.sms.enableConfirmations,
      sms_provider: "",
      saml_enabled: false,
      saml_private_key_next_configured: false,
      passkeys_enabled: ctx.settings.passkey.enabled,
    };
  });

  app.get("/.well-known/jwks.json", async (_req, reply) => {
    reply.header("Cache-Control", "public, max-age=600");
    return ctx.keys.jwks();
  });
}
