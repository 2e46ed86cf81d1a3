// Concurrency: two sessions of one founder editing at once, and many founders at once under
// autocannon. The rule the API keeps (no version check): a PATCH changes only the fields it names,
// atomically, so concurrent edits of different fields all survive; for the same field the write
// processed last wins, whole, and a stale session silently overwrites a newer value.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROFILE } from "../support/entry";
import { call } from "../support/http";
import { startTestApp, type ListeningTestApp } from "../support/app";
import { type ApiFounder as Founder } from "../support/founders";
import { cityEditor, runLoad, type EditorTally } from "../support/load";
import { scaled } from "../support/machine";

const ROUNDS = 25;
/** A name holds letters only (the contract's name rule), so a round is told by a letter. */
const letter = (i: number) => String.fromCharCode(97 + i);
const FOUNDERS = 16;
const REQUESTS_PER_FOUNDER = 60;

let h: ListeningTestApp;
const tally = { requests: 0, lost: 0 };

beforeAll(async () => {
  h = await startTestApp({ LOG_LEVEL: "warn" });
});
afterAll(async () => {
  console.log(
    `[reliability] concurrency: ${tally.requests} requests (${FOUNDERS} founders under autocannon + two-session races), ${tally.lost} lost updates`,
  );
  await h?.close();
});

/** A second session of the same user: another password sign-in, another token with the same subject. */
async function secondSession(f: Founder): Promise<string> {
  return (await h.auth.signIn(f.email)).token;
}

const person = async (f: Founder, token = f.token) => {
  tally.requests += 1;
  const res = await call(h.url, "GET", `/api/persons/${f.personId}`, { token });
  expect(res.status).toBe(200);
  return res.json as Record<string, unknown>;
};

describe("two sessions of the same founder", () => {
  it("editing different fields at once: both edits survive (a PATCH changes only the fields it names)", async () => {
    const f = await h.founder({ stage: "entry", daf: false });
    const other = await secondSession(f);
    for (let i = 0; i < ROUNDS; i++) {
      const [a, b] = await Promise.all([
        call(h.url, "PATCH", `/api/persons/${f.personId}`, { token: f.token, body: { city: `A${i}` } }),
        call(h.url, "PATCH", `/api/persons/${f.personId}`, { token: other, body: { address_line1: `B${i}` } }),
      ]);
      tally.requests += 2;
      expect([a.status, b.status]).toEqual([200, 200]);
      const now = await person(f);
      if (now.city !== `A${i}` || now.address_line1 !== `B${i}`) tally.lost += 1;
      expect(now).toMatchObject({ city: `A${i}`, address_line1: `B${i}` });
    }
  });

  it("replacing the same record at once: last write wins, whole — never a mix of the two", async () => {
    const f = await h.founder({ stage: "entry", daf: false });
    const other = await secondSession(f);
    const full = (name: string) => ({
      ...PROFILE,
      ssn: "***-**-0000",
      email: f.email,
      sumsub_applicant_id: null,
      first_name: name,
      last_name: name,
      city: name,
    });
    for (let i = 0; i < ROUNDS; i++) {
      const [a, b] = await Promise.all([
        call(h.url, "PUT", `/api/persons/${f.personId}`, { token: f.token, body: full(`A${letter(i)}`) }),
        call(h.url, "PUT", `/api/persons/${f.personId}`, { token: other, body: full(`B${letter(i)}`) }),
      ]);
      tally.requests += 2;
      expect([a.status, b.status]).toEqual([200, 200]);
      const now = await person(f);
      expect([`A${letter(i)}`, `B${letter(i)}`]).toContain(now.first_name);
      expect(now.last_name).toBe(now.first_name);
      expect(now.city).toBe(now.first_name);
    }
  });

  it("a stale session's write silently replaces a newer one: last write wins, there is no version check", async () => {
    const f = await h.founder({ stage: "entry", daf: false });
    const stale = await secondSession(f);
    const seen = await person(f, stale);
    tally.requests += 2;
    expect(
      (await call(h.url, "PATCH", `/api/persons/${f.personId}`, { token: f.token, body: { city: "Newer" } })).status,
    ).toBe(200);
    const res = await call(h.url, "PATCH", `/api/persons/${f.personId}`, { token: stale, body: { city: seen.city } });
    expect(res.status).toBe(200);
    expect((await person(f)).city).toBe(seen.city);
  });
});

describe("many founders at once", () => {
  it(
    `${FOUNDERS} founders editing and reading their own records under autocannon: no errors, no lost updates, no stale reads`,
    async () => {
      const founders = await Promise.all(
        Array.from({ length: FOUNDERS }, () => h.founder({ stage: "entry", daf: false })),
      );
      const tallies: EditorTally[] = founders.map(() => ({ lastAcked: 0, lastSent: 0, staleReads: 0 }));
      const results = await Promise.all(
        founders.map((f, i) =>
          runLoad({
            url: h.url,
            connections: 1,
            amount: REQUESTS_PER_FOUNDER,
            requests: cityEditor(f.personId!, f.token, tallies[i]!),
            timeout: scaled(20_000) / 1000,
          }),
        ),
      );
      for (const r of results) {
        tally.requests += r.requests.sent;
        expect({ errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx }).toEqual({
          errors: 0,
          timeouts: 0,
          non2xx: 0,
        });
      }
      for (const [i, f] of founders.entries()) {
        const t = tallies[i]!;
        expect(t.lastAcked).toBe(REQUESTS_PER_FOUNDER / 2);
        expect(t.staleReads).toBe(0);
        const stored = (await person(f)).city;
        if (stored !== `City ${t.lastAcked}`) tally.lost += 1;
        expect(stored).toBe(`City ${t.lastAcked}`);
      }
    },
    scaled(90_000),
  );
});
