// A submitted foundation's card on the dashboard (docs/decisions/0146): what is done, what comes next and when
// (the owners' checks, the filing, the fees), as a checklist read from the one creation state, so it
// agrees with the stepper and step 3 (a new identity check shows here as the step it is).
import type { ReactNode } from "react";
import { Link } from "wouter";
import type { Organization, Person, Strategy } from "@contract/entities";
import { asLabel, SUBMISSION_STATE } from "@contract/status-words";
import { identityVerified } from "@contract/submission";
import { paths } from "@/config/paths";
import { formatShortDate } from "@/lib/dates";
import { AFTER_SUBMISSION } from "@/lib/fees";
import { creationState } from "@/lib/onboarding-progress";

type Status = "done" | "attention" | "next";

const MARK: Record<Status, { glyph: string; sr: string; className: string }> = {
  done: { glyph: "✓", sr: "Done: ", className: "bg-primary text-on-primary" },
  attention: { glyph: "!", sr: "Needs your action: ", className: "bg-badge text-white" },
  next: { glyph: "•", sr: "Next: ", className: "bg-disabled-bg text-secondary" },
};

function Item({ status, title, children }: { status: Status; title: string; children?: ReactNode }) {
  const mark = MARK[status];
  return (
    <li className="flex items-start gap-3">
      <span
        aria-hidden="true"
        className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-medium ${mark.className}`}
      >
        {mark.glyph}
      </span>
      <div className="flex min-w-0 flex-col">
        <span className="font-medium">
          <span className="sr-only">{mark.sr}</span>
          {title}
        </span>
        {children ? <span className="text-sm text-secondary">{children}</span> : null}
      </div>
    </li>
  );
}

/** The headline of a submitted foundation: one line, the same state as the checklist below it. */
export function submittedHeadline(identityCheckAgain: boolean): string {
  return asLabel(identityCheckAgain ? SUBMISSION_STATE.waitingForIdentity : SUBMISSION_STATE.submitted);
}

export function SubmittedFoundation({
  strategy,
  organization,
  holder,
  owners,
}: {
  strategy: Strategy;
  organization: Organization | null | undefined;
  holder: Person | null;
  owners: readonly Person[];
}) {
  const state = creationState(strategy, organization, holder);
  const verifiedOwners = owners.filter((o) => identityVerified(o)).length;
  const titleId = `strategy-${strategy.strategy_id}-title`;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-lg border border-divider p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="min-w-0 text-base font-medium wrap-anywhere">
          {organization?.name_1 ?? "Founder Foundation"}
        </h3>
        <span className="text-sm text-secondary">
          Submitted {formatShortDate(strategy.entry_completed_at ?? strategy.created_at)}
        </span>
      </div>
      <p className={`text-sm font-medium uppercase tracking-wide ${state.identityCheckAgain ? "text-error" : ""}`}>
        {submittedHeadline(state.identityCheckAgain)}
      </p>
      <h4 className="text-sm font-medium">What happens next</h4>
      <ol aria-label="What happens next" className="flex flex-col gap-3">
        <Item status="done" title="You submitted your foundation" />
        {state.identityCheckAgain ? (
          <Item status="attention" title="Your identity check must be done again">
            We file once it is verified.{" "}
            <Link
              href={paths.createFoundationStep.getHref(strategy.strategy_id, 3)}
              className="font-medium text-primary-strong underline underline-offset-2 hover:no-underline"
            >
              Verify your identity
            </Link>
          </Item>
        ) : (
          <Item status="done" title="Your identity is verified" />
        )}
        {owners.length > 0 ? (
          <Item
            status={verifiedOwners === owners.length ? "done" : "next"}
            title={`Additional owners verified: ${verifiedOwners} of ${owners.length}`}
          >
            {AFTER_SUBMISSION.owners}
          </Item>
        ) : null}
        <Item status="next" title={AFTER_SUBMISSION.filing}>
          {AFTER_SUBMISSION.filingWhen}
        </Item>
        <Item status="next" title="Fees">
          {AFTER_SUBMISSION.fees}
        </Item>
      </ol>
    </section>
  );
}
