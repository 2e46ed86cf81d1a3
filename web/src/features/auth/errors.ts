// Requirements §8 error catalogue for the sign-in screen, keyed by the auth service's error code.
import { authRateLimitMinutes, tooManyAttemptsMessage } from "@/lib/rate-limit";
export type AuthField = "email" | "password" | "mfaCode";

export interface AuthFormError {
  message: string;
  /** The field the message belongs to; none means red caption text under the form. */
  field?: AuthField;
  /** weak_password: the reasons, readable. */
  reasons?: string[];
}

export interface AuthErrorLike {
  message: string;
  code?: string;
  status?: number;
  reasons?: unknown;
}

const WEAK_REASONS: Record<string, string> = {
  length: "The password is too short",
  characters: "Use an uppercase letter, a lowercase letter, a number and one of ! @ # $ % ^ & ( ) - + = |",
  pwned: "The password is known to be unsafe; choose another",
};

export const AUTH_MESSAGES = {
  invalidCredentials: "No match found; verify and try again.",
  emailNotConfirmed: "This email is not yet verified.",
  userAlreadyExists: "This address is already being used.",
  weakPassword: "Choose a stronger password:",
  wrongCode: "That code didn't work. Enter the current 6-digit code from your authenticator app.",
  replacedCode: "This QR code was replaced by a newer one. Scan the new code and enter the code it shows.",
} as const;

/** Maps an auth error to what the form shows; null means "ignore" (the enrolment name race). */
export function describeAuthError(error: AuthErrorLike): AuthFormError | null {
  if (error.status === 429 || error.code === "over_request_rate_limit" || error.code === "over_email_send_rate_limit") {
    return { message: tooManyAttemptsMessage(authRateLimitMinutes(error.code, error.message)) };
  }
  switch (error.code) {
    case "invalid_credentials":
      return { field: "password", message: AUTH_MESSAGES.invalidCredentials };
    case "email_not_confirmed":
      return { message: AUTH_MESSAGES.emailNotConfirmed };
    case "user_already_exists":
    case "email_exists":
      return { field: "password", message: AUTH_MESSAGES.userAlreadyExists };
    case "weak_password": {
      const reasons = Array.isArray(error.reasons)
        ? error.reasons.map((r) => (typeof r === "string" ? (WEAK_REASONS[r] ?? r) : String(r)))
        : [];
      // Not the service's message (it lists every character class): the reasons, in words.
      return { field: "password", message: AUTH_MESSAGES.weakPassword, reasons };
    }
    case "mfa_factor_name_conflict":
      return null;
    // TOTP failures: a plain message on the code field, not the service's wording.
    case "mfa_verification_failed":
    case "mfa_challenge_expired":
      return { field: "mfaCode", message: AUTH_MESSAGES.wrongCode };
    default:
      return { message: error.message || "Something went wrong; try again." };
  }
}
