// The functions PUT/PATCH person calls on Postgres (migration 0006, decision 0171): the read gives what
// drizzle's read gives, the write sets every column it is given and the audit row exactly as given,
// and a row written since the read is left alone, its audit row not written either.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, getTableColumns } from "drizzle-orm";
import { openPostgres } from "../../db/postgres";
import { postgresAppDb, type AppDb } from "../../db/engine";
import { ENUM_SEED } from "../../db/enums";
import type { PersonRow } from "../../db/schema";
import { auditWrite } from "../../server/src/repositories/audit";
import { getPerson, getPersonVersionForWrite, writePersonIfUnchanged } from "../../server/src/repositories/persons";
import { createMigratedDatabase, sharedPostgres, type PostgresServer } from "../support/postgres";

const AT = "2026-11-29T02:00:00.000";
let server: PostgresServer;
let db: AppDb;

beforeAll(async () => {
  server = await sharedPostgres();
  const handle = openPostgres(server.url(await createMigratedDatabase(server)), { max: 2 });
  db = postgresAppDb(handle.db, () => handle.close());
});
afterAll(async () => {
  await db?.close();
  await server?.stop();
});

const enumIds = (category: string) => ENUM_SEED.filter((e) => e.enumCategory === category).map((e) => e.enumId);

async function newAccount(userId: string): Promise<number> {
  const [row] = await db.all(
    db.q
      .insert(db.t.account)
      .values({ userId, createdAt: AT, updatedAt: AT })
      .returning({ id: db.t.account.accountId }),
  );
  return row!.id;
}

async function newPerson(accountId: number, email: string): Promise<PersonRow> {
  const [row] = await db.all(
    db.q
      .insert(db.t.person)
      .values({
        accountId,
        email,
        firstName: "Ada",
        state: enumIds("us_state")[0],
        maritalStatus: enumIds("marital_status")[0],
        sumsubReviewAnswer: "GREEN",
        createdAt: AT,
        updatedAt: AT,
      })
      .returning(),
  );
  return row!;
}

const audit = (accountId: number, personId: number, fields: string[], at: string) =>
  auditWrite(
    {
      accountId,
      actor: { type: "user", id: "user-fn" },
      action: "person.update",
      entity: { type: "person", id: personId },
      fields,
      route: "PUT /api/persons/:personId",
      detail: { note: "test" },
      sourceEventId: `event-${personId}-${at}`,
    },
    at,
  );

const auditRowsOf = (personId: number) =>
  db.all(db.q.select().from(db.t.auditEvent).where(eq(db.t.auditEvent.entityId, personId)));

