// The four API keys of one instance, all from its JWT secret (the package README's "Keys"): on the
// Supabase CLI's public secret, the CLI's own public keys.
import { createHmac } from "node:crypto";
import { SignJWT } from "jose";
import { SUPABASE_CLI_KEYS } from "./cli-keys";

export interface ApiKeys {
  /** HS256 JWT `{ iss: "supabase-demo", role: "anon" }`, as the CLI mints it. */
  anonKey: string;
  serviceRoleKey: string;
  /** The opaque `sb_publishable_…` key the gateway swaps for the anon JWT. */
  publishableKey: string;
  /** The opaque `sb_secret_…` key the gateway swaps for the service_role JWT. */
  secretKey: string;
}

/** True when the instance runs on the CLI's public secret (and so on the public keys). */
export const isPublicSecret = (jwtSecret: string) => jwtSecret === SUPABASE_CLI_KEYS.jwtSecret;

/** An opaque key shaped as the CLI's, an HMAC of the secret: stable, and revealing nothing of it. */
function opaqueKey(jwtSecret: string, prefix: "sb_publishable_" | "sb_secret_"): string {
  const mac = createHmac("sha256", jwtSecret).update(`auth-emulator ${prefix}`).digest("base64url");
  return `${prefix}${mac.slice(0, 22)}_${mac.slice(22, 30)}`;
}

/** The instance's keys for a JWT secret: the CLI's public ones for its public secret, else derived from the secret. */
export async function apiKeysFor(jwtSecret: string): Promise<ApiKeys> {
  if (isPublicSecret(jwtSecret)) {
    const { anonKey, serviceRoleKey, publishableKey, secretKey } = SUPABASE_CLI_KEYS;
    return { anonKey, serviceRoleKey, publishableKey, secretKey };
  }
  const secret = new TextEncoder().encode(jwtSecret);
  const mint = (role: string) =>
    new SignJWT({ iss: "supabase-demo", role })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setExpirationTime(1983812996)
      .sign(secret);
  return {
    anonKey: await mint("anon"),
    serviceRoleKey: await mint("service_role"),
    publishableKey: opaqueKey(jwtSecret, "sb_publishable_"),
    secretKey: opaqueKey(jwtSecret, "sb_secret_"),
  };
}
