// Verifies Supabase access tokens with jose: JWKS keys by default, HS256 only with an explicit
// secret; `sub`, `exp`, the issuer and the "authenticated" audience are required.
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload, type JWTVerifyOptions } from "jose";
import { rolesFromClaims, type Role } from "../contract/roles";

const TOKEN_AUDIENCE = "authenticated";
const ASYMMETRIC_ALGS = ["ES256", "RS256"];

interface VerifiedToken {
  userId: string;
  email: string | null;
  /** The roles the token was issued with (the session check may narrow them). */
  roles: Role[];
  /** GoTrue's authenticator assurance level: "aal2" once a second factor was verified in the session. */
  aal: string | null;
  claims: JWTPayload;
}

export type TokenVerifier = (token: string) => Promise<VerifiedToken>;

export class InvalidTokenError extends Error {}

export interface TokenVerifierOptions {
  jwksUrl: string;
  issuer: string;
  /** HS256 secret; undefined means HS256 tokens are refused. */
  jwtSecret?: string;
}

export function createTokenVerifier(opts: TokenVerifierOptions): TokenVerifier {
  const secret = opts.jwtSecret ? new TextEncoder().encode(opts.jwtSecret) : undefined;
  const jwks = createRemoteJWKSet(new URL(opts.jwksUrl), { cacheMaxAge: 10 * 60_000 });
  const checks: JWTVerifyOptions = { audience: TOKEN_AUDIENCE, issuer: opts.issuer, requiredClaims: ["exp", "sub"] };

  return async (token) => {
    let alg: string | undefined;
    try {
      alg = decodeProtectedHeader(token).alg;
    } catch {
      throw new InvalidTokenError("Malformed token");
    }
    let payload: JWTPayload;
    try {
      if (alg === "HS256" && secret) {
        ({ payload } = await jwtVerify(token, secret, { ...checks, algorithms: ["HS256"] }));
      } else if (alg && ASYMMETRIC_ALGS.includes(alg)) {
        ({ payload } = await jwtVerify(token, jwks, { ...checks, algorithms: ASYMMETRIC_ALGS }));
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
      aal: typeof payload.aal === "string" ? payload.aal : null,
      claims: payload,
    };
  };
}
