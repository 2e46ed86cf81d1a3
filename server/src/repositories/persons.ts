// Persons (founders and add-on owners). SSNs are encrypted here on the way in; responses carry only
// the masked last four. Multi-row writes (primary holder + account link, delete + its org links)
// are single transactions.
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { preparedPerDb } from "../../../db/prepared";
import { account, organizationUser, person, type PersonRow } from "../../../db/schema";
import type { Person } from "../contract/entities";
import { SSN_MASKED, maskSsn, timestampNow } from "../contract/rules";
import type { SsnCipher } from "../pii/ssn";
import { badRequest, conflict, notFound } from "../http-errors";
import { MESSAGES } from "../contract/rules";

/** Writable person fields as they travel (snake_case, SSN and phone digits only). */
export interface PersonFields {
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  dob?: string | null;
  ssn?: string | null;
  phone?: string | null;
  address_line1?: string | null;
  address_line2?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  marital_status?: string | null;
  sumsub_applicant_id?: string | null;
}

const personsOfAccount = preparedPerDb((db) =>
  db.select().from(person).where(eq(person.accountId, sql.placeholder("accountId"))).orderBy(person.personId).prepare(),
);
const personById = preparedPerDb((db) => db.select().from(person).where(eq(person.personId, sql.placeholder("personId"))).prepare());
// Person ids start at 1, so "except person 0" excludes nobody and one statement serves both cases.
const personWithEmail = preparedPerDb((db) =>
  db
    .select({ id: person.personId })
    .from(person)
    .where(
      and(
        eq(person.accountId, sql.placeholder("accountId")),
        sql`lower(${person.email}) = lower(${sql.placeholder("email")})`,
        ne(person.personId, sql.placeholder("exceptPersonId")),
      ),
    )
    .prepare(),
);

export function listPersons(db: Db, accountId: number): PersonRow[] {
  return personsOfAccount(db).all({ accountId });
}

export function getPerson(db: Db, personId: number): PersonRow | undefined {
  return personById(db).get({ personId });
}

/** Case-insensitive uniqueness of owner emails within one account (spec §5). */
export function assertEmailFree(db: Db, accountId: number, email: string | null | undefined, exceptPersonId?: number): void {
  if (!email) return;
  const clash = personWithEmail(db).get({ accountId, email, exceptPersonId: exceptPersonId ?? 0 });
  if (clash) throw badRequest("email", MESSAGES.emailExists);
}

/** Maps API fields to columns; a masked SSN (what the API returned) keeps the stored one. */
function toColumns(f: PersonFields, ssn: SsnCipher): Partial<typeof person.$inferInsert> {
  const cols: Partial<typeof person.$inferInsert> = {
    email: f.email === undefined ? undefined : f.email && f.email.trim(),
    firstName: f.first_name,
    lastName: f.last_name,
    dob: f.dob,
    phone: f.phone,
    addressLine1: f.address_line1,
    addressLine2: f.address_line2,
    city: f.city,
    state: f.state,
    zip: f.zip,
    maritalStatus: f.marital_status,
    sumsubApplicantId: f.sumsub_applicant_id,
  };
  if (f.ssn === null) {
    cols.ssnEncrypted = null;
    cols.ssnLast4 = null;
  } else if (f.ssn !== undefined && !SSN_MASKED.test(f.ssn)) {
    cols.ssnEncrypted = ssn.encrypt(f.ssn);
    cols.ssnLast4 = f.ssn.slice(-4);
  }
  return cols;
}

