// Password hashing (argon2id or bcrypt, both hashes GoTrue verifies) and GoTrue's strength policy from config.toml:
// minimum_password_length plus password_requirements character classes.
import { createHmac, randomBytes } from "node:crypto";
import { validationFailed, weakPassword, type WeakPasswordReason } from "./errors";
import { cheapArgon2id, nativeBcrypt, verifyPasswordHash } from "./password-hashes";
import type { AuthSettings, PasswordRequirements } from "./settings";

const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGITS = "0123456789";
const SYMBOLS = "!@#$%^&*()_+-=[]{};'\\:\"|<>?,./`~";

/** The character sets GoTrue requires for each password_requirements value. */
const REQUIRED_SETS: Record<PasswordRequirements, string[]> = {
  "": [],
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

/** bcrypt stops at 72 bytes, so GoTrue refuses anything longer instead of silently truncating. */
const MAX_PASSWORD_BYTES = 72;

/**
 * Verified (hash, password) pairs (docs/decisions/0060): an HMAC of the pair under a key held in
 * memory, never the password; wrong passwords are never cached, so each guess costs a full check.
 */
class VerifiedPairCache {
  private readonly key = randomBytes(32);
  private readonly pairs = new Set<string>();

  constructor(private readonly capacity = 10_000) {}

  /** The pair's HMAC (also names a check under way, never the password itself). */
  keyOf(password: string, hash: string): string {
    return createHmac("sha256", this.key).update(hash).update("\0").update(password).digest("base64");
  }

  has(key: string): boolean {
    return this.pairs.has(key);
  }

  add(key: string): void {
    // Oldest first out (a Set keeps insertion order).
    if (this.pairs.size >= this.capacity) this.pairs.delete(this.pairs.values().next().value as string);
    this.pairs.add(key);
  }
}

export class PasswordPolicy {
  private readonly verified = new VerifiedPairCache();
  /** Checks under way, so simultaneous sign-ins with the same pair share one run. */
  private readonly inFlight = new Map<string, Promise<boolean>>();

  constructor(
    private readonly settings: Pick<AuthSettings, "minimumPasswordLength" | "passwordRequirements">,
    /** bcrypt cost of new hashes; without it, argon2id at its least parameters (docs/decisions/0060). */
    readonly bcryptCost?: number,
  ) {
    if (bcryptCost !== undefined && (!Number.isInteger(bcryptCost) || bcryptCost < 4 || bcryptCost > 31))
      throw new Error(`bcrypt cost must be 4 to 31, got ${bcryptCost}`);
  }

  /** The reasons a password fails the policy (empty when it passes), with GoTrue's message. */
  evaluate(password: string): { reasons: WeakPasswordReason[]; message: string } {
    const reasons: WeakPasswordReason[] = [];
    const messages: string[] = [];
    if (password.length < this.settings.minimumPasswordLength) {
      reasons.push("length");
      messages.push(`Password should be at least ${this.settings.minimumPasswordLength} characters.`);
    }
    const sets = REQUIRED_SETS[this.settings.passwordRequirements];
    if (sets.some((set) => ![...password].some((c) => set.includes(c)))) {
      reasons.push("characters");
      messages.push(`Password should contain at least one character of each: ${sets.join(", ")}.`);
    }
    return { reasons, message: messages.join(" ") };
  }

  /** Throws weak_password (422) or validation_failed (400, too long) like GoTrue's checkPasswordStrength. */
  assertStrong(password: string): void {
    if (Buffer.byteLength(password, "utf8") > MAX_PASSWORD_BYTES) {
      throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
    }
    const { reasons, message } = this.evaluate(password);
    if (reasons.length) throw weakPassword(message, reasons);
  }

  /** A new hash, remembered as verified: the pair is right by construction (an HMAC costs less than either check). */
  async hash(password: string): Promise<string> {
    const hash =
      this.bcryptCost === undefined
        ? await cheapArgon2id(password)
        : await (await nativeBcrypt()).hash(password, this.bcryptCost);
    this.verified.add(this.verified.keyOf(password, hash));
    return hash;
  }

  async matches(password: string, hash: string | null): Promise<boolean> {
    if (!hash) return false;
    const key = this.verified.keyOf(password, hash);
    if (this.verified.has(key)) return true;
    let check = this.inFlight.get(key);
    if (!check) {
      check = verifyPasswordHash(password, hash).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, check);
    }
    const ok = await check;
    if (ok) this.verified.add(key);
    return ok;
  }
}

/** The address format GoTrue accepts (checkmail's ValidateFormat: the HTML standard's valid-email rule). */
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's validateEmail: required, at most 255 characters, the format above; lower-cased (not trimmed). */
export function normalizeEmail(raw: unknown): string {
  if (typeof raw !== "string" || raw === "") throw validationFailed("An email address is required");
  if (raw.length > 255) throw validationFailed("An email address is too long");
  if (!EMAIL_FORMAT.test(raw)) throw validationFailed("Unable to validate email address: invalid format");
  return raw.toLowerCase();
}
