// When a Founder Foundation entry may be submitted (requirements §4 "Approve"), stated once for the
// server's 409 and the web's steps (docs/decisions/0145). Pure module: no Node or browser imports.
import { isBlank, PROFILE_REQUIRED } from "./required-fields";
import { llcNameProblem } from "./rules";
import { sameName } from "./text";

/** What the rule reads of the organization and the primary holder (the API's shapes; rows map onto them). */
export interface SubmissionOrganization {
  name_1: string | null;
  name_2: string | null;
  donor_advised_fund: string | null;
  custodian: string | null;
}
export type SubmissionHolder = Partial<Record<(typeof PROFILE_REQUIRED)[number], string | null>> & IdentityCheckFields;
export interface IdentityCheckFields {
  sumsub_review_answer: string | null;
  sumsub_completed_at: string | null;
}

/** A person's identity check is done when the provider answered GREEN and the completion is recorded. */
export function identityVerified(p: IdentityCheckFields | null | undefined): boolean {
  return p?.sumsub_review_answer === "GREEN" && Boolean(p.sumsub_completed_at);
}

/** The creation step (requirements §2) where each missing item is given. */
type EntryStep = 1 | 2 | 3 | 4;

/** One thing the entry lacks: its key (as the 409 names it), the step that gives it, and words for the founder. */
export interface MissingItem {
  key: string;
  step: EntryStep;
  label: string;
}

const PROFILE_LABELS: Record<(typeof PROFILE_REQUIRED)[number], string> = {
  first_name: "Your first name",
  last_name: "Your last name",
  dob: "Your birthdate",
  ssn: "Your SSN",
  phone: "Your phone number",
  address_line1: "Your address",
  city: "Your city",
  state: "Your state",
  zip: "Your zip code",
  marital_status: "Your marital status",
};

/** What the entry still lacks, in the order of the creation steps; empty when it may be submitted. */
export function missingForSubmission(
  organization: SubmissionOrganization | null | undefined,
  holder: SubmissionHolder | null | undefined,
): MissingItem[] {
  const missing: MissingItem[] = [];
  if (!organization) missing.push({ key: "organization", step: 1, label: "Your foundation's names" });
  else
    for (const [field, label] of [
      ["name_1", "Your foundation's first choice of name"],
      ["name_2", "Your foundation's second choice of name"],
    ] as const) {
      const name = organization[field];
      const repeated = field === "name_2" && sameName(name ?? "", organization.name_1 ?? "");
      if (isBlank(name) || llcNameProblem(name!) || repeated)
        missing.push({ key: `organization.${field}`, step: 1, label });
    }
  if (!holder) missing.push({ key: "primary_holder", step: 2, label: "Your personal information" });
  else {
    for (const field of PROFILE_REQUIRED)
      if (isBlank(holder[field]))
        missing.push({ key: `primary_holder.${field}`, step: 2, label: PROFILE_LABELS[field] });
    if (!identityVerified(holder))
      missing.push({ key: "primary_holder.identity_check", step: 3, label: "Your identity check" });
  }
  if (organization) {
    if (isBlank(organization.donor_advised_fund))
      missing.push({ key: "organization.donor_advised_fund", step: 4, label: "Your donor-advised fund" });
    if (isBlank(organization.custodian))
      missing.push({ key: "organization.custodian", step: 4, label: "Your DAF's custodian" });
  }
  return missing;
}
