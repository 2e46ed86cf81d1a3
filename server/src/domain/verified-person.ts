// What an identity check binds on a person (docs/decisions/0020, 0023). Every change of a bound
// field sets identity_changed_at, verified or not: a check started before a rename checked the old name.
import type { PersonRow } from "../../../db/schema";
import type { SsnCipher } from "../pii/ssn";
import { recordRule } from "../errors";
import { timestampNow } from "../contract/rules";
import { identityVerified } from "../contract/submission";
import { ssnChanges, type PersonFields, type PersonSystemColumns } from "../repositories/persons";

export function isVerified(p: Pick<PersonRow, "sumsubReviewAnswer" | "sumsubCompletedAt">): boolean {
  return identityVerified({ sumsub_review_answer: p.sumsubReviewAnswer, sumsub_completed_at: p.sumsubCompletedAt });
}

/** What the document showed: refused once verified (409 fixed_after_verification). */
const FIXED_AFTER_VERIFICATION = ["dob", "ssn"] as const;
/** Correctable (a typo, a marriage), but the check no longer matches: the change clears the verification. */
const CLEARS_VERIFICATION = ["first_name", "last_name"] as const;
type BoundField = (typeof FIXED_AFTER_VERIFICATION)[number] | (typeof CLEARS_VERIFICATION)[number];
const COLUMN = { dob: "dob", first_name: "firstName", last_name: "lastName" } as const;

function changes(existing: PersonRow, fields: PersonFields, ssn: SsnCipher, field: BoundField): boolean {
  if (field === "ssn") return ssnChanges(existing, fields.ssn, ssn);
  return fields[field] !== undefined && fields[field] !== existing[COLUMN[field]];
}

/** A change against the identity check: 409 for a fixed field, else the system columns it sets. */
export function verificationEffect(
  existing: PersonRow,
  fields: PersonFields,
  ssn: SsnCipher,
  now: string = timestampNow(),
): PersonSystemColumns {
  const changed = [...FIXED_AFTER_VERIFICATION, ...CLEARS_VERIFICATION].filter((f) =>
    changes(existing, fields, ssn, f),
  );
  if (changed.length === 0) return {};
  const stamp: PersonSystemColumns = { identityChangedAt: now };
  if (!isVerified(existing)) return stamp;
  const fixed = FIXED_AFTER_VERIFICATION.find((f) => changed.includes(f));
  if (fixed)
    throw recordRule("fixed_after_verification", `${fixed} cannot be changed after the identity check is completed`, {
      field: fixed,
    });
  return { ...stamp, sumsubReviewAnswer: null, sumsubCompletedAt: null };
}
