// Webhook authenticity: X-Payload-Digest = hex(HMAC_<alg>(secret, rawBody)), checked on the raw bytes
// before any parsing, in constant time.
import { createHmac, timingSafeEqual } from "node:crypto";

/** SHA-256 or stronger only: a legacy HMAC_SHA1_HEX delivery is refused (set the dashboard to SHA-256/512). */
const DIGEST_ALGORITHMS = {
  HMAC_SHA256_HEX: "sha256",
  HMAC_SHA512_HEX: "sha512",
} as const;

/** @internal */ export type DigestAlgorithm = keyof typeof DIGEST_ALGORITHMS;

/** Sumsub's dashboard default when the header is absent on newer webhooks. */
const DEFAULT_DIGEST_ALGORITHM: DigestAlgorithm = "HMAC_SHA256_HEX";

function isDigestAlgorithm(value: string): value is DigestAlgorithm {
  return Object.prototype.hasOwnProperty.call(DIGEST_ALGORITHMS, value);
}

/** @internal */ export function computeWebhookDigest(
  algorithm: DigestAlgorithm,
  secret: string,
  rawBody: string | Uint8Array,
): string {
  return createHmac(DIGEST_ALGORITHMS[algorithm], secret).update(rawBody).digest("hex");
}

export type DigestVerdict =
  | { ok: true; algorithm: DigestAlgorithm }
  | { ok: false; reason: "missing-digest" | "unknown-algorithm" | "weak-algorithm" | "mismatch" };

type HeaderValue = string | string[] | undefined;

function single(value: HeaderValue): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Checks the digest headers against the raw body; an unknown algorithm is refused, not guessed (no downgrade). */
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
