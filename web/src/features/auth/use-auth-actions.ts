// What the sign-in views do (requirements §4 "Sign-in flow"). Every call goes through supabase-js; an
// error is mapped by the §8 catalogue and shown by the current view.
import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { useCallback, useMemo } from "react";
import { passwordSubmittable } from "@contract/rules";
import { whenSupabase } from "@/lib/supabase";
import { sessionAtom } from "@/stores/session";
import { AUTH_MESSAGES, describeAuthError, type AuthErrorLike } from "./errors";
import { findProductFactorId, startTotpEnrolment, verifyTotp } from "./mfa";
import { endSharedEnrolment } from "./shared-enrolment";
import { writePendingVerification } from "./pending-verification";
import type { SocialProvider } from "./providers";
import {
  authErrorAtom,
  authViewAtom,
  backViewAtom,
  busyAtom,
  mfaSkippedAtom,
  resetModeAtom,
  signInFormAtom,
  verificationMailAtom,
  type SignInForm,
} from "./store";
import type { AuthView } from "./views";

function siteOrigin(): string {
  return window.location.origin;
}

function isAuthErrorLike(e: unknown): e is AuthErrorLike {
  return typeof e === "object" && e !== null && typeof (e as AuthErrorLike).message === "string";
}

export function useAuthActions() {
  const [form, setForm] = useAtom(signInFormAtom);
  const setView = useSetAtom(authViewAtom);
  const setBackView = useSetAtom(backViewAtom);
  const setError = useSetAtom(authErrorAtom);
  const setBusy = useSetAtom(busyAtom);
  const resetMode = useAtomValue(resetModeAtom);
  const setResetMode = useSetAtom(resetModeAtom);
  const setSkipped = useSetAtom(mfaSkippedAtom);
  const userId = useAtomValue(sessionAtom)?.user.id;
  const [verificationMail, setVerificationMail] = useAtom(verificationMailAtom);

  const fail = useCallback(
    (e: unknown) => {
      const described = describeAuthError(isAuthErrorLike(e) ? e : { message: String(e) });
      if (!described) return;
      // Logged without the address or password: the code and message are enough to diagnose.
      console.warn("Auth error", isAuthErrorLike(e) ? e.code : undefined, described.message);
      setError(described);
    },
    [setError],
  );

  /** Runs one auth call with the busy flag and error handling. */
  const run = useCallback(
    async (work: () => Promise<void>) => {
      setBusy(true);
      setError(null);
      try {
        await work();
      } catch (e) {
        fail(e);
      } finally {
        setBusy(false);
      }
    },
    [fail, setBusy, setError],
  );

  return useMemo(
    () => ({
      update: (patch: Partial<SignInForm>) => setForm((f) => ({ ...f, ...patch })),
      /** A link or Back between views: the email carries over, a typed password never does. */
      goTo: (view: AuthView, back: AuthView = "sign-in") => {
        if (view === "sign-in-enter-password") setBackView(back);
        setForm((f) => ({ ...f, password: "" }));
        setView(view);
      },
      continueWithEmail: () => {
        setBackView("sign-in");
        setView("sign-in-enter-password");
      },
      signIn: () =>
        run(async () => {
          const { auth } = await whenSupabase();
          const { error } = await auth.signInWithPassword({
            email: form.email.trim(),
            password: form.password,
          });
          if (error) throw error;
        }),
      register: () =>
        run(async () => {
          const email = form.email.trim();
          const { auth } = await whenSupabase();
          const { data, error } = await auth.signUp({
            email,
            password: form.password,
            options: {
              data: { full_name: `${form.firstName.trim()} ${form.lastName.trim()}`, name: form.firstName.trim() },
              emailRedirectTo: siteOrigin(),
            },
          });
          if (error) throw error;
          // With confirmations on, GoTrue answers an already-registered address with a look-alike
          // user without identities and no error (and sends no mail): that is requirements §8's
          // user_already_exists, not a pending verification.
          if (data.user && !data.session && data.user.identities?.length === 0) {
            throw Object.assign(new Error(AUTH_MESSAGES.userAlreadyExists), { code: "user_already_exists" });
          }
          // With confirmations off a session comes back at once and the gate takes over.
          if (!data.session) {
            // The email only: the password stays in this form's memory (docs/decisions/0141).
            writePendingVerification({ email });
            setView("email-verification-pending");
          }
        }),
      /** The pending view gave up waiting: back to sign-in, which says where the mail went. */
      verificationTimedOut: (email: string) => {
        if (email) setVerificationMail({ email, resent: false });
        setView("sign-in");
      },
      resendConfirmation: () =>
        run(async () => {
          if (!verificationMail) return;
          const { auth } = await whenSupabase();
          const { error } = await auth.resend({
            type: "signup",
            email: verificationMail.email,
            options: { emailRedirectTo: siteOrigin() },
          });
          if (error) throw error;
          setVerificationMail({ email: verificationMail.email, resent: true });
        }),
      signInWith: (provider: SocialProvider["id"]) =>
        run(async () => {
          const { auth } = await whenSupabase();
          const { error } = await auth.signInWithOAuth({
            provider,
            options: { redirectTo: siteOrigin() },
          });
          if (error) throw error;
        }),
      forgotPassword: () =>
        run(async () => {
          const { auth } = await whenSupabase();
          const { error } = await auth.resetPasswordForEmail(form.email.trim(), {
            redirectTo: `${siteOrigin()}/?reset-password=true`,
          });
          if (error) throw error;
          setView("password-has-been-reset");
        }),
      resetPassword: () =>
        run(async () => {
          // §4: resetting does nothing without an acceptable password (§5) or the reset marker.
          if (!passwordSubmittable(form.password) || !resetMode) return;
          const { auth } = await whenSupabase();
          const { error } = await auth.updateUser({ password: form.password });
          if (error) throw error;
          setResetMode(false);
          setForm((f) => ({ ...f, password: "" }));
          setView("password-reset-success");
        }),
      /** Resolves true once a QR is shown; false when the error (with the view's retry) is shown instead. */
      startEnrolment: async () => {
        let shown = false;
        setForm((f) => ({ ...f, qr: "", secret: "", factor: "" }));
        await run(async () => {
          const enrolment = await startTotpEnrolment(await whenSupabase());
          setForm((f) => ({ ...f, qr: enrolment.qr, secret: enrolment.secret, factor: enrolment.factorId }));
          shown = true;
        });
        return shown;
      },
      /** Enrol view: verifies the new factor. Verify view: the product's verified factor. */
      verifyCode: (mode: "enroll" | "verify") =>
        run(async () => {
          const client = await whenSupabase();
          const factorId = mode === "enroll" && form.factor ? form.factor : await findProductFactorId(client);
          try {
            await verifyTotp(client, factorId, form.mfaCode);
          } catch (e) {
            // Another tab of this founder enrolled since this QR was shown, which removed its factor:
            // show a fresh QR here and say why.
            if (mode !== "enroll" || !isAuthErrorLike(e) || e.code !== "mfa_factor_not_found") throw e;
            const enrolment = await startTotpEnrolment(client);
            setForm((f) => ({
              ...f,
              mfaCode: "",
              qr: enrolment.qr,
              secret: enrolment.secret,
              factor: enrolment.factorId,
            }));
            setError({ field: "mfaCode", message: AUTH_MESSAGES.replacedCode });
            return;
          }
          // The upgraded (aal2) session re-runs the gate; the code is single-use.
          setForm((f) => ({ ...f, mfaCode: "", qr: "", secret: "", factor: "" }));
          if (mode === "enroll" && userId) endSharedEnrolment(userId);
        }),
      skipEnrolment: () => setSkipped(true),
    }),
    [
      form,
      resetMode,
      run,
      setBackView,
      setError,
      setForm,
      setResetMode,
      setSkipped,
      setView,
      verificationMail,
      setVerificationMail,
      userId,
    ],
  );
}

export type AuthActions = ReturnType<typeof useAuthActions>;
