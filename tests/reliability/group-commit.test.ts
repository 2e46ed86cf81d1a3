// Group commit through the real API (db/sqlite-connection.ts, decision 0003): founders saving at
// once share COMMITs, every acknowledged save is stored with its audit row, and one founder's
// refused save takes nothing of the others' with it. SQLite only: Postgres commits per connection.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../support/http";
import { startTestApp, type ListeningTestApp } from "../support/app";
import type { ApiFounder } from "../support/founders";

const FOUNDERS = 12;
let h: ListeningTestApp;
let founders: ApiFounder[];

beforeAll(async () => {
  h = await startTestApp({ LOG_LEVEL: "warn" }, { engine: "sqlite" });
  founders = [];
  for (let i = 0; i < FOUNDERS; i++) founders.push(await h.founder({ stage: "entry", daf: false }));
});
afterAll(async () => {
  await h?.close();
});

const stats = () => {
  const driver = h.app.db.driver;
  if (driver.kind !== "sqlite") throw new Error("SQLite only");
  return { ...driver.groupCommit };
};

const personOf = (f: ApiFounder) => f.personId!;
const auditRowsOf = async (personId: number) =>
  Number(
    (
      await h.database.query<{ n: number }>(
        "SELECT count(*) AS n FROM audit_event WHERE entity_type = 'person' AND entity_id = ? AND fields LIKE '%city%'",
        personId,
      )
    )[0]!.n,
  );

describe("group commit through the API", () => {
  it("saves that arrive together share COMMITs; each acknowledged save is stored with its audit row; a refused one changes nothing", async () => {
    const before = stats();
    const auditBefore = await Promise.all(founders.map((f) => auditRowsOf(personOf(f))));
    // Rounds of everyone saving at once, one founder's save refused in each: it names the email of
    // the account's other owner, which the transaction itself finds taken (after its locked read).
    const ownerEmails = await Promise.all(
      founders.map(
        async (f) =>
          (await call(h.url, "GET", `/api/persons/${f.addonId!}`, { token: f.token })).json as { email: string },
      ),
    );
    const ROUNDS = 5;
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await Promise.all(
        founders.map((f, i) =>
          call(h.url, "PATCH", `/api/persons/${personOf(f)}`, {
            token: f.token,
            body: i === round ? { city: "Refused", email: ownerEmails[i]!.email } : { city: `City ${round}-${i}` },
          }),
        ),
      );
      answers.forEach((a, i) => expect(a.status, `founder ${i} round ${round}`).toBe(i === round ? 400 : 200));
    }
    const after = stats();
    const transactions = after.transactions - before.transactions;
    const commits = after.commits - before.commits;
    // Every accepted save ran as a transaction; fewer COMMITs than transactions means they were shared.
    expect(transactions).toBeGreaterThanOrEqual(ROUNDS * (FOUNDERS - 1));
    expect(commits).toBeLessThan(transactions);
    for (const [i, f] of founders.entries()) {
      const stored = await call(h.url, "GET", `/api/persons/${personOf(f)}`, { token: f.token });
      const lastAccepted = i === ROUNDS - 1 ? ROUNDS - 2 : ROUNDS - 1;
      expect(stored.json).toMatchObject({ city: `City ${lastAccepted}-${i}` });
      // One audit row per accepted save (ROUNDS saves, minus the refused one of founders 0..ROUNDS-1).
      const refused = i < ROUNDS ? 1 : 0;
      expect(await auditRowsOf(personOf(f))).toBe(auditBefore[i]! + ROUNDS - refused);
    }
  });
});
