// Requirements §5 and §9: every validation rule, limit and message, stated once. The server's route
// schemas and the web's forms both build on these, so a rule changes in one place only.
// Pure module: no Node or browser imports.

export const LIMITS = {
  passwordMin: 8,
  passwordMax: 50,
  nameMax: 50,
  addressMax: 60,
  cityMax: 50,
  ssnFormatted: 11,
  phoneFormatted: 14,
  zipMin: 5,
  zipMax: 10,
  foundationNameMax: 100,
  emailMax: 100,
  customDafMax: 100,
  riskScoreMin: 1,
  riskScoreMax: 5,
} as const;

export const MESSAGES = {
  required: "Required",
  fieldRequired: "This field is required",
  llcSuffix: "Name must end with LLC",
  foundationNameMax: "Foundation name cannot exceed 100 characters",
  ssn: "SSN must be at least 11 characters",
  phone: "Phone number must be at least 14 characters",
  zip: "Zip code must be at least 5 characters",
  email: "Please enter a valid email address",
  emailExists: "Email already exists",
  riskScore: "Risk score must be between 1 and 5",
  birthdateFuture: "Birthdate cannot be in the future",
  invalidFormat: (field: string) => `Invalid ${field} format`,
  maxLength: (field: string, max: number) => `${field} cannot exceed ${max} characters`,
} as const;

/** The special characters requirements §5 accepts in a password. */
export const PASSWORD_SPECIALS = "!@#$%^&()-+=|";

export type PasswordRuleId = "length" | "uppercase" | "lowercase" | "digit" | "special";

export const PASSWORD_RULES: ReadonlyArray<{ id: PasswordRuleId; label: string; test: (pw: string) => boolean }> = [
  {
    id: "length",
    label: `${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters`,
    test: (pw) => pw.length >= LIMITS.passwordMin && pw.length <= LIMITS.passwordMax,
  },
  { id: "uppercase", label: "At least 1 uppercase letter", test: (pw) => /[A-Z]/.test(pw) },
  { id: "lowercase", label: "At least 1 lowercase letter", test: (pw) => /[a-z]/.test(pw) },
  { id: "digit", label: "At least 1 number", test: (pw) => /\d/.test(pw) },
  {
    id: "special",
    label: `At least 1 special character (${PASSWORD_SPECIALS.split("").join(" ")})`,
    test: (pw) => [...pw].some((c) => PASSWORD_SPECIALS.includes(c)),
  },
];

export function passwordChecks(pw: string): Record<PasswordRuleId, boolean> {
  return Object.fromEntries(PASSWORD_RULES.map((r) => [r.id, r.test(pw)])) as Record<PasswordRuleId, boolean>;
}

export function passwordMeetsAll(pw: string): boolean {
  return PASSWORD_RULES.every((r) => r.test(pw));
}

/**
 * Register submit rule of §5: email, first and last name filled, and the password passes the
 * length, digit and special rules (upper/lower case are only shown in the checklist).
 */
export function canSubmitRegister(v: { email: string; firstName: string; lastName: string; password: string }): boolean {
  return Boolean(v.email && v.firstName && v.lastName) && passwordSubmittable(v.password);
}

/** The password part of the submit rule, for register and reset alike: length, digit and special. */
export function passwordSubmittable(pw: string): boolean {
  const c = passwordChecks(pw);
  return Boolean(pw) && c.length && c.digit && c.special;
}

export function endsWithLlc(name: string): boolean {
  return /llc$/i.test(name.trim());
}

/** A simple email pattern, as §5 asks. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, "");
}

/** 123-45-6789 while typing: digits grouped 3-2-4, at most 9 digits. */
export function formatSsn(value: string): string {
  const d = digitsOnly(value).slice(0, 9);
  if (d.length <= 3) return d;
  if (d.length <= 5) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
}

/**
 * (123)-456-7890 while typing. A leading 1 is the US country code (no US area code starts with 1)
 * and is dropped, so '+1 (302) 555-0199' becomes (302)-555-0199. More than ten digits after that
 * is another country's number: left as typed, so the form refuses it with the message of requirements §5
 * instead of quietly cutting it to a different number.
 */
export function formatPhone(value: string): string {
  let d = digitsOnly(value);
  if (d.startsWith("1")) d = d.slice(1);
  if (d.length > 10) return value;
  if (d.length === 0) return "";
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)})-${d.slice(3)}`;
  return `(${d.slice(0, 3)})-${d.slice(3, 6)}-${d.slice(6)}`;
}

export const SSN_FORMATTED = /^\d{3}-\d{2}-\d{4}$/;
export const PHONE_FORMATTED = /^\(\d{3}\)-\d{3}-\d{4}$/;
/** Today's date as the founder's calendar has it, YYYY-MM-DD (a date input's value). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** What the API stores and accepts: digits only. */
export const SSN_DIGITS = /^\d{9}$/;
export const PHONE_DIGITS = /^\d{10}$/;
/** What the API returns in place of an SSN. */
export const SSN_MASKED = /^\*\*\*-\*\*-\d{4}$/;
/** A person write: nine digits, or the masked value sent back unchanged (keeps the stored SSN). */
export const SSN_DIGITS_OR_MASKED = /^(\d{9}|\*\*\*-\*\*-\d{4})$/;

export function maskSsn(digits: string): string {
  return `***-**-${digits.slice(-4)}`;
}

/** DAF choices of §2 step 4; a stored value other than the default is shown as Custom. */
export const DEFAULT_DAF = "Investor's Philanthropic";
export const DAF_CHOICES = [DEFAULT_DAF, "Custom"] as const;

export const FOUNDER_STRATEGY = "strategy_type_founder";
export const DELAWARE = "us_state_delaware";
export const DEFAULT_MARITAL_STATUS = "marital_status_single";
export const SUMSUB_LEVEL_NAME = "id-and-liveness";
export const SUMSUB_TOKEN_TTL_SECONDS = 900;
export const MFA_FRIENDLY_NAME = "Founder Foundation Authenticator";

export { ROLES, type Role } from "./roles";

/** Timestamps travel and are stored as ISO-8601 without the trailing Z (requirements §3); they are UTC. */
export function timestampNow(date: Date = new Date()): string {
  // toISOString always ends in Z (it throws for an invalid date): drop the last character.
  return date.toISOString().slice(0, -1);
}

/** Reads a record timestamp (requirements §3: no trailing Z) as UTC. */
export function parseTimestamp(value: string): Date {
  return new Date(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`);
}
