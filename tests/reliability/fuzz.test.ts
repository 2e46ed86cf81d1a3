// Property-based fuzzing (fast-check) of every route of the OpenAPI document: hostile path params,
// query strings and bodies (valid bodies with one field replaced, dropped or added, arbitrary JSON,
// text that is not JSON). Properties: never a 500 (a 502 only where the route calls an outside
// provider and says so), never a stack trace, and a refused request leaves every table exactly as
// it was; another founder's data never appears, even when the params are that founder's ids. SSNs
// the fuzzer sends never reach the log or the database file in clear.
import fs from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, leaksStackTrace } from "./support/http";
import { dumpDatabase } from "./support/db-dump";
import { privateStrings, uniqueSsn, type Founder } from "./support/founders";
import { fetchOperations, fillPath, type Operation } from "./support/openapi";
import { PUBLIC_ROUTES, RECIPES, defaultParams, type Recipe } from "./support/recipes";
import { startAppHarness, type AppHarness } from "./support/app-harness";

const RUNS_PER_ROUTE = 24;

let h: AppHarness;
let operations: Operation[];
let owner: Founder;
/** Another founder whose data no fuzzed request of the owner's may ever see. */
let victim: Founder;
/** SSNs planted in fuzzed bodies: none may appear in clear in the logs or the database file. */
const plantedSsns = new Set<string>();
const tally = { requests: 0, refused: 0, dumpsCompared: 0 };

beforeAll(async () => {
  h = await startAppHarness();
  operations = await fetchOperations(h.url);
  victim = await h.founder();
  owner = await h.founder();
  plantedSsns.add(owner.ssn);
  plantedSsns.add(victim.ssn);
});

afterAll(async () => {
  console.log(`[reliability] fuzzing: ${tally.requests} requests over ${operations?.length ?? 0} routes, ${tally.refused} refused with ${tally.dumpsCompared} full-database comparisons, 0 server errors`);
  await h?.close();
});

const NASTY_STRINGS = ["", " ", "0", "-1", "1.5", "1e3", "0x10", "NaN", "Infinity", "9007199254740993", "99999999999999999999", "null", "undefined", "true", "[]", "{}", "../../etc/passwd", "%00", "\u0000", "'; DROP TABLE person; --", "<script>alert(1)</script>", "${7*7}", "__proto__", "constructor", "é".repeat(300), "a".repeat(5000)];

const paramValue = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  // Small ids: other founders' records live there.
  fc.integer({ min: 0, max: 24 }).map(String),
  fc.uuid(),
);

const ssnArb = fc.oneof(
  fc.constant(null),
  fc.constantFrom("***-**-1234", "12345678", "1234567890", "123-45-6789", "abcdefghi"),
  fc.constant(0).map(() => {
    const ssn = uniqueSsn();
    plantedSsns.add(ssn);
    return ssn;
  }),
);

/** A hostile variant of a valid body: one field replaced, dropped or added, or the body swapped out. */
function bodyArb(valid: unknown): fc.Arbitrary<{ body?: unknown; raw?: string }> {
  const anyJson = fc.jsonValue({ maxDepth: 3 });
  const whole = fc.oneof(
    anyJson.map((body) => ({ body })),
    fc.string({ maxLength: 200 }).map((raw) => ({ raw })),
    fc.constantFrom('{"a":', "[", "{}}", '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', "\u0000").map((raw) => ({ raw })),
  );
  if (!valid || typeof valid !== "object" || Array.isArray(valid)) return fc.oneof(whole, fc.array(fc.oneof(fc.integer(), fc.string(), anyJson), { maxLength: 5 }).map((body) => ({ body })));
  const fields = Object.keys(valid);
  const base = valid as Record<string, unknown>;
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...fields), anyJson).map(([k, v]) => ({ body: { ...base, [k]: v } })) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...fields), fc.string({ maxLength: 120 })).map(([k, v]) => ({ body: { ...base, [k]: v } })) },
    { weight: 2, arbitrary: ssnArb.map((ssn) => ({ body: { ...base, ssn } })) },
    { weight: 1, arbitrary: fc.constantFrom(...fields).map((k) => ({ body: Object.fromEntries(Object.entries(base).filter(([f]) => f !== k)) })) },
    { weight: 1, arbitrary: fc.tuple(fc.string({ minLength: 1, maxLength: 20 }), anyJson).map(([k, v]) => ({ body: { ...base, [k]: v } })) },
    { weight: 2, arbitrary: whole },
    // A field set to one of the victim's numeric ids: an id field pointing at their records must be
    // refused as if they did not exist. (Not their user id: the owner may store any text in a name.)
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...fields), fc.constantFrom(...Object.values(defaultParams(victim)).filter((v) => typeof v === "number"))).map(([k, v]) => ({ body: { ...base, [k]: v } })) },
  );
}

