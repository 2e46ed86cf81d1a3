// One derived state of a strategy's creation (docs/decisions/0145), read by every screen that shows
// progress; "missing" is the contract's rule (server/src/contract/submission.ts), as the server's 409.
import type { Organization, Person, Strategy } from "@contract/entities";
import { identityVerified, missingForSubmission, type MissingItem } from "@contract/submission";

/** Requirements §4 "Onboarding progress": how far, what next, and which step a click on the card opens. */
interface OnboardingProgress {
  percent: 5 | 15 | 50 | 75 | 95;
  nextAction: string;
  /** The creation step the card opens (the table's "none" row opens the review, step 5). */
  page: 1 | 2 | 3 | 4 | 5;
}

/** A step of the stepper: done, not yet, or done once but needing the founder again (a new identity check). */
export type StepStatus = "done" | "todo" | "attention";

export interface CreationState {
  submittedAt: string | null;
  /** What a submission would be refused for (empty: the server would accept it). */
  missing: MissingItem[];
  /** Approve is offered: not submitted, nothing missing. */
  canSubmit: boolean;
  identityVerified: boolean;
  /** Submitted, and the primary holder's identity check must be completed again before filing goes on. */
  identityCheckAgain: boolean;
  /** The first step not done (5 once everything before the review is): where a typed link to a later step leads. */
  firstOpenStep: 1 | 2 | 3 | 4 | 5;
  steps: readonly [StepStatus, StepStatus, StepStatus, StepStatus, StepStatus];
  progress: OnboardingProgress;
}

const PROGRESS_OF_STEP: Record<1 | 2 | 3 | 4 | 5, OnboardingProgress> = {
  1: { percent: 5, nextAction: "Entering your organization information", page: 1 },
  2: { percent: 15, nextAction: "Entering your personal information", page: 2 },
  3: { percent: 50, nextAction: "Verifying your identity", page: 3 },
  4: { percent: 75, nextAction: "Entering your DAF information", page: 4 },
  5: { percent: 95, nextAction: "Review and submit.", page: 5 },
};

export function creationState(
  strategy: Pick<Strategy, "entry_completed_at"> | null | undefined,
  organization: Organization | null | undefined,
  person: Person | null | undefined,
): CreationState {
  const missing = missingForSubmission(organization, person);
  const submittedAt = strategy?.entry_completed_at ?? null;
  const firstOpenStep = missing[0]?.step ?? 5;
  const verified = identityVerified(person);
  const status = (n: number): StepStatus => {
    // Submitted: every step is done unless the record lost something since (a new identity check).
    if (submittedAt) return missing.some((m) => m.step === n) ? "attention" : "done";
    // In progress: steps are done in order, so a later step never reads done before an earlier one.
    return n < firstOpenStep ? "done" : "todo";
  };
  const progress =
    firstOpenStep === 1 && !organization
      ? { ...PROGRESS_OF_STEP[1], nextAction: "Creating your organization" }
      : PROGRESS_OF_STEP[firstOpenStep];
  return {
    submittedAt,
    missing,
    canSubmit: !submittedAt && missing.length === 0,
    identityVerified: verified,
    identityCheckAgain: Boolean(submittedAt) && !verified,
    firstOpenStep,
    steps: [status(1), status(2), status(3), status(4), status(5)],
    progress,
  };
}
