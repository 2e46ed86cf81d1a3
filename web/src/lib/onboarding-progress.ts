// Requirements §4 "Onboarding progress": how far a strategy's creation has come, what the founder
// does next and which step a click on the card opens. The dashboard's card and the creation
// stepper both read it. Pure, so the table is tested on its own.
import type { Organization, Person } from "@contract/entities";

export interface OnboardingProgress {
  percent: 5 | 15 | 50 | 75 | 95;
  nextAction: string;
  /** The creation step the card opens (the table's "none" row opens the review, step 5). */
  page: 1 | 2 | 3 | 4 | 5;
}

export function onboardingProgress(
  organization: Organization | null | undefined,
  person: Person | null | undefined,
): OnboardingProgress {
  if (!organization) return { percent: 5, nextAction: "Creating your organization", page: 1 };
  if (!organization.name_1?.trim())
    return { percent: 5, nextAction: "Entering your organization information", page: 1 };
  if (!person?.first_name) return { percent: 15, nextAction: "Entering your personal information", page: 2 };
  if (!person.sumsub_completed_at) return { percent: 50, nextAction: "Verifying your identity", page: 3 };
  if (!organization.donor_advised_fund) return { percent: 75, nextAction: "Entering your DAF information", page: 4 };
  return { percent: 95, nextAction: "Review and submit.", page: 5 };
}