describe("person_for_write and person_write_if_unchanged", () => {
  it("read the row drizzle reads, with the facts; write every column given and the audit row as given", async () => {
    const accountId = await newAccount("user-fn-1");
    const otherAccount = await newAccount("user-fn-2");
    const person = await newPerson(accountId, "ada@example.com");
    await newPerson(accountId, "grace@example.com");

    const found = await getPersonVersionForWrite(db, person.personId, "GRACE@example.com");
    expect(found?.row).toEqual(await getPerson(db, person.personId));
    expect(found).toMatchObject({ accountSubmitted: false, emailTaken: true });
    expect((await getPersonVersionForWrite(db, person.personId, null))?.emailTaken).toBe(false);
    expect(await getPersonVersionForWrite(db, 999_999, null)).toBeUndefined();

    // Every column but the key, each to a new value: a column the function's lists leave out fails here.
    const changed: Omit<PersonRow, "personId"> = {
      accountId: otherAccount,
      accountPrimaryHolder: true,
      isAddon: true,
      email: "ada.l@example.com",
      firstName: "Augusta",
      lastName: "King",
      dob: "1815-12-10",
      ssnEncrypted: "cipher",
      ssnLast4: "6789",
      phone: "3025550100",
      addressLine1: "1 Main St",
      addressLine2: "Suite 2",
      city: "Dover",
      state: enumIds("us_state")[1]!,
      zip: "19901",
      maritalStatus: enumIds("marital_status")[1]!,
      sumsubApplicantId: "applicant",
      sumsubCompletedAt: AT,
      sumsubReviewAnswer: "RED",
      sumsubReviewAt: AT,
      sumsubEmailSentAt: AT,
      identityChangedAt: AT,
      sumsubCheckId: "check",
      sumsubCheckStartedAt: AT,
      createdAt: "2026-11-29T02:00:00.001",
      updatedAt: "2026-11-29T02:00:00.002",
    };
    const columns = Object.keys(getTableColumns(db.t.person)).filter((c) => c !== "personId");
    expect(Object.keys(changed).sort()).toEqual(columns.sort());
    const written = audit(accountId, person.personId, ["city"], changed.updatedAt);
    const forWrite = (await getPersonVersionForWrite(db, person.personId, changed.email))!;
    expect(await writePersonIfUnchanged(db, forWrite, changed.email, changed, written)).toEqual(expect.any(String));
    expect(await getPerson(db, person.personId)).toEqual({ personId: person.personId, ...changed });
    const [auditRow] = await auditRowsOf(person.personId);
    expect(auditRow).toEqual({ auditId: auditRow!.auditId, ...written.values });
    // Only what is given is written: a column left out keeps its value.
    const now = (await getPersonVersionForWrite(db, person.personId, null))!;
    expect(now.row).toEqual(await getPerson(db, person.personId));
    const later = audit(accountId, person.personId, ["city"], "2026-11-29T02:00:01.000");
    expect(await writePersonIfUnchanged(db, now, null, { city: "Lewes", updatedAt: later.values.at }, later)).toEqual(
      expect.any(String),
    );
    expect(await getPerson(db, person.personId)).toEqual({
      personId: person.personId,
      ...changed,
      city: "Lewes",
      updatedAt: later.values.at,
    });
  });

  it("write nothing, the audit row neither, once the row or a fact its rules read changed since the read", async () => {
    const accountId = await newAccount("user-fn-3");
    const person = await newPerson(accountId, "stale@example.com");
    const seen = (await getPersonVersionForWrite(db, person.personId, null))!;
    const first = audit(accountId, person.personId, ["city"], "2026-11-29T02:00:02.000");
    const version = await writePersonIfUnchanged(db, seen, null, { city: "Dover" }, first);
    // The version it returns is the row's: a write from it applies.
    expect(version).toBe((await getPersonVersionForWrite(db, person.personId, null))!.version);
    // `seen` is no longer the row's version (the write above moved it).
    const second = audit(accountId, person.personId, ["city"], "2026-11-29T02:00:03.000");
    expect(await writePersonIfUnchanged(db, seen, null, { city: "Lewes" }, second)).toBeNull();
    const afterFirst = { ...seen, version: version! };
    // Another person of the account has the email the write gives, which the read did not see.
    await newPerson(accountId, "taken@example.com");
    expect(await writePersonIfUnchanged(db, afterFirst, "TAKEN@example.com", { city: "Lewes" }, second)).toBeNull();
    // The account was submitted since the read.
    await db.run(
      db.q.insert(db.t.strategy).values({
        accountId,
        strategyType: enumIds("strategy_type")[0]!,
        entryCompletedAt: AT,
        createdAt: AT,
        updatedAt: AT,
      }),
    );
    expect(await writePersonIfUnchanged(db, afterFirst, null, { city: "Lewes" }, second)).toBeNull();
    expect((await getPerson(db, person.personId))?.city).toBe("Dover");
    expect((await auditRowsOf(person.personId)).map((r) => r.at)).toEqual([first.values.at]);
    // With the facts as they now are, it applies.
    const fresh = (await getPersonVersionForWrite(db, person.personId, null))!;
    expect(fresh.accountSubmitted).toBe(true);
    expect(await writePersonIfUnchanged(db, fresh, null, { city: "Lewes" }, second)).toEqual(expect.any(String));
  });
});
