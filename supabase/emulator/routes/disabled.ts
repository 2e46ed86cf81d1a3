// Features the emulator does not offer, answered as GoTrue answers with them switched off, so a
// client gets the same error here as from a Supabase project without them (the package README
// lists each): SAML SSO, custom OIDC/OAuth providers, the OAuth 2.1 server's authorization flow
// (its admin client API is in oauth-clients.ts), and an audit log kept in the database.
import type { FastifyInstance } from "fastify";
import type { AuthContext } from "../context";
import { notFound } from "../errors";
import { requireUser } from "../http/guards";
import { pageOf, sendPageHeaders } from "../http/pagination";

const samlDisabled = () => notFound("saml_provider_disabled", "SAML 2.0 is disabled");
const oauthServerDisabled = () => notFound("feature_disabled", "OAuth server is disabled");
const customProvidersDisabled = () => notFound("feature_disabled", "Custom OAuth providers are disabled");

const refuse = (make: () => Error) => async () => {
  throw make();
};

export function registerDisabledFeatureRoutes(app: FastifyInstance, ctx: AuthContext): void {
  // GoTrue serves SAML under /sso/saml; its OpenAPI document names /saml: both answer alike.
  app.post("/sso", refuse(samlDisabled));
  for (const prefix of ["/sso/saml", "/saml"]) {
    app.get(`${prefix}/metadata`, refuse(samlDisabled));
    app.post(`${prefix}/acs`, refuse(samlDisabled));
  }

  app.post("/oauth/clients/register", refuse(oauthServerDisabled));
  app.post("/oauth/token", refuse(oauthServerDisabled));
  app.get("/oauth/authorize", refuse(oauthServerDisabled));
  app.get("/oauth/userinfo", refuse(oauthServerDisabled));
  app.get("/oauth/authorizations/:authorizationId", refuse(oauthServerDisabled));
  app.post("/oauth/authorizations/:authorizationId/consent", refuse(oauthServerDisabled));
  // Under GoTrue's /user group: the caller is authenticated before the feature is looked at.
  const grants = async (req: Parameters<typeof requireUser>[1]) => {
    await requireUser(ctx, req);
    throw oauthServerDisabled();
  };
  app.get("/user/oauth/grants", grants);
  app.delete("/user/oauth/grants", grants);
}

/** The admin side of the same features, registered behind the admin guard (routes/admin.ts). */
export function registerDisabledAdminRoutes(app: FastifyInstance): void {
  // adminAuditLog of a GoTrue that writes no audit rows to its database (AUDIT_LOG_DISABLE_POSTGRES).
  app.get("/admin/audit", async (req, reply) => {
    const page = pageOf(req);
    sendPageHeaders(reply, "/admin/audit", page, 0);
    return [];
  });

  // With SAML off GoTrue still lists providers and looks them up; none can be made here.
  app.get("/admin/sso/providers", async () => ({ items: [] }));
  app.post("/admin/sso/providers", refuse(samlDisabled));
  const noProvider = refuse(() => notFound("sso_provider_not_found", "SSO Identity Provider not found"));
  app.get("/admin/sso/providers/:providerId", noProvider);
  app.put("/admin/sso/providers/:providerId", noProvider);
  app.delete("/admin/sso/providers/:providerId", noProvider);

  const custom = refuse(customProvidersDisabled);
  app.get("/admin/custom-providers", custom);
  app.post("/admin/custom-providers", custom);
  app.get("/admin/custom-providers/:identifier", custom);
  app.put("/admin/custom-providers/:identifier", custom);
  app.delete("/admin/custom-providers/:identifier", custom);
}