function queryArb(op: Operation): fc.Arbitrary<Record<string, string>> {
  if (!op.queryParams.length) return fc.constant({});
  return fc.dictionary(fc.constantFrom(...op.queryParams), fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ maxLength: 20 })), { maxKeys: op.queryParams.length });
}

function paramsArb(op: Operation): fc.Arbitrary<Record<string, string>> {
  if (!op.pathParams.length) return fc.constant({});
  // Each param is the owner's real value (so the body is what gets tested), the victim's, or hostile.
  const mine = defaultParams(owner);
  const theirs = defaultParams(victim);
  return fc.record(Object.fromEntries(op.pathParams.map((p) => [p, fc.oneof(fc.constant(String(mine[p] ?? "1")), fc.constant(String(theirs[p] ?? "2")), paramValue)])));
}

describe("route discovery", () => {
  it("every route of the document is fuzzed", () => {
    const fuzzed = new Set([...Object.keys(RECIPES), "POST /api/sumsub/webhook"]);
    expect(operations.map((o) => o.key).filter((k) => !fuzzed.has(k) && !PUBLIC_ROUTES[k])).toEqual([]);
  });
});

describe.each([...Object.entries(RECIPES), ["POST /api/sumsub/webhook", { scope: "owner", success: 200, body: () => ({ type: "applicantReviewed" }) }] as [string, Recipe]])("%s", (key, recipe) => {
  it("never answers 500 or a stack trace, and a refused request changes nothing", async () => {
    const op = operations.find((o) => o.key === key);
    expect(op, `${key} is not in the OpenAPI document`).toBeDefined();
    const valid = recipe.body?.(owner);
    const allowed5xx = op!.statuses.filter((s) => s >= 500 && s !== 500);
    await fc.assert(
      fc.asyncProperty(paramsArb(op!), queryArb(op!), op!.hasBody || valid !== undefined ? bodyArb(valid) : fc.constant({}), async (params, query, b: { body?: unknown; raw?: string }) => {
        const before = dumpDatabase(h.dbFile);
        tally.requests += 1;
        const res = await call(h.url, op!.method, fillPath(op!.path, params), { token: owner.token, query, body: b.body, rawBody: b.raw });
        expect(res.status === 500 || (res.status > 500 && !allowed5xx.includes(res.status)), `${res.status} ${res.text}`).toBe(false);
        expect(leaksStackTrace(res.text), res.text).toBe(false);
        expect(privateStrings(victim).filter((v) => res.text.includes(v)), "another founder's data").toEqual([]);
        if (res.status >= 400) {
          tally.refused += 1;
          tally.dumpsCompared += 1;
          expect(dumpDatabase(h.dbFile), `${res.status} ${res.text} changed the database`).toEqual(before);
        }
      }),
      { numRuns: RUNS_PER_ROUTE },
    );
  }, 60_000);
});

describe("what the fuzzing left behind", () => {
  it("no planted SSN appears in the log or in clear in the database files", () => {
    const logs = h.logs();
    expect(logs.length).toBeGreaterThan(0);
    const files = fs.readdirSync(h.dataDir).filter((f) => f.startsWith("app.sqlite"));
    const bytes = files.map((f) => fs.readFileSync(`${h.dataDir}/${f}`).toString("latin1")).join("");
    for (const ssn of plantedSsns) {
      expect(logs.includes(ssn), `SSN ${ssn} in the log`).toBe(false);
      expect(bytes.includes(ssn), `SSN ${ssn} in clear in the database`).toBe(false);
    }
  });
});
