// Persons (founders and add-on owners). SSNs are encrypted here on the way in; responses carry only
// the masked last four.
import { and, eq, getTableColumns, ne, sql, type Placeholder, type SQL } from "drizzle-orm";
import {
  prepared,
  preparedWrite,
  type Executor,
  type Prepared,
  type PreparedWrite,
  type Tables,
} from "../../../db/engine";
import type { PersonRow } from "../../../db/schema";
import type * as schema from "../../../db/schema";
import type { z } from "zod";
import type { Person, personWritable } from "../contract/entities";
import { SSN_MASKED, maskSsn, timestampNow } from "../contract/rules";
import type { SsnCipher } from "../pii/ssn";
import { conflict, invalid } from "../errors";
import { MESSAGES } from "../contract/rules";
import { auditInsertFrom, auditValues, writeAudit, type AuditEntry } from "./audit";

/** Writable person fields as they travel (snake_case, SSN and phone digits only): the contract's. */
export type PersonFields = Partial<z.infer<typeof personWritable>>;

const personsOfAccount = prepared((q, { person }) =>
  q
    .select()
    .from(person)
    .where(eq(person.accountId, sql.placeholder("accountId")))
    .orderBy(person.personId),
);
const personById = prepared((q, { person }) =>
  q
    .select()
    .from(person)
    .where(eq(person.personId, sql.placeholder("personId"))),
);
// Person ids start at 1, so "except person 0" excludes nobody and one statement serves both cases.
const personWithEmail = prepared((q, { person }) =>
  q
    .select({ id: person.personId })
    .from(person)
    .where(
      and(
        eq(person.accountId, sql.placeholder("accountId")),
        sql`lower(${person.email}) = lower(${sql.placeholder("email")})`,
        ne(person.personId, sql.placeholder("exceptPersonId")),
      ),
    ),
);

export function listPersons(db: Executor, accountId: number): Promise<PersonRow[]> {
  return personsOfAccount.all(db, { accountId });
}

export function getPerson(db: Executor, personId: number): Promise<PersonRow | undefined> {
  return personById.get(db, { personId });
}

const personByIdForUpdate = prepared((q, { person }, forUpdate) =>
  forUpdate(
    q
      .select()
      .from(person)
      .where(eq(person.personId, sql.placeholder("personId"))),
  ),
);

/** The person, its row locked until the transaction `tx` ends (for a read-then-write). */
export function getPersonForUpdate(tx: Executor, personId: number): Promise<PersonRow | undefined> {
  return personByIdForUpdate.get(tx, { personId });
}

/** What a PUT/PATCH's rules need, in ONE statement: the person, "account submitted?", "email taken?". */
// drizzle leaves a one-table select's columns unqualified, which inside a subquery would mean its own table.
const qualified = (table: string, column: { name: string }) =>
  sql`${sql.identifier(table)}.${sql.identifier(column.name)}`;
const personForWriteColumns = ({ person, strategy }: Tables) => ({
  // Nested: drizzle maps the person's columns into their own object (no copy to split it off).
  row: getTableColumns(person),
  accountSubmitted:
    sql<boolean>`exists (select 1 from ${strategy} where ${qualified("strategy", strategy.accountId)} = ${qualified("person", person.accountId)} and ${qualified("strategy", strategy.entryCompletedAt)} is not null)`.mapWith(
      Boolean,
    ),
  // The inner person table is "other", so "person" inside is the row being written.
  emailTaken:
    sql<boolean>`exists (select 1 from ${person} as "other" where ${qualified("other", person.accountId)} = ${qualified("person", person.accountId)} and lower(${qualified("other", person.email)}) = lower(${sql.placeholder("email")}) and ${qualified("other", person.personId)} <> ${qualified("person", person.personId)})`.mapWith(
      Boolean,
    ),
});
const personForWrite = prepared((q, t, forUpdate) =>
  forUpdate(
    q
      .select(personForWriteColumns(t))
      .from(t.person)
      .where(eq(t.person.personId, sql.placeholder("personId"))),
  ),
);
/** Postgres: the same, unlocked, with the row's version (xmin: any write of the row moves it). */
const personVersionForWrite = prepared((q, t) =>
  q
    .select({ ...personForWriteColumns(t), version: sql<string>`${t.person}.xmin` })
    .from(t.person)
    .where(eq(t.person.personId, sql.placeholder("personId"))),
);
export interface PersonForWrite {
  row: PersonRow;
  accountSubmitted: boolean;
  /** Whether another person of the account has the email the write gives (false when it gives none). */
  emailTaken: boolean;
  /** Unlocked reads only: the row's version, which updatePerson writes only while it holds. */
  version?: string;
}

/**
 * The person with the facts its write's rules need (see personForWrite); undefined when missing.
 * Locked until `tx` ends, or (`unlocked`, Postgres) with its version instead.
 */
export function getPersonForWrite(
  tx: Executor,
  personId: number,
  email: string | null | undefined,
  unlocked = false,
): Promise<PersonForWrite | undefined> {
  return (unlocked ? personVersionForWrite : personForWrite).get(tx, { personId, email: email || null });
}

