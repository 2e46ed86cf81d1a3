// During a rolling deploy the new release migrates first, while old instances still serve: an old
// instance stays ready on a schema one release newer that keeps every table and column its code
// uses (plugins/database.ts, db/releases.ts), and keeps serving founders; a newer schema that
// dropped or renamed something it uses turns it not ready.
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app";
import { PROFILE } from "../support/entry";

let t: TestApp;
let db: Database.Database;

beforeAll(async () => {
  t = await createTestApp({}, { engine: "sqlite" });
  db = new Database(t.dbFile);
});
afterAll(async () => {
  db?.close();
  await t?.close();
});

/** What `npm run db:migrate` of a newer release leaves: its statement run, and recorded as applied. */
function applyNewerMigration(hash: string, sql: string): void {
  db.exec(sql);
  db.prepare("INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)").run(hash, Date.now());
}

it("stays ready, and serves, on a newer schema that only added (expand)", async () => {
  const founder = await t.founder();
  expect((await t.http.get("/api/ready")).status).toBe(200);
  applyNewerMigration("next-release-add-nickname", "ALTER TABLE person ADD nickname text");
  const ready = await t.http.get("/api/ready");
  expect(ready.status, JSON.stringify(ready.body)).toBe(200);
  const created = await t.http
    .post("/api/persons/")
    .set(founder.auth)
    .send({ account_id: founder.accountId, account_primary_holder: true, ...PROFILE });
  expect(created.status).toBe(201);
  expect((await t.http.get(`/api/accounts/${founder.accountId}/all_data`).set(founder.auth)).status).toBe(200);
});

it("turns not ready on a newer schema that renamed a column it uses", async () => {
  applyNewerMigration("release-after-renames-city", "ALTER TABLE person RENAME COLUMN city TO town");
  const res = await t.http.get("/api/ready");
  expect(res.status).toBe(503);
  expect(res.body).toMatchObject({
    error: "not_ready",
    message: "The database schema does not match this version of the app",
  });
});
