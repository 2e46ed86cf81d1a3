// Step 3 (requirements §2 "Others"): the identity check until the primary holder is verified, then the
// additional owners. Next (to step 4) is disabled until the identity is confirmed; a person
// already verified goes straight to the owners on reload. The stepper keeps the label of requirements §2
// 'Others'; the heading says which of the two parts is on screen and a progress line says how far
// the identity check is (docs/decisions/0096). After submission a new identity check (Update license,
// a corrected name) reopens the check here, and the note says so, as the stepper and dashboard do.
import { useState } from "react";
import { useLocation } from "wouter";
import { IDENTITY_STATE } from "@contract/status-words";
import { paths } from "@/config/paths";
import { additionalOwners } from "@/api";
import { IdentityCheckSlot } from "@/components/identity-check-slot";
import { OwnerInvitations } from "./owner-invitations";
import type { StepData } from "./step-context";
import { StepLayout } from "./step-layout";

const IDENTITY_PROGRESS = {
  pending: `Identity: ${IDENTITY_STATE.notVerified} · Additional owners: next`,
  underReview: `Identity: ${IDENTITY_STATE.underReview} · Additional owners: next`,
  verified: `Identity: ${IDENTITY_STATE.verified} ✓`,
  again: `Identity: ${IDENTITY_STATE.again}`,
} as const;

/** The submitted note's words when the primary holder's identity must be checked again. */
const IDENTITY_AGAIN =
  "Your identity check must be completed again: finish it below. Your filing continues once it is verified.";

export function OthersStep(data: StepData) {
  const { strategyId, accountId, allData, organization, person, email, state } = data;
  const [, navigate] = useLocation();
  const [reviewing, setReviewing] = useState(false);
  const verified = state.identityVerified;
  const back = () => navigate(paths.createFoundationStep.getHref(strategyId, 2));
  const next = () => navigate(paths.createFoundationStep.getHref(strategyId, 4));

  if (!verified || !organization || !person) {
    return (
      <StepLayout
        title="Verify your identity"
        subtitle="Confirm your identity"
        progress={
          reviewing
            ? IDENTITY_PROGRESS.underReview
            : state.identityCheckAgain
              ? IDENTITY_PROGRESS.again
              : IDENTITY_PROGRESS.pending
        }
        stillOpen={state.identityCheckAgain ? IDENTITY_AGAIN : undefined}
        onBack={back}
        nextDisabled
        onNext={next}
      >
        {person ? (
          <IdentityCheckSlot email={email} person={person} onReviewing={setReviewing} />
        ) : (
          <p className="text-secondary">Enter your personal information (step 2) before verifying your identity.</p>
        )}
      </StepLayout>
    );
  }
  return (
    <StepLayout
      title="Additional owners"
      subtitle="Add additional owners"
      progress={IDENTITY_PROGRESS.verified}
      onBack={back}
      onNext={next}
    >
      <OwnerInvitations
        accountId={accountId}
        organizationId={organization.organization_id}
        owners={additionalOwners(allData.persons)}
        founderEmail={email}
      />
    </StepLayout>
  );
}
