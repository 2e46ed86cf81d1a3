import crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { openDatabase } from "../../../db/client";
import { sqliteAppDb, sqliteClientOf } from "../../../db/engine";
import { createSsnCipher } from "../pii/ssn";
import { getAccount, getOrCreateAccountForUser } from "./accounts";
import { createPerson, deletePerson, getPerson, getPersonForWrite, listPersons, updatePerson } from "./persons";
import { accountSubmitted } from "./strategies";
import { listNotifications, createNotification } from "./notifications";
import { listAudit, type AuditEntry } from "./audit";

const ssn = createSsnCipher(crypto.randomBytes(32));

function open() {
  const handle = openDatabase(":memory:");
  return { db: sqliteAppDb(handle.db, () => handle.close()), close: () => handle.close() };
}

describe("person writes are all-or-nothing", () => {
  it("a failure after the insert leaves neither the person nor the account link behind", async () => {
    const h = open();
    const accountId = await getOrCreateAccountForUser(h.db, "user-1");
    await expect(
      createPerson(
        h.db,
        ssn,
        { account_id: accountId, account_primary_holder: true, is_addon: false, first_name: "Ada", ssn: "123456789" },
        () => Promise.reject(new Error("notification failed")),
      ),
    ).rejects.toThrow("notification failed");
    expect(await listPersons(h.db, accountId)).toEqual([]);
    expect((await getAccount(h.db, accountId))?.primaryAccountHolder).toBeNull();
    h.close();
  });

  it("writes the person, the account link and the notification together", async () => {
    const h = open();
    const accountId = await getOrCreateAccountForUser(h.db, "user-2");
    const p = await createPerson(
      h.db,
      ssn,
      { account_id: accountId, account_primary_holder: true, is_addon: false, ssn: "123456789" },
      async (tx) => {
        await createNotification(tx, accountId, "t", "d");
      },
    );
    expect((await getAccount(h.db, accountId))?.primaryAccountHolder).toBe(p.personId);
    expect(ssn.decrypt(p.ssnEncrypted!)).toBe("123456789");
    expect(await listNotifications(h.db, accountId, { limit: 10, offset: 0, includeRead: true })).toHaveLength(1);
    await deletePerson(h.db, p.personId);
    expect((await getAccount(h.db, accountId))?.primaryAccountHolder).toBeNull();
    h.close();
  });
});

describe("updatePerson", () => {
  const audit = (accountId: number, personId: number, fields: string[]): AuditEntry => ({
    accountId,
    actor: { type: "user", id: "user" },
    action: "person.update",
    entity: { type: "person", id: personId },
    fields,
    route: "PUT /api/persons/:personId",
  });

  it("writes what changed and updated_at, keeps what is already stored, and a masked SSN keeps the stored one", async () => {
    const h = open();
    const accountId = await getOrCreateAccountForUser(h.db, "user-3");
    const p = await createPerson(h.db, ssn, {
      account_id: accountId,
      account_primary_holder: true,
      is_addon: false,
      first_name: "Ada",
      city: "Dover",
      email: "ada@example.com",
      ssn: "123456789",
    });
    await new Promise((r) => setTimeout(r, 5));
    const same = (await updatePerson(
      h.db,
      ssn,
      p,
      { first_name: "Ada", city: "Dover", email: "ada@example.com", ssn: "***-**-6789" },
      {},
      audit(accountId, p.personId, []),
    ))!;
    expect(same.updatedAt > p.updatedAt).toBe(true);
    expect({ ...same, updatedAt: p.updatedAt }).toEqual(p);
    const moved = (await updatePerson(
      h.db,
      ssn,
      same,
      { first_name: "Ada", city: "Lewes", email: "ADA@example.com", address_line2: null },
      {},
      audit(accountId, p.personId, ["city", "email"]),
    ))!;
    expect(moved).toMatchObject({ firstName: "Ada", city: "Lewes", email: "ADA@example.com", ssnLast4: "6789" });
    expect(await getPerson(h.db, p.personId)).toEqual(moved);
    expect(ssn.decrypt(moved.ssnEncrypted!)).toBe("123456789");
    // Each write with its audit row, at the row's updated_at.
    const rows = await listAudit(h.db, { accountId, limit: 10 });
    expect(rows.map((r) => [r.fields, r.at])).toEqual([
      ['["city","email"]', moved.updatedAt],
      ["[]", same.updatedAt],
    ]);
    h.close();
  });

  it("an unchanged save in the same millisecond as the stored one still succeeds (updated_at is always set)", async () => {
    const h = open();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2026-11-22T10:00:00.000Z"));
      const accountId = await getOrCreateAccountForUser(h.db, "user-4");
      const p = await createPerson(h.db, ssn, {
        account_id: accountId,
        account_primary_holder: false,
        is_addon: true,
        email: "bo@example.com",
      });
      const write = updatePerson(h.db, ssn, p, { email: "bo@example.com" }, {}, audit(accountId, p.personId, []));
      expect(await write).toEqual(p);
    } finally {
      vi.useRealTimers();
      h.close();
    }
  });
});

describe("a save's reads at scale", () => {
  it("asks 'has the account finished its entry?' of strategy_entry_completed_idx, not of strategy rows", async () => {
    const h = open();
    const accountId = await getOrCreateAccountForUser(h.db, "user-plans");
    const p = await createPerson(
      h.db,
      ssn,
      { account_id: accountId, account_primary_holder: true, is_addon: false, first_name: "Ada" },
      () => Promise.resolve(),
    );
    const client = sqliteClientOf(h.db);
    const prepare = vi.spyOn(client, "prepare");
    await getPersonForWrite(h.db, p.personId, "ada@example.com");
    await accountSubmitted(h.db, accountId);
    const asked = prepare.mock.calls.map(([text]) => text).filter((text) => /from "strategy"/i.test(text));
    prepare.mockRestore();
    expect(asked).toHaveLength(2);
    for (const text of asked) {
      const params = Array.from(text.matchAll(/\?/g), () => 1);
      const plan = (client.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...params) as { detail: string }[]).map(
        (r) => r.detail,
      );
      expect(plan.filter((d) => / strategy /.test(d))).toEqual([
        expect.stringMatching(/^SEARCH strategy USING (COVERING )?INDEX strategy_entry_completed_idx /),
      ]);
    }
    h.close();
  });
});
