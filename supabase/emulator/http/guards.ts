// Authentication of incoming calls. Like the CLI's gateway, a `Bearer sb_publishable_…` or
// `Bearer sb_secret_…` is first swapped for the anon or service_role JWT; then, like GoTrue,
// user routes need a JWT with a sub whose user and session still exist, and admin routes need
// a JWT whose role is service_role. Only this instance's own keys are swapped (api-keys.ts): on an
// instance with its own secret the CLI's public `sb_secret_…` is an unknown key like any other.
import type { FastifyRequest } from "fastify";
import type { AuthContext } from "../context";
import { forbidden, unauthorized } from "../errors";
import type { SessionRow, UserRow } from "../store";
import type { JWTPayload } from "jose";

function bearerToken(ctx: AuthContext, req: FastifyRequest): string {
  const header = req.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) throw unauthorized("no_authorization", "This endpoint requires a valid Bearer token");
  const token = match[1];
  if (!token.startsWith("sb_")) return token;
  if (token === ctx.apiKeys.publishableKey) return ctx.apiKeys.anonKey;
  if (token === ctx.apiKeys.secretKey) return ctx.apiKeys.serviceRoleKey;
  throw invalidApiKey();
}

const invalidApiKey = () => unauthorized("no_authorization", "Invalid API key");

/**
 * The hosted gateway's key check, for an instance with its own secret (a stand-in for a project):
 * an `apikey` header must be one of this instance's four keys, so a client holding only the CLI's
 * public keys (or another instance's) gets 401 on every route. Requests without one pass on to
 * GoTrue's own checks (mail links, the JWKS, direct GoTrue clients). On the CLI's public secret
 * there is no such check, as in the CLI's stack, whose gateway has none.
 */
export function checkApiKey(ctx: AuthContext, req: FastifyRequest): void {
  if (ctx.publicKeys) return;
  const header = req.headers.apikey;
  if (header === undefined) return;
  const key = Array.isArray(header) ? header[0] : header;
  const { anonKey, serviceRoleKey, publishableKey, secretKey } = ctx.apiKeys;
  if (key !== anonKey && key !== serviceRoleKey && key !== publishableKey && key !== secretKey) throw invalidApiKey();
}

export interface UserAuth {
  user: UserRow;
  session: SessionRow | undefined;
  claims: JWTPayload;
}

export async function requireUser(ctx: AuthContext, req: FastifyRequest): Promise<UserAuth> {
  const claims = await ctx.keys.verify(bearerToken(ctx, req));
  if (!claims.sub) throw forbidden("bad_jwt", "invalid claim: missing sub claim");
  const user = ctx.store.users.findUserById(claims.sub);
  if (!user) throw forbidden("user_not_found", "User from sub claim in JWT does not exist");
  const sessionId = typeof claims.session_id === "string" ? claims.session_id : undefined;
  const session = sessionId ? ctx.store.sessions.findSession(sessionId) : undefined;
  if (sessionId && !session)
    throw forbidden("session_not_found", "Session from session_id claim in JWT does not exist");
  return { user, session, claims };
}

/** Like requireUser, for routes that act on the session itself (MFA, logout). */
export async function requireSession(
  ctx: AuthContext,
  req: FastifyRequest,
): Promise<UserAuth & { session: SessionRow }> {
  const auth = await requireUser(ctx, req);
  if (!auth.session) throw forbidden("session_not_found", "Session from session_id claim in JWT does not exist");
  return { ...auth, session: auth.session };
}

export async function requireAdmin(ctx: AuthContext, req: FastifyRequest): Promise<void> {
  const claims = await ctx.keys.verify(bearerToken(ctx, req));
  // The CLI sets GOTRUE_JWT_ADMIN_ROLES=service_role.
  if (claims.role !== "service_role") throw forbidden("not_admin", "User not allowed");
}
