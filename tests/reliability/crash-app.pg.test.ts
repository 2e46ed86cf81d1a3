// Crash safety of the app: writers keep creating add-on owners (each one a person row and its
// "Owner added" notification, written in one transaction) and editing the primary holder while
// the app process is killed with SIGKILL at a random moment. After each restart every write the
// API acknowledged is there, no record is half-written (an owner without its notification or the
// reverse), every audit row matches its change (one person.create per person, no row for a write
// that is not there), and SQLite's integrity and foreign-key checks pass. Runs on both engines (on
// PostgreSQL: every acknowledged write is in Postgres after each kill).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { APP_DB_FILE } from "../../db/client";
import { freePort } from "../support/stack";
import { call } from "../support/http";
import { integrityCheck } from "../support/db-dump";
import { isConnectionFailure, killMoment, spawnApp, type Child } from "../support/app";
import { appAt, founderAt, type ApiFounder as Founder } from "../support/founders";
import { startTestAuth, type TestAuth } from "../support/auth";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { RELIABILITY, timeLimit } from "./strength";

const KILL_CYCLES = RELIABILITY.appKills;
const WRITERS = 3;

let dataDir: string;
let database: TestDatabase;
let auth: TestAuth;
let child: Child | undefined;
const tally = { kills: 0, acknowledged: 0, checked: 0, lost: 0, auditRows: 0 };

async function startChild(): Promise<Child> {
  child = await spawnApp(
    (port) => ({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      HOST: "127.0.0.1",
      APP_PORT: String(port),
      DATA_DIR: dataDir,
      // SQLite: the file in DATA_DIR; Postgres: DATABASE_URL of this file's database.
      ...database.env,
      // The auth service the app confirms sessions with runs in this test process.
      ...auth.appEnv,
    }),
    freePort,
  );
  return child;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-crash-app-"));
  database = await createTestDatabase(dataDir);
  auth = await startTestAuth();
});
afterAll(async () => {
  console.log(
    `[reliability] app crash safety: ${tally.kills} SIGKILLs, ${tally.acknowledged} acknowledged writes, ${tally.checked} records checked, ${tally.lost} lost, ${tally.auditRows} audit-row checks against their changes`,
  );
  await child?.kill();
  await auth?.close();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Acked {
  addons: Map<number, string>;
  /** The highest city number whose PATCH was acknowledged. */
  lastCity: number;
  /** How many PATCHes were acknowledged (each one changed the city, so each has its audit row). */
  patches: number;
}

/**
 * One writer: adds owners until a request fails; writer 0 alternates that with renaming the
 * holder's city. Only one writer renames, so its PATCHes reach the server in the order they were
 * numbered (concurrent writers' requests may overtake each other), which is what lets the check
 * below say "the stored city is at least the last acknowledged one".
 */
async function writer(
  url: string,
  f: Founder,
  id: number,
  cycle: number,
  acked: Acked,
  cityCounter: { n: number },
): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      if (id !== 0 || i % 2 === 0) {
        const email = `w${cycle}-${id}-${i}@example.com`;
        const res = await call(url, "POST", "/api/persons/", {
          token: f.token,
          body: { account_id: f.accountId, account_primary_holder: false, is_addon: true, email },
        });
        if (res.status !== 201) throw new Error(`add-on: ${res.status} ${res.text}`);
        acked.addons.set((res.json as { person_id: number }).person_id, email);
      } else {
        const n = ++cityCounter.n;
        const res = await call(url, "PATCH", `/api/persons/${f.personId}`, {
          token: f.token,
          body: { city: `City ${n}` },
        });
        if (res.status !== 200) throw new Error(`patch: ${res.status} ${res.text}`);
        acked.lastCity = Math.max(acked.lastCity, n);
        acked.patches += 1;
      }
      tally.acknowledged += 1;
    } catch (err) {
      // The kill: no answer. Anything else (a live server refusing the write) is a failure.
      if (isConnectionFailure(err)) return;
      throw err;
    }
  }
}

