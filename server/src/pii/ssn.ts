// SSNs at rest: AES-256-GCM, a random IV per value, base64(iv | tag | ciphertext). The key is
// configured, or generated once into DATA_DIR/ssn.key locally. Responses never decrypt.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../config";

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** @internal */ export const SSN_KEY_FILE = "ssn.key";

export interface SsnCipher {
  encrypt(digits: string): string;
  decrypt(stored: string): string;
}

export function createSsnCipher(key: Buffer): SsnCipher {
  if (key.length !== 32) throw new Error("SSN encryption key must be 32 bytes (base64-encoded)");
  return {
    encrypt(digits) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(digits, "utf8"), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
    },
    decrypt(stored) {
      const raw = Buffer.from(stored, "base64");
      const decipher = crypto.createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
    },
  };
}

/**
 * Why a configured key is unfit, or null. Random bytes are almost never under 16 distinct values or
 * all printable, so either means a key made by hand.
 */
export function ssnKeyWeakness(base64: string): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return "is not base64";
  const key = Buffer.from(base64, "base64");
  if (key.length !== 32) return `must be 32 bytes (base64 of 32 random bytes), got ${key.length}`;
  if (new Set(key).size < 16) return "has too little entropy (too few distinct bytes: all zeros or a repeated pattern)";
  if (key.every((b) => b >= 0x20 && b < 0x7f))
    return "has too little entropy (its bytes are all printable text, not random bytes)";
  return null;
}

export function loadSsnKey(config: Pick<Config, "ssnEncryptionKey" | "dataDir" | "env">): Buffer {
  if (config.ssnEncryptionKey) return Buffer.from(config.ssnEncryptionKey, "base64");
  if (config.env === "production") throw new Error("SSN_ENCRYPTION_KEY is required in production");
  const file = path.join(config.dataDir, SSN_KEY_FILE);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // "wx": only the first start writes it; a concurrent or later start reads the same key.
    fs.writeFileSync(file, crypto.randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  return Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64");
}
