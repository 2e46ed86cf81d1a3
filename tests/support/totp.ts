// Computes TOTP codes (SHA1, 6 digits, 30 s: what authenticator apps and Supabase Auth use)
// from a base32 secret, as a user's authenticator app would.
import { generateSync } from "otplib";

export function totpCode(secret: string, at: Date = new Date()): string {
  return generateSync({ secret, algorithm: "sha1", digits: 6, period: 30, epoch: Math.floor(at.getTime() / 1000) });
}

/** The secret inside an otpauth:// URI (e.g. the enrol response's totp.uri). */
export function secretFromUri(uri: string): string {
  const secret = new URL(uri).searchParams.get("secret");
  if (!secret) throw new Error("otpauth URI without a secret");
  return secret;
}
