// The second-factor views (requirements §2, §4): verify a code, or enrol a new authenticator (QR plus
// the secret for manual entry) with a Skip button.
import { useAtomValue } from "jotai";
import { useEffect, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { sessionAtom } from "@/stores/session";
import type { AuthActions } from "../use-auth-actions";
import { signOut } from "../sign-out";
import { onSharedEnrolment } from "../shared-enrolment";
import { busyAtom, signInFormAtom } from "../store";
import { FormErrorCaption, TextLink, useFieldError } from "./form-parts";

type ViewProps = { actions: AuthActions };

function CodeForm({ actions, mode, submitLabel }: ViewProps & { mode: "enroll" | "verify"; submitLabel: string }) {
  const form = useAtomValue(signInFormAtom);
  const busy = useAtomValue(busyAtom);
  const error = useFieldError("mfaCode");
  const ready = Boolean(form.mfaCode.trim());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) void actions.verifyCode(mode);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <TextField
        label="Authentication code"
        name="mfaCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        maxLength={10}
        value={form.mfaCode}
        error={Boolean(error)}
        helperText={error}
        onChange={(e) => actions.update({ mfaCode: e.target.value.replace(/\s/g, "") })}
      />
      <FormErrorCaption />
      <Button type="submit" disabled={!ready || busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** What an authenticator app is, for founders who have never used one. */
const AUTHENTICATOR_EXPLAINED =
  "An authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password) shows a new 6-digit code every 30 seconds. Asking for it when you sign in keeps your account safe even if someone learns your password.";

/** The manual-entry key in blocks of 4 (a block never breaks across lines), with a copy button. */
export function ManualKey({ secret }: { secret: string }) {
  const [copied, setCopied] = useState(false);
  const groups = secret.match(/.{1,4}/g) ?? [];
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <div className="flex w-full flex-col items-center gap-2">
      <p className="text-center text-sm text-secondary">Can&apos;t scan it? Enter this key in the app instead:</p>
      {/* The groups are spaced by CSS, not by characters: the text (and a copy by hand) is the key itself. */}
      <code
        data-testid="totp-secret"
        className="flex max-w-full flex-wrap justify-center gap-x-2.5 gap-y-1 rounded border border-divider bg-background px-3 py-2 font-mono text-base tracking-wider text-primary-text"
      >
        {groups.map((g, i) => (
          <span key={i} className="whitespace-nowrap">
            {g}
          </span>
        ))}
      </code>
      <Button variant="text" onClick={() => void copy()} className="!min-w-0 text-sm">
        {copied ? "Copied" : "Copy key"}
      </Button>
      <span role="status" className="sr-only">
        {copied ? "Key copied" : ""}
      </span>
    </div>
  );
}

export function MfaVerifyView({ actions }: ViewProps) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-secondary">Enter the 6-digit code from your authenticator app.</p>
      <p className="text-sm text-secondary">
        It is the app you set up when you first signed in (such as Google Authenticator or 1Password); it shows a new
        code for Founder Foundation every 30 seconds.
      </p>
      <CodeForm actions={actions} mode="verify" submitLabel="Verify" />
      {/* Without the authenticator at hand, the only way on is another account. */}
      <TextLink onClick={() => void signOut()}>Sign in with a different account</TextLink>
    </div>
  );
}

export function MfaEnrollView({ actions }: ViewProps) {
  const form = useAtomValue(signInFormAtom);
  const [failed, setFailed] = useState(false);
  const prepare = () => {
    setFailed(false);
    void actions.startEnrolment().then((shown) => setFailed(!shown));
  };
  useEffect(() => {
    // Entering the view starts an enrolment unless one is already shown.
    if (!form.qr) prepare();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Another tab of this founder started the enrolment anew: show the same QR here, so the founder's
  // app gets one entry whichever tab they use.
  const userId = useAtomValue(sessionAtom)?.user.id;
  useEffect(
    () =>
      onSharedEnrolment((owner, enrolment) => {
        if (owner !== userId) return;
        actions.update({ qr: enrolment.qr, secret: enrolment.secret, factor: enrolment.factorId });
        setFailed(false);
      }),
    // actions changes with every keystroke; the subscription only needs the founder.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [userId],
  );
  return (
    <div className="flex flex-col gap-4">
      <p className="text-secondary">Scan this code with your authenticator app, then enter the code it shows.</p>
      <p className="text-sm text-secondary">{AUTHENTICATOR_EXPLAINED}</p>
      {form.qr ? (
        <div className="flex flex-col items-center gap-2">
          <img
            src={form.qr}
            alt="QR code for your authenticator app"
            width={180}
            height={180}
            className="rounded bg-white p-2"
          />
          <ManualKey secret={form.secret} />
        </div>
      ) : failed ? (
        // The reason is the form's error caption; the founder can ask again without reloading.
        <Button variant="outlined" onClick={prepare} className="self-center">
          Try again
        </Button>
      ) : (
        <p role="status" className="text-center text-secondary">
          Preparing your authenticator...
        </p>
      )}
      <CodeForm actions={actions} mode="enroll" submitLabel="Verify" />
      <Button variant="text" onClick={actions.skipEnrolment} className="self-center">
        Skip
      </Button>
    </div>
  );
}
