// The identity check as a founder does it: the real identity widget (lazy, so the SDK loads only
// here), shown by step 3's first state ('Confirm your identity') and the edit profile's Update
// license dialog through the slot the app plugs it into (components/identity-check-slot.tsx).
// The widget's events are hints; the server confirms each with the provider: applicant loaded
// → the applicant id is recorded; review completed → sumsub_completed_at is set on the primary
// holder and all data is refetched (step 3 then moves on to the owners).
import { lazy, Suspense, useCallback, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import type { Person } from "@contract/entities";
import { LockIcon } from "@/components/ui/icons";
import { LoadingScreen } from "@/components/ui/loading-overlay";
import { appSettings } from "@/lib/env";
import { confirmIdentity, fetchIdentityToken, type IdentityState } from "@/api/identity";
import { refetchAll } from "@/api/mutations";
import { themeAtom } from "@/stores/theme";

const IdentityCheck = lazy(() => import("./identity-check"));

/** How often, and how long apart, completion is re-checked while the provider finishes its review. */
const CONFIRM_ATTEMPTS = 10;
const CONFIRM_INTERVAL_MS = 1_000;

/** Asks the server (which asks the provider) until the review is recorded or the attempts run out. */
/** @internal */ export async function confirmUntilRecorded(
  confirm: () => Promise<IdentityState>,
  wait = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): Promise<IdentityState> {
  let state = await confirm();
  for (let i = 1; i < CONFIRM_ATTEMPTS && !state.sumsub_completed_at && state.sumsub_review_answer !== "RED"; i++) {
    await wait(CONFIRM_INTERVAL_MS);
    state = await confirm();
  }
  return state;
}

type Outcome = { kind: "pending" } | { kind: "rejected" } | { kind: "failed" };

export function IdentityVerification({
  email,
  person,
  onReviewing,
}: {
  email: string;
  person: Person;
  onReviewing?(reviewing: boolean): void;
}) {
  const queryClient = useQueryClient();
  const theme = useAtomValue(themeAtom);
  const [outcome, setOutcome] = useState<Outcome>({ kind: "pending" });

  const getAccessToken = useCallback(() => fetchIdentityToken({ email, phone: person.phone }), [email, person.phone]);

  const onApplicantLoaded = useCallback(
    (applicantId: string) => {
      if (person.sumsub_applicant_id === applicantId) return;
      confirmIdentity({ applicant_id: applicantId })
        .then(() => refetchAll(queryClient))
        .catch((err: unknown) =>
          console.error("Failed to save the identity applicant", err instanceof Error ? err.message : err),
        );
    },
    [person.sumsub_applicant_id, queryClient],
  );

  const onCompleted = useCallback(async () => {
    try {
      const state = await confirmUntilRecorded(() => confirmIdentity());
      if (state.sumsub_review_answer === "RED") setOutcome({ kind: "rejected" });
      else if (!state.sumsub_completed_at) setOutcome({ kind: "failed" });
      // Refetching brings the person with sumsub_completed_at: the step switches to the owners.
      await refetchAll(queryClient);
    } catch (err) {
      console.error("Failed to confirm the identity check", err instanceof Error ? err.message : err);
      setOutcome({ kind: "failed" });
    }
  }, [queryClient]);

  const support = appSettings().supportUrl;
  return (
    <div className="flex flex-col gap-3">
      {/* The provider's widget takes the app's theme; it sits in a framed panel that says what it is. */}
      <div className="overflow-hidden rounded-lg border border-divider bg-background">
        <p className="flex items-center gap-2 border-b border-divider px-3 py-2 text-xs text-secondary">
          <LockIcon width={14} height={14} className="shrink-0 text-icon" />
          Secure identity check by our verification provider. Your document and selfie go to them, not to this page.
        </p>
        <div className="bg-paper">
          <Suspense fallback={<LoadingScreen label="Loading identity verification…" />}>
            <IdentityCheck
              theme={theme}
              getAccessToken={getAccessToken}
              onApplicantLoaded={onApplicantLoaded}
              onCompleted={() => void onCompleted()}
              onReviewing={onReviewing}
              baseUrl={appSettings().identityUrl}
            />
          </Suspense>
        </div>
      </div>
      {/* After the widget, so it follows the widget's own 'Try again' rather than contradicting it. */}
      {outcome.kind === "rejected" ? (
        <p role="alert" className="text-error">
          We could not verify your identity. Try again above; if it still fails,{" "}
          <a
            href={support}
            className="font-medium underline underline-offset-2"
            {...(support.startsWith("http") ? { target: "_blank", rel: "noreferrer" } : {})}
          >
            contact support
          </a>
          .
        </p>
      ) : outcome.kind === "failed" ? (
        <p role="alert" className="text-error">
          We could not confirm your identity check yet. Reload the page in a moment to try again.
        </p>
      ) : null}
    </div>
  );
}
