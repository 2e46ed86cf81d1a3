// What an identity check binds on a person (docs/decisions/0020, 0023):
// - dob and ssn are what the document showed: a change is refused (409 fixed_after_verification);
// - first_name and last_name may be corrected (a typo, a marriage), but the check then no longer
//   matches the record, so the change clears the verification and the check must be done again
//   ('Update license'). The old result cannot come back: results are applied in the provider's
//   time order (sumsub_review_at is kept), and a GREEN only for a check started after the last
//   change of a bound field (identity_changed_at, set here on every such change, verified or not:
//   a check started before a rename checked the old name).
import type { PersonRow } from "../../../db/schema";
import type { SsnCipher } from "../pii/ssn";
import { recordRule } from "../errors";
import { timestampNow } from "../contract/rules";
import { identityVerified } from "../contract/submission";
import { ssnChanges, type PersonFields, type PersonSystemColumns } from "../repositories/persons";

export function isVerified(p: Pick<PersonRow, "sumsubReviewAnswer" | "sumsubCompletedAt">): boolean {
  return identityVerified({ sumsub_review_answer: p.sumsubReviewAnswer, sumsub_completed_at: p.sumsubCompletedAt });
}

export const FIXED_AFTER_VERIFICATION = ["dob", "ssn"] as const;
export const CLEARS_VERIFICATION = ["first_name", "last_name"] as const;

/** The fields an identity check reads off the document (the ones it binds). */
function changesBoundField(existing: PersonRow, changes: PersonFields, ssn: SsnCipher): boolean {
  return (
    (changes.first_name !== undefined && changes.first_name !== existing.firstName) ||
    (changes.last_name !== undefined && changes.last_name !== existing.lastName) ||
    (changes.dob !== undefined && changes.dob !== existing.dob) ||
    ssnChanges(existing, changes.ssn, ssn)
  );
}

/**
 * Checks a change to a person against its identity check. Throws 409 for a fixed field of a
 * verified person; returns the system columns the change sets: the time a bound field changed
 * (any person), and the cleared verification when a verified person's name changes.
 */
export function verificationEffect(
  existing: PersonRow,
  changes: PersonFields,
  ssn: SsnCipher,
  now: string = timestampNow(),
): PersonSystemColumns {
  const changed: PersonSystemColumns = changesBoundField(existing, changes, ssn) ? { identityChangedAt: now } : {};
  if (!isVerified(existing)) return changed;
  if (changes.dob !== undefined && changes.dob !== existing.dob) {
    throw recordRule("fixed_after_verification", "dob cannot be changed after the identity check is completed", {
      field: "dob",
    });
  }
  if (ssnChanges(existing, changes.ssn, ssn)) {
    throw recordRule("fixed_after_verification", "ssn cannot be changed after the identity check is completed", {
      field: "ssn",
    });
  }
  const renamed =
    (changes.first_name !== undefined && changes.first_name !== existing.firstName) ||
    (changes.last_name !== undefined && changes.last_name !== existing.lastName);
  return renamed ? { ...changed, sumsubReviewAnswer: null, sumsubCompletedAt: null } : changed;
}
