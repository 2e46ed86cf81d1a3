// The email/password views of the sign-in screen (requirements §2, §4).
import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, type FormEvent, type ReactNode } from "react";
import { canSubmitRegister, passwordSubmittable, registerNameProblems } from "@contract/rules";
import { KeptEditsNotice } from "@/components/kept-edits-notice";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { whenSupabase } from "@/lib/supabase";
import { TIMINGS } from "@/lib/timings";
import type { AuthActions } from "../use-auth-actions";
import { clearPendingVerification } from "../pending-verification";
import { useEnabledProviders } from "../providers";
import {
  backViewAtom,
  busyAtom,
  emailConfirmedAtom,
  signInFormAtom,
  signInNoticeAtom,
  verificationMailAtom,
} from "../store";
import { FormErrorCaption, OrDivider, TextLink, useFieldError } from "./form-parts";
import { PasswordChecklist } from "./password-checklist";

type ViewProps = { actions: AuthActions };

function ViewForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  const handle = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={handle} className="flex flex-col gap-4" noValidate>
      {children}
    </form>
  );
}

function EmailField({ actions, autoFocus }: ViewProps & { autoFocus?: boolean }) {
  const form = useAtomValue(signInFormAtom);
  const error = useFieldError("email");
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      autoFocus={autoFocus}
      value={form.email}
      error={Boolean(error)}
      helperText={error}
      onChange={(e) => actions.update({ email: e.target.value })}
    />
  );
}

function PasswordField({
  actions,
  label = "Password",
  autoComplete,
  describedChecklist,
  autoFocus,
}: ViewProps & { label?: string; autoComplete: string; describedChecklist?: boolean; autoFocus?: boolean }) {
  const form = useAtomValue(signInFormAtom);
  const error = useFieldError("password");
  return (
    <>
      <TextField
        label={label}
        type="password"
        name="password"
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        value={form.password}
        error={Boolean(error)}
        helperText={error}
        onChange={(e) => actions.update({ password: e.target.value })}
      />
      {describedChecklist ? <PasswordChecklist password={form.password} /> : null}
    </>
  );
}

export function SignInView({ actions }: ViewProps) {
  const form = useAtomValue(signInFormAtom);
  const busy = useAtomValue(busyAtom);
  const notice = useAtomValue(signInNoticeAtom);
  const providers = useEnabledProviders();
  return (
    <div className="flex flex-col gap-4">
      {notice ? (
        <p role="status" className="rounded-md border border-divider bg-primary-tint px-3 py-2 text-base wrap-anywhere">
          {notice}
        </p>
      ) : null}
      <KeptEditsNotice />
      <VerificationMailNotice actions={actions} />
      <ViewForm onSubmit={() => form.email.trim() && actions.continueWithEmail()}>
        <EmailField actions={actions} autoFocus />
        <FormErrorCaption />
        <Button type="submit" disabled={!form.email.trim() || busy}>
          Continue
        </Button>
      </ViewForm>
      <TextLink onClick={() => actions.goTo("register")}>Don&apos;t have an account? Sign up</TextLink>
      {providers.length > 0 ? <OrDivider /> : null}
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="outlined"
          onClick={() => void actions.signInWith(provider.id)}
          disabled={busy}
        >
          {provider.label}
        </Button>
      ))}
    </div>
  );
}

/** After the pending view's 5 s (requirements §4): where the confirmation mail went, and a resend. */
function VerificationMailNotice({ actions }: ViewProps) {
  const mail = useAtomValue(verificationMailAtom);
  if (!mail) return null;
  return (
    <>
      <p role="status" className="rounded-md border border-divider bg-primary-tint px-3 py-2 text-base">
        {mail.resent ? "We sent the confirmation email again to " : "We sent a confirmation email to "}
        <span className="font-medium wrap-anywhere">{mail.email}</span>. Open its link to finish signing up.
      </p>
      {/* On the card, not the tinted box: the link colour keeps its contrast there. */}
      <TextLink onClick={() => void actions.resendConfirmation()}>Send the email again</TextLink>
    </>
  );
}

export function EnterPasswordView({ actions }: ViewProps) {
  const form = useAtomValue(signInFormAtom);
  const busy = useAtomValue(busyAtom);
  const back = useAtomValue(backViewAtom);
  const ready = Boolean(form.email.trim() && form.password);
  return (
    <div className="flex flex-col gap-4">
      <ViewForm onSubmit={() => ready && void actions.signIn()}>
        <EmailField actions={actions} />
        <PasswordField actions={actions} autoComplete="current-password" autoFocus />
        <FormErrorCaption />
        <VerificationMailNotice actions={actions} />
        <div className="flex flex-wrap justify-between gap-3">
          <Button variant="outlined" onClick={() => actions.goTo(back)}>
            Back
          </Button>
          <Button type="submit" disabled={!ready || busy}>
            Sign in
          </Button>
        </div>
      </ViewForm>
      <TextLink onClick={() => actions.goTo("forgot-password")}>Forgot password?</TextLink>
      <TextLink onClick={() => actions.goTo("register")}>Don&apos;t have an account? Sign up</TextLink>
    </div>
  );
}

