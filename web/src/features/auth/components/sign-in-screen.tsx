// The full-screen sign-in gate (requirements §2): one card whose content switches by view name.
import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { useEffect, useRef, type ReactNode } from "react";
import { focusHeading } from "@/lib/focus";
import { sessionAtom } from "@/stores/session";
import { readPendingVerification } from "../pending-verification";
import {
  authErrorAtom,
  authViewAtom,
  emailConfirmedAtom,
  gateFadingAtom,
  providerErrorAtom,
  resetModeAtom,
  signInFormAtom,
  verificationMailAtom,
} from "../store";
import { useAuthActions } from "../use-auth-actions";
import { useSignInGate } from "../use-sign-in-gate";
import { headingFor, subtitleFor, type AuthView } from "../views";
import type { AuthActions } from "../use-auth-actions";
import {
  EmailVerificationPendingView,
  EnterPasswordView,
  ForgotPasswordView,
  PasswordHasBeenResetView,
  PasswordResetSuccessView,
  RegisterView,
  ResetPasswordView,
  SignInView,
} from "./credential-views";
import { MfaEnrollView, MfaVerifyView } from "./mfa-views";

const VIEWS: Record<AuthView, (p: { actions: AuthActions }) => ReactNode> = {
  "sign-in": SignInView,
  "sign-in-enter-password": EnterPasswordView,
  register: RegisterView,
  "forgot-password": ForgotPasswordView,
  "password-has-been-reset": PasswordHasBeenResetView,
  "reset-password": ResetPasswordView,
  "password-reset-success": PasswordResetSuccessView,
  "email-verification-pending": EmailVerificationPendingView,
  "mfa-verify": MfaVerifyView,
  "mfa-enroll": MfaEnrollView,
};

/**
 * On arrival: a reset link opens reset-password; a stored pending record restores its view (or,
 * once that timed out, sign-in with where the mail went and 'Send the email again'); a
 * social sign-in that came back with an error shows it on the sign-in view.
 */
function useInitialView(): void {
  const setView = useSetAtom(authViewAtom);
  const setForm = useSetAtom(signInFormAtom);
  const setError = useSetAtom(authErrorAtom);
  const setVerificationMail = useSetAtom(verificationMailAtom);
  const [providerError, setProviderError] = useAtom(providerErrorAtom);
  const resetMode = useAtomValue(resetModeAtom);
  const session = useAtomValue(sessionAtom);
  useEffect(() => {
    if (providerError) {
      setView("sign-in");
      setError({ message: providerError });
      setProviderError(null);
      return;
    }
    if (resetMode) {
      setView("reset-password");
      return;
    }
    const pending = readPendingVerification();
    if (pending && !session) {
      // No password comes back: it was never stored (docs/decisions/0141).
      setForm((f) => ({ ...f, email: pending.email, password: "" }));
      if (pending.timedOut) setVerificationMail({ email: pending.email, resent: false });
      setView(pending.timedOut ? "sign-in" : "email-verification-pending");
    }
    // Only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** The views a just-confirmed founder goes through next: each says the address is confirmed. */
const AFTER_CONFIRMATION: ReadonlySet<AuthView> = new Set(["sign-in-enter-password", "mfa-enroll", "mfa-verify"]);
const EMAIL_CONFIRMED = "Your email address is confirmed.";

export function SignInScreen({ onGatePassed }: { onGatePassed?: () => void } = {}) {
  const [view] = useAtom(authViewAtom);
  const confirmed = useAtomValue(emailConfirmedAtom) && AFTER_CONFIRMATION.has(view);
  const fading = useAtomValue(gateFadingAtom);
  const actions = useAuthActions();
  useInitialView();
  useSignInGate(onGatePassed);
  const View = VIEWS[view];
  const card = useRef<HTMLDivElement>(null);
  // A view with a field focuses it itself (autoFocus); the others (pending, messages) their heading.
  useEffect(() => {
    focusHeading(card.current);
  }, [view]);
  // The fade honours a reduced-motion preference: the screen then goes at once (the 1 s wait stays).
  return (
    <main
      data-view={view}
      className={`flex min-h-screen items-start justify-center bg-background px-4 py-10 transition-opacity duration-1000 motion-reduce:transition-none sm:items-center ${fading ? "opacity-0" : "opacity-100"}`}
    >
      <div ref={card} className="w-full max-w-[440px] rounded-lg bg-paper p-6 shadow-md sm:p-8">
        <p className="mb-1 text-sm font-medium uppercase tracking-wider text-primary">Founder Foundation</p>
        <h1 className="text-3xl font-normal">{headingFor(view)}</h1>
        <p data-testid="auth-subtitle" className="mb-6 mt-1 text-base text-secondary">
          {subtitleFor(view)}
        </p>
        {confirmed ? (
          <p role="status" className="mb-4 rounded-md border border-divider bg-primary-tint px-3 py-2 text-base">
            {EMAIL_CONFIRMED}
          </p>
        ) : null}
        <View actions={actions} />
      </div>
    </main>
  );
}