it(
  "every acknowledged write survives SIGKILL at random moments, and nothing is half-written",
  async () => {
    let c = await startChild();
    const f = await founderAt("entry", { on: appAt(c.url, auth), user: await auth.user(), marked: true, daf: false });
    const acked: Acked = { addons: new Map(), lastCity: 0, patches: 0 };
    const cityCounter = { n: 0 };

    for (let cycle = 1; cycle <= KILL_CYCLES; cycle++) {
      const writers = Array.from({ length: WRITERS }, (_, id) => writer(c.url, f, id, cycle, acked, cityCounter));
      await killMoment(() => tally.acknowledged, writers, 150, 600);
      await c.kill();
      tally.kills += 1;
      await Promise.all(writers);
      c = await startChild();

      // Through the API: every acknowledged owner, with the email it was created with.
      const persons = await call(c.url, "GET", `/api/persons/by_account/${f.accountId}`, { token: f.token });
      expect(persons.status).toBe(200);
      const byId = new Map(
        (persons.json as Array<{ person_id: number; email: string | null; city: string | null }>).map((p) => [
          p.person_id,
          p,
        ]),
      );
      for (const [personId, addonEmail] of acked.addons) {
        tally.checked += 1;
        if (byId.get(personId)?.email !== addonEmail) tally.lost += 1;
        expect(byId.get(personId)?.email, `acknowledged owner ${personId}`).toBe(addonEmail);
      }
      // The holder's city is the last acknowledged one, or a later one whose answer the kill swallowed.
      const city = Number(/^City (\d+)$/.exec(byId.get(f.personId!)?.city ?? "")?.[1] ?? 0);
      tally.checked += 1;
      expect(city).toBeGreaterThanOrEqual(acked.lastCity);

      // In the database: consistent (SQLite: pages and references), one notification per owner.
      if (database.engine === "sqlite") {
        const file = path.join(dataDir, APP_DB_FILE);
        expect(integrityCheck(file)).toBe("ok");
        const db = new Database(file, { readonly: true });
        try {
          expect(db.pragma("foreign_key_check")).toEqual([]);
        } finally {
          db.close();
        }
      }
      const q = database.query;
      const addons = (
        await q<{ is_addon: unknown }>("SELECT is_addon FROM person WHERE account_id = ?", f.accountId)
      ).filter((r) => Number(r.is_addon) === 1).length;
      const notes = Number(
        (
          await q<{ n: unknown }>(
            "SELECT count(*) AS n FROM notification WHERE account_id = ? AND title = 'Owner added'",
            f.accountId,
          )
        )[0]!.n,
      );
      expect(notes, "an owner without its notification, or the reverse").toBe(addons);
      expect(addons).toBeGreaterThanOrEqual(acked.addons.size + 1);
      // The audit trail matches the record: exactly one person.create row per person of the
      // account and none for a person that is not there; at least one person.update per
      // acknowledged city change, and none beyond the changes sent (a PATCH whose answer the kill
      // swallowed may or may not have been written).
      const created = (
        await q<{ id: unknown; n: unknown }>(
          "SELECT entity_id AS id, count(*) AS n FROM audit_event WHERE account_id = ? AND action = 'person.create' GROUP BY entity_id",
          f.accountId,
        )
      ).map((r) => ({ id: Number(r.id), n: Number(r.n) }));
      const personIds = (
        await q<{ id: unknown }>(
          "SELECT person_id AS id FROM person WHERE account_id = ? ORDER BY person_id",
          f.accountId,
        )
      ).map((r) => Number(r.id));
      expect(
        created.map((r) => r.id).sort((a, b) => a - b),
        "person.create audit rows vs persons",
      ).toEqual(personIds);
      expect(
        created.every((r) => r.n === 1),
        "a person with two create rows",
      ).toBe(true);
      const updates = Number(
        (
          await q<{ n: unknown }>(
            "SELECT count(*) AS n FROM audit_event WHERE account_id = ? AND action = 'person.update'",
            f.accountId,
          )
        )[0]!.n,
      );
      expect(updates).toBeGreaterThanOrEqual(acked.patches);
      expect(updates).toBeLessThanOrEqual(cityCounter.n);
      tally.auditRows += created.length + updates;
    }
    expect(tally.acknowledged).toBeGreaterThan(KILL_CYCLES);
  },
  timeLimit(KILL_CYCLES, 6_000, 120_000),
);
