// Who is calling: the bearer token verified and its session confirmed with the auth service, then
// remembered per token for SESSION_CHECK_TTL_SECONDS (never past its exp; failures never): the
// longest a sign-out, ban or removed role goes unnoticed (decision 0001). Roles: the token's that
// the user still holds.
import { LRUCache } from "lru-cache";
import type { Role } from "../contract/roles";
import type { TokenVerifier } from "./verify-token";
import { AuthServiceUnavailableError, RevokedSessionError, type SessionCheck } from "./session-check";
import { counter } from "../metrics";

const sessionChecks = counter({
  name: "session_checks_total",
  help: "Bearer tokens' sessions: hit (the remembered answer), miss (asked the auth service), revoked (it refused the session), auth_service_error (it did not answer)",
  labelNames: ["result"],
  zeroed: [{ result: "hit" }, { result: "miss" }, { result: "revoked" }, { result: "auth_service_error" }],
});
const checks = {
  hit: sessionChecks.labels("hit"),
  miss: sessionChecks.labels("miss"),
  revoked: sessionChecks.labels("revoked"),
  authServiceError: sessionChecks.labels("auth_service_error"),
};

interface Identity {
  userId: string;
  email: string | null;
  roles: Role[];
  aal: string | null;
  /** The user has a verified second factor and this token is not aal2: every API call is refused. */
  needsSecondFactor: boolean;
}

export interface Authenticator {
  (token: string): Promise<Identity>;
  /** Drops what this instance remembers of a user (after this instance changed their roles). */
  forgetUser(userId: string): void;
}

export interface AuthenticatorOptions {
  ttlMs: number;
  /** Most tokens remembered at once (default 10,000). */
  maxEntries?: number;
  /** Clock, for tests. */
  now?: () => number;
}

export function createAuthenticator(
  verify: TokenVerifier,
  checkSession: SessionCheck,
  opts: AuthenticatorOptions,
): Authenticator {
  const now = opts.now ?? Date.now;
  // ttlResolution 0: the clock read on every lookup. Keyed by the signature segment (a short key to
  // hash); a hit still needs the exact token.
  const cache = new LRUCache<string, { token: string; identity: Identity }>({
    max: opts.maxEntries ?? 10_000,
    perf: { now },
    ttlResolution: 0,
  });
  const keyOf = (token: string) => token.slice(token.lastIndexOf(".") + 1);

  const authenticate = async (token: string): Promise<Identity> => {
    const key = keyOf(token);
    const hit = cache.get(key);
    if (hit?.token === token) {
      checks.hit.inc();
      return hit.identity;
    }
    const verified = await verify(token);
    checks.miss.inc();
    const session = await checkSession(token).catch((err: unknown) => {
      if (err instanceof AuthServiceUnavailableError) checks.authServiceError.inc();
      else if (err instanceof RevokedSessionError) checks.revoked.inc();
      throw err;
    });
    const identity: Identity = {
      userId: verified.userId,
      email: verified.email,
      roles: verified.roles.filter((r) => session.roles.includes(r)),
      aal: verified.aal,
      needsSecondFactor: session.hasVerifiedFactor && verified.aal !== "aal2",
    };
    // jose refuses a token from the millisecond its exp (seconds) is reached.
    const exp = typeof verified.claims.exp === "number" ? verified.claims.exp * 1000 : Number.POSITIVE_INFINITY;
    // lru-cache counts an entry stale once its age is *more* than ttl: one ms less makes it stale
    // from the moment the lifetime (or the token) ends.
    const ttl = Math.min(opts.ttlMs, exp - now()) - 1;
    if (ttl >= 1) cache.set(key, { token, identity }, { ttl });
    return identity;
  };

  return Object.assign(authenticate, {
    forgetUser(userId: string) {
      for (const [key, entry] of cache.entries()) if (entry.identity.userId === userId) cache.delete(key);
    },
  });
}
