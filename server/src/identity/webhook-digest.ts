// Webhook authenticity: Sumsub sends X-Payload-Digest = hex(HMAC_<alg>(webhookSecret, rawBody)) and
// names the algorithm in X-Payload-Digest-Alg. The digest covers the raw bytes, so verification must
// run before (and independently of) JSON parsing; comparison is constant-time.
import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The algorithms accepted: SHA-256 or stronger only (docs/architecture.md, The record's rules).
 * Sumsub can still sign with HMAC_SHA1_HEX (the legacy default of old webhooks); such a delivery is
 * refused, so the dashboard must be set to SHA-256 or SHA-512.
 */
export const DIGEST_ALGORITHMS = {
  HMAC_SHA256_HEX: "sha256",
  HMAC_SHA512_HEX: "sha512",
} as const;

export type DigestAlgorithm = keyof typeof DIGEST_ALGORITHMS;

/** Sumsub's dashboard default when the header is absent on newer webhooks. */
export const DEFAULT_DIGEST_ALGORITHM: DigestAlgorithm = "HMAC_SHA256_HEX";

export function isDigestAlgorithm(value: string): value is DigestAlgorithm {
  return Object.prototype.hasOwnProperty.call(DIGEST_ALGORITHMS, value);
}

export function computeWebhookDigest(algorithm: DigestAlgorithm, secret: string, rawBody: string | Uint8Array): string {
  return createHmac(DIGEST_ALGORITHMS[algorithm], secret).update(rawBody).digest("hex");
}

export type DigestVerdict =
  | { ok: true; algorithm: DigestAlgorithm }
  | { ok: false; reason: "missing-digest" | "unknown-algorithm" | "weak-algorithm" | "mismatch" };

type HeaderValue = string | string[] | undefined;

function single(value: HeaderValue): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Checks the digest headers (lower-case names, as Node delivers them) against the raw body.
 * An absent algorithm header means SHA-256; SHA-1 is refused as too weak, and an algorithm outside
 * Sumsub's three is refused rather than guessed, so a downgraded or forged header cannot select a
 * weaker check.
 */
export function verifyWebhookDigest(
  rawBody: Uint8Array,
  headers: Record<string, HeaderValue>,
  secret: string,
): DigestVerdict {
  const digest = single(headers["x-payload-digest"])?.trim().toLowerCase();
  if (!digest) return { ok: false, reason: "missing-digest" };
  const algHeader = single(headers["x-payload-digest-alg"])?.trim();
  const algorithm = algHeader ? algHeader.toUpperCase() : DEFAULT_DIGEST_ALGORITHM;
  if (algorithm === "HMAC_SHA1_HEX") return { ok: false, reason: "weak-algorithm" };
  if (!isDigestAlgorithm(algorithm)) return { ok: false, reason: "unknown-algorithm" };
  const expected = Buffer.from(computeWebhookDigest(algorithm, secret, rawBody), "utf8");
  const given = Buffer.from(digest, "utf8");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "mismatch" };
  return { ok: true, algorithm };
}
