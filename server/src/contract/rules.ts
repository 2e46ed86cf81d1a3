// Requirements §5 and §9: every validation rule, limit and message, stated once for the API and the
// web's forms. Pure module: no Node or browser imports.
import { TEXT_MESSAGES, personNameProblem } from "./text";

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
  lossCapacityMin: 0,
  lossCapacityMax: 100,
  lossCapacityDecimals: 2,
} as const;

export const MESSAGES = {
  required: "Required",
  fieldRequired: "This field is required",
  llcSuffix: "Name must end with LLC",
  llcNameBefore: "Add your foundation's name before LLC",
  sameNames: "Choose a second name that differs from the first",
  legalName: "Name may only use letters, digits, spaces and & ' , . - ( ) !",
  ...TEXT_MESSAGES,
  foundationNameMax: "Foundation name cannot exceed 100 characters",
  ssn: "SSN must be at least 11 characters",
  ssnNeverIssued: "This SSN was never issued: none starts with 000, 666 or 9, or has 00 or 0000 as a group",
  phone: "Phone number must be at least 14 characters",
  phoneImpossible: "This is not a US phone number: the area code and the next three digits cannot start with 0 or 1",
  zip: "Zip code must be at least 5 characters",
  email: "Please enter a valid email address",
  emailExists: "Email already exists",
  riskScore: "Risk score must be between 1 and 5",
  riskScoreWhole: "Risk score must be a whole number from 1 to 5",
  lossCapacity: "Loss capacity must be between 0 and 100",
  lossCapacityDecimals: "Loss capacity can have at most 2 decimal places",
  zipFormat: "Zip code must be 5 digits, or 5+4 digits (12345-6789)",
  birthdateFuture: "Birthdate cannot be in the future",
  birthdateMinor: "Must be at least 18 years old",
  birthdateTooOld: "Birthdate must be within the last 120 years",
  attestation: "Submitting needs the founder's attestation that the information is true and complete",
  invalidFormat: (field: string) => `Invalid ${field} format`,
  maxLength: (field: string, max: number) => `${field} cannot exceed ${max} characters`,
  forbiddenCharacters: (field: string) =>
    `${field} contains a character that is not allowed (a control, invisible or text-direction character)`,
} as const;

/** The one wording of every 429, the API's and the web's (docs/decisions/0100); never "0 minutes". */
export function tooManyAttemptsMessage(minutes: number): string {
  const n = Math.max(1, Math.ceil(minutes));
  return `Too many attempts, try again in ${n} ${n === 1 ? "minute" : "minutes"}`;
}

/** What the founder attests before Submit (docs/decisions/0096); the submission carries `attested: true`. */
export const ATTESTATION = "The information is true and complete";

const PASSWORD_SPECIALS = "!@#$%^&()-+=|";

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

function passwordChecks(pw: string): Record<PasswordRuleId, boolean> {
  return Object.fromEntries(PASSWORD_RULES.map((r) => [r.id, r.test(pw)])) as Record<PasswordRuleId, boolean>;
}

/** What register says under a name it would refuse (the profile's rule: the names become the profile's). */
export function registerNameProblems(v: { firstName: string; lastName: string }) {
  return {
    firstName: personNameProblem("First name")(v.firstName.trim()),
    lastName: personNameProblem("Last name")(v.lastName.trim()),
  };
}

/** §5's register submit: fields filled, names the profile takes, the password's length, digit and special rules (case rules only show). */
export function canSubmitRegister(v: {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}): boolean {
  const names = registerNameProblems(v);
  return (
    Boolean(v.email && v.firstName && v.lastName) &&
    !names.firstName &&
    !names.lastName &&
    passwordSubmittable(v.password)
  );
}

export function passwordSubmittable(pw: string): boolean {
  const c = passwordChecks(pw);
  return Boolean(pw) && c.length && c.digit && c.special;
}

/** A name a state registers (Latin letters, digits, common punctuation): also what the tax form's font prints. */
const LEGAL_NAME = /^[A-Za-z0-9\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u00FF &'\u2019,.\-()!]*$/;

export function legalNameProblem(name: string): string | null {
  return LEGAL_NAME.test(name) ? null : MESSAGES.legalName;
}

function endsWithLlc(name: string): boolean {
  return /llc$/i.test(name.trim());
}

/** A foundation name ends with LLC, and has a name before it ("LLC" alone names nothing). */
export function llcNameProblem(name: string): string | null {
  if (!endsWithLlc(name)) return MESSAGES.llcSuffix;
  return /[\p{L}0-9]/u.test(name.trim().slice(0, -3)) ? null : MESSAGES.llcNameBefore;
}

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, "");
}

