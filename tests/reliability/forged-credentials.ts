// Forged credentials every route must refuse, built from a real token so that only the property
// under test is wrong (the authorization matrix's own helper).
import fs from "node:fs";
import { SignJWT, base64url, decodeJwt, type JWK } from "jose";
import { LOCAL_SUPABASE } from "../../server/src/config";
import { jwkSigner } from "../support/auth";

/** Signs claims with a running auth emulator's own private key (the JWK file in its DATA_DIR). */
export function emulatorSigner(keyFile: string): Promise<(claims: Record<string, unknown>) => Promise<string>> {
  return jwkSigner(JSON.parse(fs.readFileSync(keyFile, "utf8")) as JWK);
}

/** The forged credentials no route may accept: they must all get 401 with the API's error body. */
export const REJECTED = [
  "none",
  "malformed",
  "bad signature",
  "alg none",
  "public secret",
  "expired",
  "no exp",
  "wrong audience",
  "foreign issuer",
] as const;

/** Every credential the matrix sends: the rejected ones, then real tokens each route judges on its own. */
export const CREDENTIALS = [
  ...REJECTED,
  "another founder",
  "deleted user",
  "signed out",
  "owner at aal1",
  "owner",
] as const;

const encode = (v: unknown) => base64url.encode(JSON.stringify(v));

/** The Authorization header value for each forged credential (undefined = send none). */
export async function forgedAuthorizations(
  ownerToken: string,
  sign: (claims: Record<string, unknown>) => Promise<string>,
): Promise<Record<(typeof REJECTED)[number], string | undefined>> {
  const [header, payload, signature] = ownerToken.split(".") as [string, string, string];
  // Flip the signature's first character: same header and claims, signature no longer matches.
  const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
  const claims = decodeJwt(ownerToken) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  const { exp: _exp, ...withoutExp } = claims;
  return {
    none: undefined,
    malformed: "Bearer not-a-jwt",
    "bad signature": `Bearer ${header}.${payload}.${flipped}`,
    "alg none": `Bearer ${encode({ alg: "none", typ: "JWT" })}.${payload}.`,
    // What the review found: the owner's claims signed with the Supabase CLI's public secret.
    "public secret": `Bearer ${await new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(new TextEncoder().encode(LOCAL_SUPABASE.jwtSecret))}`,
    // Correctly signed by the auth service's own key, so only the claim is wrong.
    expired: `Bearer ${await sign({ ...claims, iat: now - 7200, exp: now - 3600 })}`,
    "no exp": `Bearer ${await sign(withoutExp)}`,
    "wrong audience": `Bearer ${await sign({ ...claims, aud: "anon" })}`,
    "foreign issuer": `Bearer ${await sign({ ...claims, iss: "https://attacker.example/auth/v1" })}`,
  };
}
