// Manual identity linking (GoTrue's /user/identities routes), when `[auth] enable_manual_linking`
// is on; off, both answer 404 manual_linking_disabled as GoTrue does. Either way the caller is
// authenticated first (401/403 without a valid session), as GoTrue's /user group does.
// getUserIdentities is GET /user on the client side (identities are part of the user).
import type { FastifyInstance } from "fastify";
import type { AuthContext } from "../context";
import { manualLinkingDisabled, unlinkIdentity } from "../identities";
import { requireUser } from "../http/guards";
import { queryParam } from "../http/body";
import { providerRedirectUrl } from "./oauth";

export function registerIdentityRoutes(app: FastifyInstance, ctx: AuthContext): void {
  // linkIdentity({ provider }): the provider's page for this user; supabase-js asks for JSON
  // (skip_http_redirect=true), a browser navigation gets the 302.
  app.get("/user/identities/authorize", async (req, reply) => {
    const { user } = await requireUser(ctx, req);
    if (!ctx.settings.manualLinkingEnabled) throw manualLinkingDisabled();
    const url = providerRedirectUrl(ctx, req, user);
    if (queryParam(req, "skip_http_redirect") === "true") return { url };
    return reply.redirect(url, 302);
  });

  app.delete("/user/identities/:identityId", async (req) => {
    const { user } = await requireUser(ctx, req);
    if (!ctx.settings.manualLinkingEnabled) throw manualLinkingDisabled();
    unlinkIdentity(ctx, user, (req.params as { identityId: string }).identityId);
    return {};
  });
}
