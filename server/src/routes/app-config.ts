// GET /app-config.json (contract/app-config.ts): public, the anon key is public by design.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appConfigDocument } from "../contract/app-config";

/** Browsers treat localhost as a secure context and share its storage with the app; 127.0.0.1 differs. */
function browserFacingUrl(url: string): string {
  const u = new URL(url);
  if (u.hostname === "127.0.0.1") u.hostname = "localhost";
  return u.toString().replace(/\/$/, "");
}

export const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/app-config.json",
    { schema: { hide: true, response: { 200: appConfigDocument } }, config: { public: true } },
    async (_request, reply) => {
      void reply.header("cache-control", "no-store");
      return {
        authUrl: browserFacingUrl(app.config.auth.url),
        anonKey: app.config.auth.anonKey,
        identityUrl: app.config.identity.baseUrl,
        env: app.config.env,
      };
    },
  );
};
