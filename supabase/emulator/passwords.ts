// Password hashing (bcrypt, as GoTrue) and GoTrue's strength policy from config.toml:
// minimum_password_length plus password_requirements character classes.
import { createHmac, randomBytes } from "node:crypto";
import { validationFailed, weakPassword, type WeakPasswordReason } from "./errors";
import { nativeBcrypt, verifyPasswordHash } from "./password-hashes";
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

/** bcrypt's least cost, GoTrue's own for its tests (crypto.QuickHashCost): see docs/decisions/0060. */
export const DEFAULT_BCRYPT_COST = 4;

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

  has(password: string, hash: string): boolean {
    return this.pairs.has(this.keyOf(password, hash));
  }

  add(password: string, hash: string): void {
    // Oldest first out (a Set keeps insertion order).
    if (this.pairs.size >= this.capacity) this.pairs.delete(this.pairs.values().next().value as string);
    this.pairs.add(this.keyOf(password, hash));
  }
}

export class PasswordPolicy {
  private readonly verified = new VerifiedPairCache();
  /** Checks under way, so simultaneous sign-ins with the same pair share one bcrypt run. */
  private readonly inFlight = new Map<string, Promise<boolean>>();

  constructor(
    private readonly settings: Pick<AuthSettings, "minimumPasswordLength" | "passwordRequirements">,
    /** bcrypt cost of new hashes. */
    readonly cost: number,
  ) {
    if (!Number.isInteger(cost) || cost < 4 || cost > 31) throw new Error(`bcrypt cost must be 4 to 31, got ${cost}`);
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

  /** A new bcrypt hash, remembered as verified: the pair is right by construction. */
  async hash(password: string): Promise<string> {
    const hash = await (await nativeBcrypt()).hash(password, this.cost);
    this.verified.add(password, hash);
    return hash;
  }

  async matches(password: string, hash: string | null): Promise<boolean> {
    if (!hash) return false;
    if (this.verified.has(password, hash)) return true;
    const key = this.verified.keyOf(password, hash);
    let check = this.inFlight.get(key);
    if (!check) {
      check = verifyPasswordHash(password, hash).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, check);
    }
    const ok = await check;
    if (ok) this.verified.add(password, hash);
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
