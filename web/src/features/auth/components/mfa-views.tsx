// The second-factor views (requirements §2, §4): verify a code, or enrol a new authenticator (QR plus
// the secret for manual entry) with a Skip button.
import { useAtom, useAtomValue } from "jotai";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { sessionAtom } from "@/stores/session";
import type { AuthActions } from "../use-auth-actions";
import { signOut } from "../sign-out";
import { onSharedEnrolment } from "../shared-enrolment";
import { AUTH_MESSAGES } from "../errors";
import { ENROLMENT_CHECK_MS } from "../mfa";
import { busyAtom, enrolmentNoticeAtom, signInFormAtom } from "../store";
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
function ManualKey({ secret }: { secret: string }) {
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

/** When an enrolment elsewhere started, as the founder's clock reads it. */
function startedAtTime(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });
}

const ENROLMENT_NOTES = {
  elsewhere: (at: string) =>
    `Setting up your authenticator is already under way on another device or browser (started at ${at}).`,
  replacedElsewhere: (at: string) =>
    `The code that was shown here no longer works: setting up your authenticator was started again on another device or browser (at ${at}). If you added it to your authenticator app, remove that entry.`,
  choice: "Finish it there, or start over here: the code shown there then stops working.",
  replacedEarlier:
    "This code replaces the one from a setup that was not finished. If your authenticator app already has a Founder Foundation entry that never worked, remove it.",
} as const;

/** Enrolment pending on another screen of the founder's: its secret cannot be shown here, so ask. */
function EnrolmentElsewhere({
  startedAt,
  replaced,
  onStartOver,
}: {
  startedAt: string;
  replaced: boolean;
  onStartOver(): void;
}) {
  const at = startedAtTime(startedAt);
  return (
    <div role="status" className="flex flex-col gap-3 rounded-md border border-divider bg-primary-tint px-3 py-3">
      <p className="text-base">{replaced ? ENROLMENT_NOTES.replacedElsewhere(at) : ENROLMENT_NOTES.elsewhere(at)}</p>
      <p className="text-sm">{ENROLMENT_NOTES.choice}</p>
      <Button onClick={onStartOver} className="self-start">
        Start over here
      </Button>
    </div>
  );
}

export function MfaEnrollView({ actions }: ViewProps) {
  const form = useAtomValue(signInFormAtom);
  const [notice, setNotice] = useAtom(enrolmentNoticeAtom);
  const [failed, setFailed] = useState(false);
  const prepare = (replace = false) => {
    setFailed(false);
    void actions.startEnrolment(replace).then((settled) => setFailed(!settled));
  };
  useEffect(() => {
    // Entering the view starts an enrolment unless one is already shown.
    if (!form.qr) prepare();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Another tab of this founder started the enrolment anew: show the same QR here, so the founder's
  // app gets one entry whichever tab they use.
  const userId = useAtomValue(sessionAtom)?.user.id;
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(
    () =>
      onSharedEnrolment((owner, enrolment) => {
        if (owner !== userId) return;
        const shown = latest.current;
        shown.update({ qr: enrolment.qr, secret: enrolment.secret, factor: enrolment.factorId });
        setNotice((n) => (n?.kind === "elsewhere" ? { kind: "replaced-here" } : n));
        setFailed(false);
      }),
    [userId, setNotice],
  );
  // A QR on screen stays the live one: checked every few seconds and when the founder comes back to
  // this window; replaced on another device, it gives way to the news and a choice.
  useEffect(() => {
    if (!form.factor) return;
    const check = () => void latest.current.checkEnrolment(form.factor);
    const timer = setInterval(check, ENROLMENT_CHECK_MS);
    window.addEventListener("focus", check);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", check);
    };
  }, [form.factor]);
  // Pending on another screen, and no QR here: its secret cannot be shown, so the founder chooses.
  const elsewhere = !form.qr && notice?.kind === "elsewhere" ? notice : null;
  const note =
    notice?.kind === "replaced-here"
      ? AUTH_MESSAGES.replacedCode
      : notice?.kind === "replaced-earlier"
        ? ENROLMENT_NOTES.replacedEarlier
        : null;
  return (
    <div className="flex flex-col gap-4">
      {elsewhere ? null : (
        <p className="text-secondary">Scan this code with your authenticator app, then enter the code it shows.</p>
      )}
      <p className="text-sm text-secondary">{AUTHENTICATOR_EXPLAINED}</p>
      {form.qr ? (
        <div className="flex flex-col items-center gap-2">
          {note ? (
            <p role="status" className="w-full rounded-md border border-divider bg-primary-tint px-3 py-2 text-sm">
              {note}
            </p>
          ) : null}
          <img
            src={form.qr}
            alt="QR code for your authenticator app"
            width={180}
            height={180}
            className="rounded bg-white p-2"
          />
          <ManualKey secret={form.secret} />
        </div>
      ) : elsewhere ? (
        <EnrolmentElsewhere
          startedAt={elsewhere.startedAt}
          replaced={elsewhere.replaced}
          onStartOver={() => prepare(true)}
        />
      ) : failed ? (
        // The reason is the form's error caption; the founder can ask again without reloading.
        <Button variant="outlined" onClick={() => prepare()} className="self-center">
          Try again
        </Button>
      ) : (
        <p role="status" className="text-center text-secondary">
          Preparing your authenticator...
        </p>
      )}
      {notice?.kind === "elsewhere" && !form.qr ? null : (
        <CodeForm actions={actions} mode="enroll" submitLabel="Verify" />
      )}
      <Button variant="text" onClick={actions.skipEnrolment} className="self-center">
        Skip
      </Button>
    </div>
  );
}
