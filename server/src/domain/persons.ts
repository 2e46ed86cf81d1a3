// A person's record on a write (requirements §5, docs/architecture.md The record's rules): what an
// identity check binds (decisions 0020, 0023), that the record stays complete, and the save itself
// (decision 0171).
import type { PersonRow } from "../../../db/schema";
import type { Executor } from "../../../db/engine";
import type { SsnCipher } from "../pii/ssn";
import { invalid, notFound, recordRule } from "../errors";
import { MESSAGES, timestampNow } from "../contract/rules";
import { identityVerified } from "../contract/submission";
import { isBlank, missingRequiredFields, OWNER_FORM_REQUIRED } from "../contract/required-fields";
import { auditOf, canAccessAccount, requireRecordWriterOf, type Actor } from "../authz";
import { assertEnumValues } from "../repositories/enums";
import {
  changedPersonFields,
  getPersonForWrite,
  ssnChanges,
  toPersonDto,
  updatePerson,
  type PersonFields,
  type PersonForWrite,
  type PersonSystemColumns,
} from "../repositories/persons";

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

/**
 * A change against the identity check: 409 for a fixed field, else the system columns it sets.
 * Every change of a bound field sets identity_changed_at, verified or not: a check started before a
 * rename checked the old name.
 */
function verificationEffect(
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

/**
 * The person after the change still meets their role's requirements, and an add-on owner cannot
 * blank an owner-form field they already gave (the web's owner form requires them all). POST checks
 * its body with the same missingRequiredFields. Throws 400 naming the first such field.
 */
function assertStillComplete(existing: PersonRow, changes: PersonFields): void {
  const stored = toPersonDto(existing);
  const applied: PersonFields = { ...stored };
  for (const [key, value] of Object.entries(changes) as [keyof PersonFields, string | null | undefined][]) {
    if (value !== undefined) applied[key] = value;
  }
  const role = { account_primary_holder: existing.accountPrimaryHolder, is_addon: existing.isAddon };
  const blanked = existing.isAddon
    ? OWNER_FORM_REQUIRED.filter((field) => !isBlank(stored[field]) && isBlank(applied[field]))
    : [];
  const field = missingRequiredFields(applied, role)[0] ?? blanked[0];
  if (field) throw invalid(field, `${field}: ${MESSAGES.required}`);
}

/**
 * PUT/PATCH of a person: read with the facts its rules need, checked and written with its audit row.
 * Postgres first tries it without a transaction: an unlocked read, then one statement that writes
 * only while the row is as read (two round trips); when it changed meanwhile, and on SQLite, the
 * locked transaction (decision 0171). 404 for a person outside the caller's account.
 */
export async function savePerson(
  db: Executor,
  actor: Actor,
  ssn: SsnCipher,
  personId: number,
  changes: PersonFields,
): Promise<PersonRow> {
  if (db.engine === "postgres") {
    const saved = await save(db, await getPersonForWrite(db, personId, changes.email, true), actor, ssn, changes);
    if (saved) return saved;
  }
  return db.transaction(
    async (tx) => (await save(tx, await getPersonForWrite(tx, personId, changes.email), actor, ssn, changes))!,
  );
}

/** The rules on `found`, then its write; undefined when `found` was read unlocked and the row changed since. */
async function save(
  db: Executor,
  found: PersonForWrite | undefined,
  actor: Actor,
  ssn: SsnCipher,
  changes: PersonFields,
): Promise<PersonRow | undefined> {
  if (!found || !canAccessAccount(actor.caller, found.row.accountId, "write")) throw notFound("Person");
  const { row: existing } = found;
  requireRecordWriterOf(actor.caller, found.accountSubmitted);
  const identityEffect = verificationEffect(existing, changes, ssn);
  assertStillComplete(existing, changes);
  await assertEnumValues(db, { state: changes.state, marital_status: changes.marital_status });
  if (found.emailTaken) throw invalid("email", MESSAGES.emailExists);
  const fields = changedPersonFields(existing, changes, ssn);
  const cleared = "sumsubReviewAnswer" in identityEffect;
  const audited = cleared ? [...fields, "sumsub_review_answer", "sumsub_completed_at"] : fields;
  const target = { type: "person", id: existing.personId };
  const audit = auditOf(actor, existing.accountId, "person.update", target, audited);
  return updatePerson(db, ssn, existing, changes, identityEffect, audit, found.version);
}
