// Verifies Supabase-style access tokens with jose: HS256 with the project's JWT secret (what the
// Supabase CLI's anon/service keys and older stacks use) and, when a JWKS URL is configured, the
// asymmetric keys the auth service publishes (ES256/RS256 with a kid, as current stacks sign user
// tokens). `alg: none`, bad signatures, expired tokens and audiences other than "authenticated"
// are rejected by jwtVerify itself.
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from "jose";
import { rolesFromClaims, type Role } from "../contract/roles";

export const TOKEN_AUDIENCE = "authenticated";
const ASYMMETRIC_ALGS = ["ES256", "RS256"];

export interface VerifiedToken {
  userId: string;
  email: string | null;
  roles: Role[];
  claims: JWTPayload;
}

export type TokenVerifier = (token: string) => Promise<VerifiedToken>;

export class InvalidTokenError extends Error {}

export function createTokenVerifier(opts: { jwtSecret: string; jwksUrl: string | undefined }): TokenVerifier {
  const secret = new TextEncoder().encode(opts.jwtSecret);
  const jwks = opts.jwksUrl ? createRemoteJWKSet(new URL(opts.jwksUrl), { cacheMaxAge: 10 * 60_000 }) : undefined;

  return async (token) => {
    let alg: string | undefined;
    try {
      alg = decodeProtectedHeader(token).alg;
    } catch {
      throw new InvalidTokenError("Malformed token");
    }
    let payload: JWTPayload;
    try {
      if (alg === "HS256") {
        ({ payload } = await jwtVerify(token, secret, { algorithms: ["HS256"], audience: TOKEN_AUDIENCE }));
      } else if (jwks && alg && ASYMMETRIC_ALGS.includes(alg)) {
        ({ payload } = await jwtVerify(token, jwks, { algorithms: ASYMMETRIC_ALGS, audience: TOKEN_AUDIENCE }));
      } else {
        throw new InvalidTokenError(`Unsupported token algorithm ${alg ?? "(none)"}`);
      }
    } catch (err) {
      if (err instanceof InvalidTokenError) throw err;
      throw new InvalidTokenError(err instanceof Error ? err.message : "Invalid token");
    }
    if (typeof payload.sub !== "string" || !payload.sub) throw new InvalidTokenError("Token has no subject");
    return {
      userId: payload.sub,
      email: typeof payload.email === "string" && payload.email ? payload.email : null,
      roles: rolesFromClaims(payload),
      claims: payload,
    };
  };
}
