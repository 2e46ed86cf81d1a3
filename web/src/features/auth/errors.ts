// Spec §8 error catalogue for the sign-in screen, keyed by the auth service's error code.
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
  characters: "The password needs more kinds of characters",
  pwned: "The password is known to be unsafe; choose another",
};

export const AUTH_MESSAGES = {
  invalidCredentials: "No match found; verify and try again.",
  emailNotConfirmed: "This email is not yet verified.",
  userAlreadyExists: "This address is already being used.",
} as const;

/** Maps an auth error to what the form shows; null means "ignore" (the enrolment name race). */
export function describeAuthError(error: AuthErrorLike): AuthFormError | null {
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
      return { field: "password", message: error.message, reasons };
    }
    case "mfa_factor_name_conflict":
      return null;
    default:
      return { message: error.message || "Something went wrong; try again." };
  }
}
