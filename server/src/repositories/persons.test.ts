import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../../db/client";
import { createSsnCipher } from "../pii/ssn";
import { getAccount, getOrCreateAccountForUser } from "./accounts";
import { createPerson, deletePerson, listPersons } from "./persons";
import { listNotifications, createNotification } from "./notifications";

const ssn = createSsnCipher(crypto.randomBytes(32));

describe("person writes are all-or-nothing", () => {
  it("a failure after the insert leaves neither the person nor the account link behind", () => {
    const h = openDatabase(":memory:");
    const accountId = getOrCreateAccountForUser(h.db, "user-1");
    expect(() =>
      createPerson(h.db, ssn, { account_id: accountId, account_primary_holder: true, is_addon: false, first_name: "Ada", ssn: "123456789" }, () => {
        throw new Error("notification failed");
      }),
    ).toThrow("notification failed");
    expect(listPersons(h.db, accountId)).toEqual([]);
    expect(getAccount(h.db, accountId)?.primaryAccountHolder).toBeNull();
    h.close();
  });

  it("writes the person, the account link and the notification together", () => {
    const h = openDatabase(":memory:");
    const accountId = getOrCreateAccountForUser(h.db, "user-2");
    const p = createPerson(h.db, ssn, { account_id: accountId, account_primary_holder: true, is_addon: false, ssn: "123456789" }, (tx) =>
      createNotification(tx, accountId, "t", "d"),
    );
    expect(getAccount(h.db, accountId)?.primaryAccountHolder).toBe(p.personId);
    expect(ssn.decrypt(p.ssnEncrypted!)).toBe("123456789");
    expect(listNotifications(h.db, accountId, { limit: 10, offset: 0, includeRead: true })).toHaveLength(1);
    deletePerson(h.db, p.personId);
    expect(getAccount(h.db, accountId)?.primaryAccountHolder).toBeNull();
    h.close();
  });
});