export function formatSsn(value: string): string {
  const d = digitsOnly(value).slice(0, 9);
  if (d.length <= 3) return d;
  if (d.length <= 5) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
}

/** (123)-456-7890 while typing; a leading 1 is the US country code (no area code starts with 1). */
export function formatPhone(value: string): string {
  let d = digitsOnly(value);
  if (d.startsWith("1")) d = d.slice(1);
  // An eleventh digit is ignored rather than refused later (docs/decisions/0095).
  d = d.slice(0, 10);
  if (d.length === 0) return "";
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)})-${d.slice(3)}`;
  return `(${d.slice(0, 3)})-${d.slice(3, 6)}-${d.slice(6)}`;
}

export const SSN_FORMATTED = /^\d{3}-\d{2}-\d{4}$/;
export const PHONE_FORMATTED = /^\(\d{3}\)-\d{3}-\d{4}$/;

/** An SSN never issued: area 000, 666 or 900-999, group 00 or serial 0000 (docs/decisions/0095). */
export function ssnNeverIssuedProblem(value: string): string | null {
  if (!SSN_FORMATTED.test(value) && !/^\d{9}$/.test(value)) return null;
  const d = digitsOnly(value);
  const [area, group, serial] = [d.slice(0, 3), d.slice(3, 5), d.slice(5)];
  const never = area === "000" || area === "666" || area >= "900" || group === "00" || serial === "0000";
  return never ? MESSAGES.ssnNeverIssued : null;
}

/** A North-American number whose area code or exchange starts with 0 or 1 does not exist: (000)-000-0000. */
export function phoneNumberProblem(value: string): string | null {
  if (!PHONE_FORMATTED.test(value) && !/^\d{10}$/.test(value)) return null;
  const d = digitsOnly(value);
  return /^[2-9]\d\d[2-9]/.test(d) ? null : MESSAGES.phoneImpossible;
}
/** @internal */ export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

// Values a person gives (docs/decisions/0095): each check returns the message or null, for forms and API alike.

const US_ZIP = /^\d{5}(-\d{4})?$/;

export function zipProblem(value: string): string | null {
  const v = value.trim();
  if (v.length < LIMITS.zipMin) return MESSAGES.zip;
  return US_ZIP.test(v) ? null : MESSAGES.zipFormat;
}

/** Founders and owners are adults alive today: 18 to 120 years old. */
const AGE_YEARS = { min: 18, max: 120 } as const;

/** The same calendar day `years` earlier, as YYYY-MM-DD (compares as text with other ISO dates). */
function yearsBefore(isoDay: string, years: number): string {
  return `${String(Number(isoDay.slice(0, 4)) - years).padStart(4, "0")}${isoDay.slice(4)}`;
}

export function birthdateRange(today: string = todayIso()): { earliest: string; latest: string } {
  return { earliest: yearsBefore(today, AGE_YEARS.max), latest: yearsBefore(today, AGE_YEARS.min) };
}

export function birthdateProblem(iso: string, today: string = todayIso()): string | null {
  const { earliest, latest } = birthdateRange(today);
  if (iso > today) return MESSAGES.birthdateFuture;
  if (iso > latest) return MESSAGES.birthdateMinor;
  if (iso < earliest) return MESSAGES.birthdateTooOld;
  return null;
}

export function riskScoreProblem(score: number): string | null {
  if (!Number.isFinite(score) || score < LIMITS.riskScoreMin || score > LIMITS.riskScoreMax) return MESSAGES.riskScore;
  return Number.isInteger(score) ? null : MESSAGES.riskScoreWhole;
}

/** A loss capacity as a percent: 0 to 100, at most two decimals (a finer share means nothing to a plan). */
export function lossCapacityProblem(percent: number): string | null {
  if (!Number.isFinite(percent) || percent < LIMITS.lossCapacityMin || percent > LIMITS.lossCapacityMax)
    return MESSAGES.lossCapacity;
  const scaled = percent * 10 ** LIMITS.lossCapacityDecimals;
  // Compared with a tolerance: 0.29 * 100 is 28.999999999999996 in binary floating point.
  return Math.abs(scaled - Math.round(scaled)) < 1e-6 ? null : MESSAGES.lossCapacityDecimals;
}

/** A loss capacity as typed: plain decimal digits only (Number() would also take "3.5e1" or "0x10"). */
export function lossCapacityTextProblem(text: string): string | null {
  return /^\d+(\.\d+)?$/.test(text) ? lossCapacityProblem(Number(text)) : MESSAGES.invalidFormat("loss capacity");
}

export const PHONE_DIGITS = /^\d{10}$/;
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
  return date.toISOString().slice(0, -1);
}

export function parseTimestamp(value: string): Date {
  return new Date(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`);
}
