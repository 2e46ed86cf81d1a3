// The ten in-page views of the sign-in screen (requirements §2) and their headings.
export type AuthView =
  | "sign-in"
  | "sign-in-enter-password"
  | "register"
  | "forgot-password"
  | "password-has-been-reset"
  | "reset-password"
  | "password-reset-success"
  | "email-verification-pending"
  | "mfa-verify"
  | "mfa-enroll";

const NEXT_VIEWS: ReadonlySet<AuthView> = new Set(["register", "mfa-verify", "mfa-enroll"]);

/** 'Next...' on register and the second-factor views, 'Welcome!' on the others. */
export function headingFor(view: AuthView): string {
  return NEXT_VIEWS.has(view) ? "Next..." : "Welcome!";
}

/**
 * The line under the heading: what this view asks of the founder. The headings are the
 * requirements' own and say nothing of the task ('Next...'), so each view says it here.
 */
const SUBTITLES: Record<AuthView, string> = {
  "sign-in": "Enter your email to sign in or create your account.",
  "sign-in-enter-password": "Enter your password to sign in.",
  register: "Create your account to start your foundation.",
  "forgot-password": "Get a link to choose a new password.",
  "password-has-been-reset": "A reset link is on its way.",
  "reset-password": "Choose a new password.",
  "password-reset-success": "Sign in with your new password.",
  "email-verification-pending": "Confirm your email address.",
  "mfa-verify": "Enter the code from your authenticator app.",
  "mfa-enroll": "Set up your authenticator app.",
};

export function subtitleFor(view: AuthView): string {
  return SUBTITLES[view];
}
