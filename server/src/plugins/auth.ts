// Bearer-token authentication for every /api route (no cookies). Sets request.caller with the
// token's user, roles and (if created yet) account. Routes opt out only with `config: { public: true }`;
// the API docs are public too.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config";
import { createTokenVerifier, InvalidTokenError, type TokenVerifier } from "../auth/verify-token";
import { withVerifiedTokenCache } from "../auth/token-cache";
import { accountIdOfCaller } from "../repositories/accounts";
import { unauthorized } from "../http-errors";

const PUBLIC_PREFIXES = ["/api/docs"];

function needsAuth(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  // Unmatched routes (url undefined) fall through to the JSON 404 handler.
  if (!url || !url.startsWith("/api/")) return false;
  if (request.routeOptions.config.public) return false;
  return !PUBLIC_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`));
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export function registerAuth(
  app: FastifyInstance,
  config: Config,
  verifier: TokenVerifier = withVerifiedTokenCache(createTokenVerifier(config.auth)),
): void {
  app.decorateRequest("caller", null);
  app.addHook("onRequest", async (request) => {
    if (!needsAuth(request)) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    try {
      const verified = await verifier(token);
      request.caller = {
        userId: verified.userId,
        email: verified.email,
        roles: verified.roles,
        accountId: accountIdOfCaller(app.db, verified.userId),
      };
    } catch (err) {
      if (err instanceof InvalidTokenError) {
        request.log.info({ reason: err.message }, "rejected bearer token");
        throw unauthorized("Invalid or expired token");
      }
      throw err;
    }
  });
}