/** Case-insensitive uniqueness of owner emails within one account (requirements §5). */
export async function assertEmailFree(
  db: Executor,
  accountId: number,
  email: string | null | undefined,
  exceptPersonId?: number,
): Promise<void> {
  if (!email) return;
  const clash = await personWithEmail.get(db, { accountId, email, exceptPersonId: exceptPersonId ?? 0 });
  if (clash) throw invalid("email", MESSAGES.emailExists);
}

type PersonInsert = typeof schema.person.$inferInsert;
type PersonColumn = keyof PersonInsert;

/** Each writable API field with its column; the SSN apart (encrypted, with its last four kept). */
const COLUMN_OF_FIELD: Readonly<Record<Exclude<keyof PersonFields, "ssn">, PersonColumn>> = {
  email: "email",
  first_name: "firstName",
  last_name: "lastName",
  dob: "dob",
  phone: "phone",
  address_line1: "addressLine1",
  address_line2: "addressLine2",
  city: "city",
  state: "state",
  zip: "zip",
  marital_status: "maritalStatus",
};
const PLAIN_FIELDS = Object.keys(COLUMN_OF_FIELD) as (keyof typeof COLUMN_OF_FIELD)[];

/** A field's value as stored: emails are kept trimmed. */
const storedForm = (field: keyof PersonFields, value: string | null) =>
  field === "email" && value ? value.trim() : value;

/** Maps the given API fields to columns (absent fields are left out); a masked SSN (what the API returned) keeps the stored one. */
function toColumns(f: PersonFields, ssn: SsnCipher): Partial<PersonInsert> {
  const cols: Record<string, unknown> = {};
  for (const field of PLAIN_FIELDS) {
    const value = f[field];
    if (value !== undefined) cols[COLUMN_OF_FIELD[field]] = storedForm(field, value);
  }
  if (f.ssn === null) {
    cols.ssnEncrypted = null;
    cols.ssnLast4 = null;
  } else if (f.ssn !== undefined && !SSN_MASKED.test(f.ssn)) {
    cols.ssnEncrypted = ssn.encrypt(f.ssn);
    cols.ssnLast4 = f.ssn.slice(-4);
  }
  return cols as Partial<PersonInsert>;
}

