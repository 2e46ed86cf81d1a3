// Features the emulator does not offer, answered exactly as GoTrue answers when they are switched
// off, so a client gets the same error here as from a Supabase project without them:
// SAML SSO (/sso, /sso/saml/*). (Manual identity linking, off by default: routes/identities.ts.)
import type { FastifyInstance } from "fastify";
import { notFound } from "../errors";

const samlDisabled = () => notFound("saml_provider_disabled", "SAML 2.0 is disabled");

export function registerDisabledFeatureRoutes(app: FastifyInstance): void {
  app.post("/sso", async () => {
    throw samlDisabled();
  });
  app.get("/sso/saml/metadata", async () => {
    throw samlDisabled();
  });
  app.post("/sso/saml/acs", async () => {
    throw samlDisabled();
  });
}
