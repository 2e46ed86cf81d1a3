// Persons: SSN protection, §5 validation, owner-email uniqueness, notifications and transactions.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app";
import { buildFounderData, type ApiFounder as Founder } from "../support/founders";
import { PROFILE } from "../support/entry";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const createPrimary = (f: Founder, body: object = {}) =>
  t.http
    .post("/api/persons/")
    .set(f.auth)
    .send({ account_id: f.accountId, account_primary_holder: true, ...PROFILE, ...body });
const addOwner = (f: Founder, email: string) =>
  t.http
    .post("/api/persons/")
    .set(f.auth)
    .send({ account_id: f.accountId, account_primary_holder: false, is_addon: true, email });

/** Every string anywhere in a JSON value. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

describe("SSN", () => {
  it("is masked in every response and unreadable in the database file", async () => {
    const f = await t.founder();
    const ssn = "587654321";
    const { body } = await createPrimary(f, { ssn });
    const id = body.person_id;
    const responses = [
      await t.http.get(`/api/persons/${id}`).set(f.auth),
      await t.http.get(`/api/persons/by_account/${f.accountId}`).set(f.auth),
      await t.http.get(`/api/accounts/${f.accountId}/all_data`).set(f.auth),
      await t.http.patch(`/api/persons/${id}`).set(f.auth).send({ city: "Dover" }),
      await t.http
        .put(`/api/persons/${id}`)
        .set(f.auth)
        .send({ ...PROFILE, ssn: "***-**-4321", email: null, sumsub_applicant_id: null }),
    ];
    for (const res of responses) {
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(ssn);
      expect(res.text).not.toContain("587-65-4321");
      for (const s of strings(res.body).filter((v) => v.includes("4321"))) expect(s).toBe("***-**-4321");
    }
    expect(responses[0]!.body.ssn).toBe("***-**-4321");
    expect(responses[2]!.body.account.primary_account_holder.ssn).toBe("***-**-4321");

    const [row] = await t.database.query("select * from person where person_id = ?", id);
    expect(Object.values(row!)).not.toContain(ssn);
    expect(row).not.toHaveProperty("ssn");
    // SQLite: the raw bytes of the file and its WAL hold no plaintext either.
    for (const file of fs.readdirSync(t.dataDir).filter((n) => n.startsWith("app.sqlite"))) {
      const bytes = fs.readFileSync(path.join(t.dataDir, file));
      expect(bytes.includes(Buffer.from(ssn)), file).toBe(false);
    }
  });

  it("keeps the stored SSN when the masked value comes back, replaces it when new digits come", async () => {
    const f = await t.founder();
    const id = (await createPrimary(f)).body.person_id;
    const kept = await t.http.patch(`/api/persons/${id}`).set(f.auth).send({ ssn: "***-**-0000" });
    expect(kept.body.ssn).toBe("***-**-6789");
    const replaced = await t.http.patch(`/api/persons/${id}`).set(f.auth).send({ ssn: "111223333" });
    expect(replaced.body.ssn).toBe("***-**-3333");
    const cleared = await t.http.patch(`/api/persons/${id}`).set(f.auth).send({ ssn: null });
    // §5: the primary holder keeps an SSN, so it cannot be cleared (see validation-gaps.pg.test.ts).
    expect(cleared.body).toMatchObject({ field: "ssn" });
  });

  it("refuses formatted SSNs and phones: the API takes digits only", async () => {
    const f = await t.founder();
    const ssn = await createPrimary(f, { ssn: "123-45-6789" });
    expect(ssn.status).toBe(400);
    expect(ssn.body).toMatchObject({ error: "bad_request", field: "ssn" });
    const phone = await createPrimary(f, { phone: "(212)-555-0123" });
    expect(phone.body).toMatchObject({ field: "phone", message: "phone: Phone number must be at least 14 characters" });
    const masked = await createPrimary(f, { ssn: "***-**-6789" });
    expect(masked.body.field).toBe("ssn");
  });
});

describe("validation (requirements §5)", () => {
  it("requires the profile fields of a primary holder", async () => {
    const f = await t.founder();
    const res = await t.http
      .post("/api/persons/")
      .set(f.auth)
      .send({ account_id: f.accountId, account_primary_holder: true, ...PROFILE, city: undefined });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: "city", message: "city: Required" });
  });

  it("enforces maximum lengths and known enum values", async () => {
    const f = await t.founder();
    const long = await createPrimary(f, { first_name: "A".repeat(51) });
    expect(long.body).toMatchObject({
      field: "first_name",
      message: "first_name: First name cannot exceed 50 characters",
    });
    const address = await createPrimary(f, { address_line1: "x".repeat(61) });
    expect(address.body.field).toBe("address_line1");
    const state = await createPrimary(f, { state: "us_state_atlantis" });
    expect(state.status).toBe(400);
    expect(state.body.field).toBe("state");
    expect((await t.http.get(`/api/persons/by_account/${f.accountId}`).set(f.auth)).body).toEqual([]);
  });

  it("requires a valid email for an add-on owner, unique in the account regardless of case", async () => {
    const f = await t.founder();
    expect((await addOwner(f, "not-an-email")).body).toMatchObject({
      field: "email",
      message: "email: Please enter a valid email address",
    });
    const missing = await t.http
      .post("/api/persons/")
      .set(f.auth)
      .send({ account_id: f.accountId, account_primary_holder: false, is_addon: true });
    expect(missing.body).toMatchObject({ field: "email" });
    expect((await addOwner(f, "Owner@Example.com")).status).toBe(201);
    const dup = await addOwner(f, "owner@example.COM");
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({
      error: "bad_request",
      message: "Email already exists",
      field: "email",
      request_id: expect.any(String),
    });
    // Another founder may use the same address for their own owner.
    expect((await addOwner(await t.founder(), "owner@example.com")).status).toBe(201);
  });

  it("applies the same uniqueness when an owner's email is edited", async () => {
    const f = await t.founder();
    await addOwner(f, "one@example.com");
    const two = (await addOwner(f, "two@example.com")).body.person_id;
    const clash = await t.http.patch(`/api/persons/${two}`).set(f.auth).send({ email: "ONE@example.com" });
    expect(clash.body.message).toBe("Email already exists");
    const same = await t.http.patch(`/api/persons/${two}`).set(f.auth).send({ email: "Two@example.com" });
    expect(same.status).toBe(200);
  });
});

describe("writes", () => {
  it("links the primary holder to the account in the same write, and refuses a second one", async () => {
    const f = await t.founder();
    const id = (await createPrimary(f)).body.person_id;
    const all = await t.http.get(`/api/accounts/${f.accountId}/all_data`).set(f.auth);
    expect(all.body.account.primary_account_holder.person_id).toBe(id);
    const second = await createPrimary(f);
    expect(second.status).toBe(409);
    expect((await t.http.get(`/api/persons/by_account/${f.accountId}`).set(f.auth)).body).toHaveLength(1);
  });

  it("deleting a person removes its organization links and the account's primary-holder reference", async () => {
    const f = await t.founder();
    const d = await buildFounderData(t, f);
    await t.http
      .post("/api/organization_users/")
      .set(f.auth)
      .send({ organization_id: d.organizationId, person_id: d.addonId, primary_holder: false });
    expect((await t.http.delete(`/api/persons/${d.addonId}`).set(f.auth)).body).toEqual({ ok: true });
    expect((await t.http.delete(`/api/persons/${d.personId}`).set(f.auth)).status).toBe(200);
    const all = (await t.http.get(`/api/accounts/${f.accountId}/all_data`).set(f.auth)).body;
    expect(all.persons).toEqual([]);
    expect(all.organization_users).toEqual([]);
    expect(all.account.primary_account_holder).toBeNull();
    expect((await t.http.get(`/api/persons/${d.personId}`).set(f.auth)).status).toBe(404);
  });

  it("notifies when an add-on owner is created", async () => {
    const f = await t.founder();
    await addOwner(f, "grace@example.com");
    const list = await t.http.get("/api/notifications/").set(f.auth);
    expect(list.body).toEqual([
      expect.objectContaining({
        title: "Owner added",
        description: expect.stringContaining("grace@example.com"),
        read_at: null,
      }),
    ]);
  });

  it("one owner added through the web's sequence (create, then link) is one 'Owner added'; deleting the owner takes their notices with them", async () => {
    const f = await t.founder();
    const d = await buildFounderData(t, f); // holder, an add-on owner, strategy, organization, the holder's link
    expect(
      (
        await t.http
          .post("/api/organization_users/")
          .set(f.auth)
          .send({ organization_id: d.organizationId, person_id: d.addonId, primary_holder: false })
      ).status,
    ).toBe(201);
    const titles = async () =>
      ((await t.http.get("/api/notifications/?include_read=true").set(f.auth)).body as { title: string }[]).map(
        (n) => n.title,
      );
    expect((await titles()).filter((title) => title === "Owner added")).toHaveLength(1);
    const second = await addOwner(f, "second-owner@example.com");
    expect((await titles()).filter((title) => title === "Owner added")).toHaveLength(2);
    expect((await t.http.delete(`/api/persons/${d.addonId}`).set(f.auth)).status).toBe(200);
    const left = (await t.http.get("/api/notifications/?include_read=true").set(f.auth)).body as {
      title: string;
      description: string;
    }[];
    expect(left.filter((n) => n.title === "Owner added")).toEqual([
      expect.objectContaining({ description: expect.stringContaining("second-owner@example.com") }),
    ]);
    expect(second.status).toBe(201);
  });
});

describe("all_data is never stale", () => {
  // GET all_data is served from a cache that lasts until the database changes (server/src/cache).
  it("shows a change right after a write through the API and after one made by another connection", async () => {
    const f = await t.founder();
    const { body: created } = await createPrimary(f, { city: "Dover" });
    const city = async () =>
      (await t.http.get(`/api/accounts/${f.accountId}/all_data`).set(f.auth)).body.persons[0].city as string;
    expect(await city()).toBe("Dover");
    expect(await city()).toBe("Dover");
    await t.http.patch(`/api/persons/${created.person_id}`).set(f.auth).send({ city: "Lewes" }).expect(200);
    expect(await city()).toBe("Lewes");
    await t.database.query("update person set city = 'Milford' where person_id = ?", created.person_id);
    expect(await city()).toBe("Milford");
  });

  it("a write after another connection changed the person or took its new email sees that change", async () => {
    const f = await t.founder();
    const { body: created } = await createPrimary(f, { city: "Dover" });
    const id = created.person_id;
    await t.http.patch(`/api/persons/${id}`).set(f.auth).send({ city: "Lewes" }).expect(200);
    // Another instance (here: another connection) writes the row, then this one writes another field.
    await t.database.query("update person set city = 'Milford', updated_at = 'x' where person_id = ?", id);
    const after = await t.http.patch(`/api/persons/${id}`).set(f.auth).send({ zip: "19901" }).expect(200);
    expect(after.body).toMatchObject({ city: "Milford", zip: "19901" });
    expect((await t.database.query("select city, zip from person where person_id = ?", id))[0]).toEqual({
      city: "Milford",
      zip: "19901",
    });
    // Another instance adds an owner with the email this write then gives.
    await addOwner(f, "owner@example.com");
    const clash = await t.http.patch(`/api/persons/${id}`).set(f.auth).send({ email: "OWNER@example.com" });
    expect(clash.status).toBe(400);
    expect(clash.body.message).toBe("Email already exists");
  });

  it("does not hand one account's cached answer to another", async () => {
    const a = await t.founder();
    const b = await t.founder();
    await createPrimary(a, { city: "Dover" });
    await createPrimary(b, { city: "Camden" });
    const cityOf = async (f: Founder) =>
      (await t.http.get(`/api/accounts/${f.accountId}/all_data`).set(f.auth)).body.persons[0].city;
    expect([await cityOf(a), await cityOf(b), await cityOf(a)]).toEqual(["Dover", "Camden", "Dover"]);
    expect((await t.http.get(`/api/accounts/${a.accountId}/all_data`).set(b.auth)).status).toBe(404);
  });
});
