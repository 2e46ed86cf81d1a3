// Features the emulator does not offer, answered exactly as GoTrue answers when they are switched
// off, so a client gets the same error here as from a Supabase project without them:
// SAML SSO (/sso, /sso/saml/*) and manual identity linking (/user/identities/*).
import type { FastifyInstance } from "fastify";
import type { AuthContext } from "../context";
import { notFound } from "../errors";
import { requireUser } from "../http/guards";

const samlDisabled = () => notFound("saml_provider_disabled", "SAML 2.0 is disabled");
const manualLinkingDisabled = () => notFound("manual_linking_disabled", "Manual linking is disabled");

export function registerDisabledFeatureRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.post("/sso", async () => {
    throw samlDisabled();
  });
  app.get("/sso/saml/metadata", async () => {
    throw samlDisabled();
  });
  app.post("/sso/saml/acs", async () => {
    throw samlDisabled();
  });
  // Under /user, GoTrue authenticates first (401/403 without a valid session), then refuses.
  app.get("/user/identities/authorize", async (req) => {
    await requireUser(ctx, req);
    throw manualLinkingDisabled();
  });
  app.delete("/user/identities/:identityId", async (req) => {
    await requireUser(ctx, req);
    throw manualLinkingDisabled();
  });
}
