// The bearer credentials an attacker (or a broken client) may present, built from a real token
// so that only the one property under test is wrong.
import { SignJWT, base64url, decodeJwt } from "jose";

export type Credential =
  | "none"
  | "malformed"
  | "bad signature"
  | "alg none"
  | "expired"
  | "wrong audience"
  | "another founder"
  | "deleted user"
  | "owner";

export const CREDENTIALS: readonly Credential[] = ["none", "malformed", "bad signature", "alg none", "expired", "wrong audience", "another founder", "deleted user", "owner"];

/** The credentials no route may accept: they must all get 401 with the API's error body. */
export const REJECTED = ["none", "malformed", "bad signature", "alg none", "expired", "wrong audience"] as const satisfies readonly Credential[];

const encode = (v: unknown) => base64url.encode(JSON.stringify(v));

/** The owner's own claims, re-signed with the project's HS256 secret but with one claim changed. */
async function resigned(ownerToken: string, secret: string, change: Record<string, unknown>): Promise<string> {
  const claims = { ...decodeJwt(ownerToken), ...change };
  return new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(new TextEncoder().encode(secret));
}

/** The Authorization header value for each forged credential (undefined = send none). */
export async function forgedAuthorizations(ownerToken: string, jwtSecret: string): Promise<Record<(typeof REJECTED)[number], string | undefined>> {
  const [header, payload, signature] = ownerToken.split(".") as [string, string, string];
  // Flip the signature's first character: same header and claims, signature no longer matches.
  const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
  const now = Math.floor(Date.now() / 1000);
  return {
    none: undefined,
    malformed: "Bearer not-a-jwt",
    "bad signature": `Bearer ${header}.${payload}.${flipped}`,
    "alg none": `Bearer ${encode({ alg: "none", typ: "JWT" })}.${payload}.`,
    // Correctly signed, so only the claim is wrong.
    expired: `Bearer ${await resigned(ownerToken, jwtSecret, { iat: now - 7200, exp: now - 3600 })}`,
    "wrong audience": `Bearer ${await resigned(ownerToken, jwtSecret, { aud: "anon" })}`,
  };
}
