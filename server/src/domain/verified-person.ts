// What a completed identity check (GREEN) binds on a person (docs/decisions/0020):
// - dob and ssn are what the document showed: a change is refused (409 fixed_after_verification);
// - first_name and last_name may be corrected (a typo, a marriage), but the check then no longer
//   matches the record, so the change clears the verification and the check must be done again
//   ('Update license'). The old result cannot come back: results are applied in the provider's
//   time order (sumsub_review_at is kept).
import type { PersonRow } from "../../../db/schema";
import type { SsnCipher } from "../pii/ssn";
import { recordRule } from "./errors";
import { ssnChanges, type PersonFields, type PersonSystemColumns } from "../repositories/persons";

export function isVerified(p: Pick<PersonRow, "sumsubReviewAnswer" | "sumsubCompletedAt">): boolean {
  return p.sumsubReviewAnswer === "GREEN" && p.sumsubCompletedAt !== null;
}

export const FIXED_AFTER_VERIFICATION = ["dob", "ssn"] as const;
export const CLEARS_VERIFICATION = ["first_name", "last_name"] as const;

/**
 * Checks a change to a verified person. Throws 409 for a fixed field; returns the columns to clear
 * when a name change ends the verification (empty when the person stays verified or was not).
 */
export function verificationEffect(existing: PersonRow, changes: PersonFields, ssn: SsnCipher): PersonSystemColumns {
  if (!isVerified(existing)) return {};
  if (changes.dob !== undefined && changes.dob !== existing.dob) {
    throw recordRule("fixed_after_verification", "dob cannot be changed after the identity check is completed", { field: "dob" });
  }
  if (ssnChanges(existing, changes.ssn, ssn)) {
    throw recordRule("fixed_after_verification", "ssn cannot be changed after the identity check is completed", { field: "ssn" });
  }
  const renamed =
    (changes.first_name !== undefined && changes.first_name !== existing.firstName) ||
    (changes.last_name !== undefined && changes.last_name !== existing.lastName);
  return renamed ? { sumsubReviewAnswer: null, sumsubCompletedAt: null } : {};
}