export function createPerson(
  db: Db,
  ssn: SsnCipher,
  input: PersonFields & { account_id: number; account_primary_holder: boolean; is_addon: boolean },
  /** Runs inside the transaction after the insert (e.g. to write a notification). */
  afterInsert?: (tx: Tx, created: PersonRow) => void,
): PersonRow {
  return db.transaction((tx) => {
    if (input.account_primary_holder) {
      const current = tx.select({ holder: account.primaryAccountHolder }).from(account).where(eq(account.accountId, input.account_id)).get();
      if (current?.holder) throw conflict("The account already has a primary account holder", "account_primary_holder");
    }
    const now = timestampNow();
    const row = tx
      .insert(person)
      .values({
        ...toColumns(input, ssn),
        accountId: input.account_id,
        accountPrimaryHolder: input.account_primary_holder,
        isAddon: input.is_addon,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    if (input.account_primary_holder) {
      tx.update(account).set({ primaryAccountHolder: row.personId, updatedAt: now }).where(eq(account.accountId, input.account_id)).run();
    }
    afterInsert?.(tx, row);
    return row;
  });
}

type PersonColumn = keyof typeof person.$inferInsert;

/**
 * One prepared UPDATE per set of changed columns (a PUT always sends the same set, a PATCH a
 * few): a small bounded map per database, oldest shape dropped first. No RETURNING: the written
 * row is the row just read with the set values in it, and RETURNING * cost about a third of the
 * statement (measured ~13 µs with it, ~8 µs without).
 */
const MAX_UPDATE_SHAPES = 64;
const updateShapes = preparedPerDb((db) => {
  const shapes = new Map<string, ReturnType<typeof prepareUpdate>>();
  function prepareUpdate(columns: PersonColumn[]) {
    const set = Object.fromEntries(columns.map((c) => [c, sql.placeholder(c)]));
    return db.update(person).set(set).where(eq(person.personId, sql.placeholder("__personId"))).prepare();
  }
  return (columns: PersonColumn[]) => {
    const key = columns.join(",");
    let statement = shapes.get(key);
    if (!statement) {
      statement = prepareUpdate(columns);
      shapes.set(key, statement);
      if (shapes.size > MAX_UPDATE_SHAPES) shapes.delete(shapes.keys().next().value!);
    }
    return statement;
  };
});

/**
 * Writes the changed fields of `existing` and its updated_at. Columns whose value is already
 * stored are left out of the UPDATE: a form PUT sends every field but changes one or two, and
 * SQLite rewrites the index entries of every column it is told to set (the email and applicant-id
 * indexes), a WAL page each. Safe because the caller read `existing` in the same synchronous step
 * (no await between the read and this write) on the app's only writing connection.
 */
export function updatePerson(db: Db, ssn: SsnCipher, existing: PersonRow, changes: PersonFields): PersonRow {
  const stored = existing as unknown as Record<string, unknown>;
  // Undefined means "leave unchanged", as drizzle's .set() treats it. updated_at is always written
  // (even when it equals the stored one, within the same millisecond: the SET is never empty).
  const changed = Object.entries(toColumns(changes, ssn)).filter(([c, v]) => v !== undefined && v !== stored[c]);
  const written = { ...Object.fromEntries(changed), updatedAt: timestampNow() } as Partial<PersonRow>;
  const columns = (Object.keys(written) as PersonColumn[]).sort();
  const { changes: updated } = updateShapes(db)(columns).run({ ...written, __personId: existing.personId });
  if (updated !== 1) throw notFound("Person");
  return { ...existing, ...written };
}

/** Whether `next` would change the stored SSN (a masked value keeps it; compared decrypted). */
export function ssnChanges(existing: PersonRow, next: string | null | undefined, ssn: SsnCipher): boolean {
  if (next === undefined || (next !== null && SSN_MASKED.test(next))) return false;
  if (next === null || existing.ssnEncrypted === null) return next !== null || existing.ssnEncrypted !== null;
  return ssn.decrypt(existing.ssnEncrypted) !== next;
}

/** The names of the fields `changes` would change (for the audit trail: names, never values). */
export function changedPersonFields(existing: PersonRow, changes: PersonFields, ssn: SsnCipher): string[] {
  const stored = toPersonDto(existing) as unknown as Record<string, unknown>;
  return (Object.keys(changes) as (keyof PersonFields)[]).filter((field) => {
    const next = changes[field];
    if (next === undefined) return false;
    if (field === "ssn") return ssnChanges(existing, next, ssn);
    const value = field === "email" && next ? next.trim() : next;
    return value !== stored[field];
  });
}

/** Server-side columns the API does not let founders write (identity check results, email sends). */
export type PersonSystemColumns = Partial<Pick<PersonRow, "sumsubApplicantId" | "sumsubCompletedAt" | "sumsubReviewAnswer" | "sumsubEmailSentAt">>;

export function updatePersonSystemColumns(db: Db, personId: number, values: PersonSystemColumns): PersonRow | undefined {
  return db
    .update(person)
    .set({ ...values, updatedAt: timestampNow() })
    .where(eq(person.personId, personId))
    .returning()
    .get();
}

/** Deletes the person and its organization links; clears the account's primary holder if it was them. */
export function deletePerson(db: Db, personId: number): void {
  db.transaction((tx) => {
    tx.delete(organizationUser).where(eq(organizationUser.personId, personId)).run();
    tx.update(account).set({ primaryAccountHolder: null, updatedAt: timestampNow() }).where(eq(account.primaryAccountHolder, personId)).run();
    tx.delete(person).where(eq(person.personId, personId)).run();
  });
}

export function toPersonDto(r: PersonRow): Person {
  return {
    person_id: r.personId,
    account_id: r.accountId,
    account_primary_holder: r.accountPrimaryHolder,
    is_addon: r.isAddon,
    email: r.email,
    first_name: r.firstName,
    last_name: r.lastName,
    dob: r.dob,
    ssn: r.ssnLast4 ? maskSsn(r.ssnLast4) : null,
    phone: r.phone,
    address_line1: r.addressLine1,
    address_line2: r.addressLine2,
    city: r.city,
    state: r.state,
    zip: r.zip,
    marital_status: r.maritalStatus,
    sumsub_applicant_id: r.sumsubApplicantId,
    sumsub_completed_at: r.sumsubCompletedAt,
    sumsub_review_answer: r.sumsubReviewAnswer,
    sumsub_email_sent_at: r.sumsubEmailSentAt,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

/** "First Last", or the email, or a neutral word: used in notification texts. */
export function displayName(r: Pick<PersonRow, "firstName" | "lastName" | "email">): string {
  const name = [r.firstName, r.lastName].filter(Boolean).join(" ");
  return name || r.email || "A new owner";
}