export function createPerson(
  db: Executor,
  ssn: SsnCipher,
  input: PersonFields & { account_id: number; account_primary_holder: boolean; is_addon: boolean },
  /** Runs inside the transaction after the insert (e.g. to write a notification). */
  afterInsert?: (tx: Executor, created: PersonRow) => Promise<void>,
): Promise<PersonRow> {
  return db.transaction(async (tx) => {
    const { account, person } = tx.t;
    if (input.account_primary_holder) {
      const current = await tx.get(
        tx.forUpdate(
          tx.q
            .select({ holder: account.primaryAccountHolder })
            .from(account)
            .where(eq(account.accountId, input.account_id)),
        ),
      );
      if (current?.holder) throw conflict("The account already has a primary account holder", "account_primary_holder");
    }
    const now = timestampNow();
    const row = (await tx.get(
      tx.q
        .insert(person)
        .values({
          ...toColumns(input, ssn),
          accountId: input.account_id,
          accountPrimaryHolder: input.account_primary_holder,
          isAddon: input.is_addon,
          // No identity check can have started for a person before it exists (domain/persons.ts).
          identityChangedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
    ))!;
    if (input.account_primary_holder) {
      await tx.run(
        tx.q
          .update(account)
          .set({ primaryAccountHolder: row.personId, updatedAt: now })
          .where(eq(account.accountId, input.account_id)),
      );
    }
    await afterInsert?.(tx, row);
    return row;
  });
}

/** One prepared UPDATE per set of changed columns, a bounded map; no RETURNING (decision 0044). */
const MAX_UPDATE_SHAPES = 64;
type Assignments = Record<string, Placeholder>;
/** The statement writing `columns` (the same set in another order is another statement, still right). */
function shapeOf<S>(
  shapes: Map<string, S>,
  columns: string[],
  build: (set: Assignments, where: (t: Tables) => SQL) => S,
): S {
  const key = columns.join(",");
  let statement = shapes.get(key);
  if (!statement) {
    // Named "person.<column>", apart from the audit row's placeholders.
    const set = Object.fromEntries(columns.map((c) => [c, sql.placeholder(`person.${c}`)]));
    shapes.set(key, (statement = build(set, ({ person }) => eq(person.personId, sql.placeholder("person.personId")))));
    if (shapes.size > MAX_UPDATE_SHAPES) shapes.delete(shapes.keys().next().value!);
  }
  return statement;
}
const updateShapes = new Map<string, PreparedWrite>();
const updateShape = (columns: string[]) =>
  shapeOf(updateShapes, columns, (set, where) => preparedWrite((q, t) => q.update(t.person).set(set).where(where(t))));
/** Postgres: the UPDATE only while the row's version is the one read, and its audit row with it; answers the audit row's id. */
const versionedShapes = new Map<string, Prepared<{ id: number }>>();
const versionedShape = (columns: string[]) =>
  shapeOf(versionedShapes, columns, (set, where) =>
    prepared((q, t) => {
      const version = sql`${t.person}.xmin = ${sql.placeholder("person.version")}`;
      const update = q
        .update(t.person)
        .set(set)
        .where(and(where(t), version));
      const written = q
        .$with("written", { at: t.person.updatedAt })
        .as(update.returning({ at: t.person.updatedAt }).getSQL());
      // No row written (it changed since it was read): no audit row, and the statement answers none.
      const audited = q.$with("audited", { id: t.auditEvent.auditId }).as(auditInsertFrom(t, written, written.at));
      return q.with(written, audited).select({ id: audited.id }).from(audited);
    }),
  );

/**
 * Writes the fields of `changes` (and `system`) that differ from `existing` (SQLite rewrites an index
 * page for every column it sets) and the audit row `audit`; returns the row it leaves. For `existing`
 * read locked in the same transaction (getPersonForWrite), or read unlocked with its `version`
 * (Postgres): then one statement, which writes nothing (undefined) when the row changed since.
 */
export async function updatePerson(
  tx: Executor,
  ssn: SsnCipher,
  existing: PersonRow,
  changes: PersonFields,
  system: PersonSystemColumns,
  audit: AuditEntry,
  version?: string,
): Promise<PersonRow | undefined> {
  const stored = existing as unknown as Record<string, unknown>;
  // Undefined means "leave unchanged", as drizzle's .set() treats it.
  const given: Record<string, unknown> = { ...toColumns(changes, ssn), ...system };
  const written: Record<string, unknown> = {};
  for (const column in given) {
    const value = given[column];
    if (value !== undefined && value !== stored[column]) written[column] = value;
  }
  // updated_at is always written (even when it equals the stored one, within the same millisecond: the SET is never empty).
  const at = (written.updatedAt = timestampNow());
  const columns = Object.keys(written);
  const values: Record<string, unknown> = { "person.personId": existing.personId, "person.version": version };
  for (const column of columns) values[`person.${column}`] = written[column];
  if (version === undefined) {
    await updateShape(columns).run(tx, values);
    await writeAudit(tx, audit, at);
  } else if (!(await versionedShape(columns).get(tx, { ...values, ...auditValues(audit, at) }))) {
    return undefined; // the row changed since it was read: nothing written
  }
  return { ...existing, ...written } as PersonRow;
}

/** Whether `next` would change the stored SSN (a masked value keeps it; compared decrypted). */
export function ssnChanges(existing: PersonRow, next: string | null | undefined, ssn: SsnCipher): boolean {
  if (next === undefined || (next !== null && SSN_MASKED.test(next))) return false;
  if (next === null || existing.ssnEncrypted === null) return next !== null || existing.ssnEncrypted !== null;
  return ssn.decrypt(existing.ssnEncrypted) !== next;
}

/** The names of the fields `changes` would change (for the audit trail: names, never values). */
export function changedPersonFields(existing: PersonRow, changes: PersonFields, ssn: SsnCipher): string[] {
  const stored = existing as unknown as Record<string, unknown>;
  const changed: string[] = [];
  // In the order the changes name them.
  for (const field in changes) {
    const next = changes[field as keyof PersonFields];
    if (next === undefined) continue;
    if (
      field === "ssn"
        ? ssnChanges(existing, next, ssn)
        : storedForm(field as keyof PersonFields, next) !==
          stored[COLUMN_OF_FIELD[field as keyof typeof COLUMN_OF_FIELD]]
    ) {
      changed.push(field);
    }
  }
  return changed;
}

/** Server-side columns the API does not let founders write (identity check results, email sends). */
export type PersonSystemColumns = Partial<
  Pick<
    PersonRow,
    | "sumsubApplicantId"
    | "sumsubCompletedAt"
    | "sumsubReviewAnswer"
    | "sumsubReviewAt"
    | "sumsubEmailSentAt"
    | "identityChangedAt"
    | "sumsubCheckId"
    | "sumsubCheckStartedAt"
  >
>;

export function updatePersonSystemColumns(
  db: Executor,
  personId: number,
  values: PersonSystemColumns,
  /** The row's updated_at: now by default, a given time, or false to leave it (bookkeeping that changes nothing a reader sees). */
  updatedAt: string | false = timestampNow(),
): Promise<PersonRow | undefined> {
  const { person } = db.t;
  return db.get(
    db.q
      .update(person)
      .set(updatedAt === false ? values : { ...values, updatedAt })
      .where(eq(person.personId, personId))
      .returning(),
  );
}

/** Deletes the person and its organization links; clears the account's primary holder if it was them. */
export function deletePerson(db: Executor, personId: number): Promise<void> {
  return db.transaction(async (tx) => {
    const { account, organizationUser, person } = tx.t;
    await tx.run(tx.q.delete(organizationUser).where(eq(organizationUser.personId, personId)));
    await tx.run(
      tx.q
        .update(account)
        .set({ primaryAccountHolder: null, updatedAt: timestampNow() })
        .where(eq(account.primaryAccountHolder, personId)),
    );
    await tx.run(tx.q.delete(person).where(eq(person.personId, personId)));
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
