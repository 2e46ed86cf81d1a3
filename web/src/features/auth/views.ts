// The ten in-page views of the sign-in screen (requirements §2) and their headings.
export const AUTH_VIEWS = [
  "sign-in",
  "sign-in-enter-password",
  "register",
  "forgot-password",
  "password-has-been-reset",
  "reset-password",
  "password-reset-success",
  "email-verification-pending",
  "mfa-verify",
  "mfa-enroll",
] as const;
export type AuthView = (typeof AUTH_VIEWS)[number];

const NEXT_VIEWS: ReadonlySet<AuthView> = new Set(["register", "mfa-verify", "mfa-enroll"]);

/** 'Next...' on register and the second-factor views, 'Welcome!' on the others. */
export function headingFor(view: AuthView): string {
  return NEXT_VIEWS.has(view) ? "Next..." : "Welcome!";
}
