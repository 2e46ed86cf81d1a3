// Remembers tokens that passed verification, so a client's burst of requests with the same access
// token pays the signature check (ES256 through WebCrypto, ~0.5 ms) once instead of per request.
// Only successes are kept, never failures; an entry lives until the token's own `exp` or a short
// TTL, whichever comes first, and is checked on every hit, so an expired token is refused exactly
// as before (the miss goes back through the full verifier, which rejects it). The TTL bounds how
// long a JWKS key rotation can go unnoticed. Least-recently-used entries go first once full.
import type { TokenVerifier, VerifiedToken } from "./verify-token";

export interface TokenCacheOptions {
  /** Most tokens remembered at once (default 10,000). */
  maxEntries?: number;
  /** Longest an entry is trusted, in ms, even if the token is valid for longer (default 60 s). */
  ttlMs?: number;
  /** Clock, for tests. */
  now?: () => number;
}

interface Entry {
  verified: VerifiedToken;
  /** Epoch ms after which the entry must not be used. */
  usableUntil: number;
}

export function withVerifiedTokenCache(verify: TokenVerifier, opts: TokenCacheOptions = {}): TokenVerifier {
  const maxEntries = opts.maxEntries ?? 10_000;
  const ttlMs = opts.ttlMs ?? 60_000;
  const now = opts.now ?? Date.now;
  // A Map iterates in insertion order: re-inserting on a hit keeps the least recently used first.
  const entries = new Map<string, Entry>();

  return async (token) => {
    const hit = entries.get(token);
    if (hit) {
      entries.delete(token);
      if (now() < hit.usableUntil) {
        entries.set(token, hit);
        return hit.verified;
      }
    }
    const verified = await verify(token);
    const at = now();
    // jose refuses a token once the current second reaches `exp`, i.e. from exp * 1000 ms on.
    const exp = typeof verified.claims.exp === "number" ? verified.claims.exp * 1000 : Number.POSITIVE_INFINITY;
    const usableUntil = Math.min(exp, at + ttlMs);
    if (at < usableUntil) {
      entries.set(token, { verified, usableUntil });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    }
    return verified;
  };
}