export function RegisterView({ actions }: ViewProps) {
  const form = useAtomValue(signInFormAtom);
  const busy = useAtomValue(busyAtom);
  const ready = canSubmitRegister(form);
  // The names become the profile's: a name it would refuse says so here, as the profile would.
  const nameProblems = registerNameProblems(form);
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-medium">Complete your account</h2>
      <ViewForm onSubmit={() => ready && void actions.register()}>
        <EmailField actions={actions} autoFocus />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            value={form.firstName}
            onChange={(e) => actions.update({ firstName: e.target.value })}
            error={Boolean(nameProblems.firstName)}
            helperText={nameProblems.firstName}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            value={form.lastName}
            onChange={(e) => actions.update({ lastName: e.target.value })}
            error={Boolean(nameProblems.lastName)}
            helperText={nameProblems.lastName}
          />
        </div>
        <PasswordField actions={actions} autoComplete="new-password" describedChecklist />
        <FormErrorCaption />
        <Button type="submit" disabled={!ready || busy}>
          Sign up
        </Button>
      </ViewForm>
      <TextLink onClick={() => actions.goTo("sign-in")}>Already have an account? Sign in</TextLink>
    </div>
  );
}

export function ForgotPasswordView({ actions }: ViewProps) {
  const form = useAtomValue(signInFormAtom);
  const busy = useAtomValue(busyAtom);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-secondary">Enter your email and we&apos;ll send you a link to reset your password.</p>
      <ViewForm onSubmit={() => form.email.trim() && void actions.forgotPassword()}>
        <EmailField actions={actions} autoFocus />
        <FormErrorCaption />
        <Button type="submit" disabled={!form.email.trim() || busy}>
          Send reset link
        </Button>
      </ViewForm>
      <TextLink onClick={() => actions.goTo("sign-in")}>Already have an account? Sign in</TextLink>
    </div>
  );
}

export function PasswordHasBeenResetView({ actions }: ViewProps) {
  useEffect(() => {
    const timer = setTimeout(() => actions.resetLinkSent(), TIMINGS.resetMailSentReturnMs);
    return () => clearTimeout(timer);
    // Runs once per visit: the timer must not restart when the actions object changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <p role="status" className="text-base">
      Check your email for a link to reset your password
    </p>
  );
}

export function ResetPasswordView({ actions }: ViewProps) {
  const form = useAtomValue(signInFormAtom);
  const busy = useAtomValue(busyAtom);
  const ready = passwordSubmittable(form.password);
  return (
    <div className="flex flex-col gap-4">
      <ViewForm onSubmit={() => ready && void actions.resetPassword()}>
        <PasswordField
          actions={actions}
          label="New password"
          autoComplete="new-password"
          describedChecklist
          autoFocus
        />
        <FormErrorCaption />
        <Button type="submit" disabled={!ready || busy}>
          Reset password
        </Button>
      </ViewForm>
    </div>
  );
}

export function PasswordResetSuccessView({ actions }: ViewProps) {
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="text-base">
        Your password has been reset successfully
      </p>
      <Button onClick={() => actions.goTo("sign-in")}>Continue</Button>
    </div>
  );
}

export function EmailVerificationPendingView({ actions }: ViewProps) {
  const form = useAtomValue(signInFormAtom);
  useVerificationPolling(actions);
  return (
    <div className="flex flex-col gap-3" role="status">
      <p className="text-base wrap-anywhere">We&apos;ve sent a verification email to {form.email}</p>
      <p className="text-secondary">Check your inbox and follow instructions to complete registration.</p>
    </div>
  );
}

/** Requirements §4: every 5 s, is the address confirmed? Then sign in; past the timeout, back to sign-in. */
function useVerificationPolling(actions: AuthActions): void {
  const form = useAtomValue(signInFormAtom);
  const setConfirmed = useSetAtom(emailConfirmedAtom);
  const { email, password } = form;
  useEffect(() => {
    const started = Date.now();
    let stopped = false;
    const tick = async () => {
      let confirmed = false;
      try {
        const { data } = await (await whenSupabase()).auth.getUser();
        confirmed = Boolean(data.user?.email_confirmed_at);
      } catch {
        // no session yet: not confirmed
      }
      if (stopped) return;
      if (confirmed) {
        stopped = true;
        clearPendingVerification();
        setConfirmed(true);
        if (email && password) await actions.signIn();
        // A view restored by a reload holds no password (it is never stored): ask for it.
        else if (email) actions.continueWithEmail();
        return;
      }
      if (Date.now() - started >= TIMINGS.pendingVerificationTimeoutMs) {
        stopped = true;
        actions.update({ password: "" });
        actions.verificationTimedOut(email);
      }
    };
    const id = setInterval(() => void tick(), TIMINGS.verificationPollMs);
    return () => {
      stopped = true;
      clearInterval(id);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
