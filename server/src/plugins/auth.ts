// Bearer-token authentication for every /api route but `config: { public: true }` ones and the docs;
// sets request.caller. Bad or revoked token: 401; aal1 token of a user with a second factor: 403
// insufficient_aal; auth service unreachable: 503 (fail closed).
import fp from "fastify-plugin";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config";
import { createTokenVerifier, InvalidTokenError } from "../auth/verify-token";
import { AuthServiceUnavailableError, createSessionCheck, RevokedSessionError } from "../auth/session-check";
import { createAuthenticator, type Authenticator } from "../auth/authenticate";
import { accountIdOfCaller } from "../repositories/accounts";
import { insufficientAal, serviceUnavailable, unauthorized } from "../errors";

const PUBLIC_PREFIXES = ["/api/docs"];

/** Decided once per route as it is added; unmatched requests fall through to the JSON 404 handler. */
function needsAuth(url: string, config: { public?: boolean } | undefined): boolean {
  if (!url.startsWith("/api/") || config?.public) return false;
  return !PUBLIC_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`));
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

function authenticatorFor(auth: Config["auth"]): Authenticator {
  return createAuthenticator(createTokenVerifier(auth), createSessionCheck(auth), { ttlMs: auth.sessionCheckTtlMs });
}

async function auth(
  app: FastifyInstance,
  { config, authenticate = authenticatorFor(config.auth) }: { config: Config; authenticate?: Authenticator },
): Promise<void> {
  app.decorate("authenticator", authenticate);
  app.decorateRequest("caller", null);
  const authenticateRequest = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    let identity;
    try {
      identity = await authenticate(token);
    } catch (err) {
      if (err instanceof InvalidTokenError || err instanceof RevokedSessionError) {
        request.log.info({ reason: err.message }, "rejected bearer token");
        throw unauthorized("Invalid or expired token");
      }
      if (err instanceof AuthServiceUnavailableError) {
        request.log.warn({ reason: err.message }, "could not confirm a session with the auth service");
        throw serviceUnavailable("The sign-in service is unavailable; try again shortly");
      }
      throw err;
    }
    if (identity.needsSecondFactor) throw insufficientAal();
    request.caller = {
      userId: identity.userId,
      email: identity.email,
      roles: identity.roles,
      aal: identity.aal,
      accountId: await accountIdOfCaller(app.db, identity.userId),
    };
  };
  app.addHook("onRoute", (route) => {
    if (!needsAuth(String(route.url ?? route.path), route.config)) return;
    // First among the route's own hooks: the rate limiter keys on the caller.
    route.onRequest = [authenticateRequest, ...(route.onRequest ? [route.onRequest].flat() : [])];
  });
}

/** Decorates app.authenticator and request.caller, and authenticates every /api route (not encapsulated). */
export const authPlugin = fp(auth, { name: "auth", dependencies: ["database"] });
