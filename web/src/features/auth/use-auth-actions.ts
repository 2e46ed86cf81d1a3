// What the sign-in views do (requirements §4 "Sign-in flow"). Every call goes through supabase-js; an
// error is mapped by the §8 catalogue and shown by the current view.
import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { useCallback, useMemo } from "react";
import { passwordSubmittable } from "@contract/rules";
import { whenSupabase } from "@/lib/supabase";
import { sessionAtom } from "@/stores/session";
import { AUTH_MESSAGES, describeAuthError, type AuthErrorLike } from "./errors";
import { enrolmentState, findProductFactorId, startTotpEnrolment, verifyTotp, type EnrolmentOutcome } from "./mfa";
import { endSharedEnrolment } from "./shared-enrolment";
import { writePendingVerification } from "./pending-verification";
import type { SocialProvider } from "./providers";
import {
  authErrorAtom,
  authViewAtom,
  backViewAtom,
  busyAtom,
  enrolmentNoticeAtom,
  mfaSkippedAtom,
  resetModeAtom,
  signInFormAtom,
  signInNoticeAtom,
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

/** Said on sign-in after a reset mail was asked for; it does not tell whether the address has an account. */
function resetLinkNotice(email: string): string {
  return `If an account uses ${email}, a link to reset its password is on its way there. Open it to choose a new password.`;
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
  const setEnrolmentNotice = useSetAtom(enrolmentNoticeAtom);
  const setNotice = useSetAtom(signInNoticeAtom);

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

  /** A confirmation mail waits to be opened: the sign-in views say where it went, also after a reload. */
  const mailWaiting = useCallback(
    (email: string) => {
      writePendingVerification({ email, timedOut: true });
      setVerificationMail({ email, resent: false });
    },
    [setVerificationMail],
  );

  /** Shows where enrolment stands; `shownFactor`: the factor whose QR this screen showed until now. */
  const showEnrolment = useCallback(
    (outcome: EnrolmentOutcome, shownFactor: string) => {
      const enrolment = outcome.kind === "shown" ? outcome.enrolment : null;
      setForm((f) => ({
        ...f,
        qr: enrolment?.qr ?? "",
        secret: enrolment?.secret ?? "",
        factor: enrolment?.factorId ?? "",
      }));
      if (outcome.kind === "elsewhere")
        setEnrolmentNotice({ kind: "elsewhere", startedAt: outcome.startedAt, replaced: Boolean(shownFactor) });
      else if (shownFactor && shownFactor !== outcome.enrolment.factorId) setEnrolmentNotice({ kind: "replaced-here" });
      else setEnrolmentNotice(outcome.replacedEarlier ? { kind: "replaced-earlier" } : null);
    },
    [setEnrolmentNotice, setForm],
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
          const email = form.email.trim();
          const { error } = await auth.signInWithPassword({ email, password: form.password });
          // An address never confirmed: say where the mail went and offer it again (kept over a reload).
          if (error?.code === "email_not_confirmed") mailWaiting(email);
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
          // GoTrue answers an already-registered address with a user without identities (§8 user_already_exists).
          if (data.user && !data.session && data.user.identities?.length === 0) {
            throw Object.assign(new Error(AUTH_MESSAGES.userAlreadyExists), { code: "user_already_exists" });
          }
          if (!data.session) {
            // The email only: the password stays in this form's memory (docs/decisions/0141).
            writePendingVerification({ email });
            setView("email-verification-pending");
          }
        }),
      /** The pending view gave up waiting: back to sign-in, which says where the mail went. */
      verificationTimedOut: (email: string) => {
        if (email) mailWaiting(email);
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
      /** After the 2 s of password-has-been-reset: sign-in keeps a trace of where the link went. */
      resetLinkSent: () => {
        setNotice(resetLinkNotice(form.email.trim()));
        setForm((f) => ({ ...f, password: "" }));
        setView("sign-in");
      },
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
      /** True once the view has something to show; false when the error is shown. `replace`: start over here. */
      startEnrolment: async (replace = false) => {
        let settled = false;
        setForm((f) => ({ ...f, qr: "", secret: "", factor: "" }));
        setEnrolmentNotice(null);
        await run(async () => {
          showEnrolment(await startTotpEnrolment(await whenSupabase(), { replace }), "");
          settled = true;
        });
        return settled;
      },
      /** The QR shown is for this factor: if it is gone (replaced elsewhere), show what is live now. */
      checkEnrolment: async (factorId: string) => {
        const client = await whenSupabase();
        const state = await enrolmentState(client, factorId);
        if (state === "pending") return;
        // Verified in another tab, which upgraded the session they share: refreshing it here brings
        // the upgraded session and its event, and the gate opens (no new enrolment to fail on the name).
        if (state === "verified") {
          await client.auth.refreshSession();
          return;
        }
        await run(async () => showEnrolment(await startTotpEnrolment(client), factorId));
      },
      verifyCode: (mode: "enroll" | "verify") =>
        run(async () => {
          const client = await whenSupabase();
          const factorId = mode === "enroll" && form.factor ? form.factor : await findProductFactorId(client);
          try {
            await verifyTotp(client, factorId, form.mfaCode);
          } catch (e) {
            // The factor was replaced since this QR was shown (another tab or device): show what is live.
            if (mode !== "enroll" || !isAuthErrorLike(e) || e.code !== "mfa_factor_not_found") throw e;
            setForm((f) => ({ ...f, mfaCode: "" }));
            showEnrolment(await startTotpEnrolment(client), factorId);
            return;
          }
          // The upgraded (aal2) session re-runs the gate; the code is single-use.
          setForm((f) => ({ ...f, mfaCode: "", qr: "", secret: "", factor: "" }));
          setEnrolmentNotice(null);
          if (mode === "enroll" && userId) endSharedEnrolment(userId);
        }),
      skipEnrolment: () => setSkipped(true),
    }),
    [
      form,
      mailWaiting,
      resetMode,
      run,
      setBackView,
      setEnrolmentNotice,
      setNotice,
      setForm,
      setResetMode,
      setSkipped,
      setView,
      showEnrolment,
      verificationMail,
      setVerificationMail,
      userId,
    ],
  );
}

export type AuthActions = ReturnType<typeof useAuthActions>;
