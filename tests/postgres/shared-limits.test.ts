// Per-caller limits are counted where every instance sees them (repositories/rate-limits.ts): two
// instances on one PostgreSQL database, a founder alternating between them, is refused at the
// route's limit, not at twice it (with per-instance counts, request 31 of 30 a minute went through:
// checked by registering the plugin without the database store). The refusal is the API's one typed
// 429 (server/src/errors.ts), worded as every 429 and documented for the route.
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app";
import type { ApiFounder } from "../support/founders";
import { countRequest } from "../../server/src/repositories/rate-limits";
import { operationsOf, type Operation } from "../support/openapi";
import { expectApiError } from "../support/api-errors";

/** The identity widget token's limit a minute (routes/sumsub.ts, through routes/shared.ts's perCallerRateLimit). */
const LIMIT = 30;

let a: TestApp;
let b: TestApp;
let founder: ApiFounder;
let operations: Operation[];

beforeAll(async () => {
  a = await createTestApp({}, { engine: "postgres" });
  b = await createTestApp({}, { engine: "postgres", instanceOf: a });
  founder = await a.founder();
  operations = operationsOf((await a.http.get("/api/openapi.json")).body);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

// No identity service runs here: each allowed call is answered 404 or 502 after the limit let it in.
const token = (t: TestApp, f: ApiFounder) => t.http.post("/api/sumsub/access_token").set(f.auth).send({});

it("refuses a caller alternating between two instances at the limit, not at twice it", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < LIMIT; i++) statuses.push((await token(i % 2 ? b : a, founder)).status);
  expect(statuses.filter((s) => s === 429)).toEqual([]);
  for (const t of [a, b]) {
    const refused = await token(t, founder);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: "too_many_requests",
      message: expect.any(String),
      request_id: refused.headers["x-request-id"],
    });
    expect(refused.body).toEqual({
      error: "too_many_requests",
      message: "Too many attempts, try again in 1 minute",
      request_id: refused.headers["x-request-id"],
    });
    // Documented with its code for every identity route the limiter guards.
    for (const route of ["access_token", "confirm", "new_check", "send_sumsub_emails"]) {
      const op = operations.find((o) => o.key === `POST /api/sumsub/${route}`);
      expect(op, route).toBeDefined();
      expectApiError(refused.status, refused.body, op, route);
    }
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
  }
});

it("counts each caller and each route apart", async () => {
  const other = await b.founder();
  expect((await token(a, other)).status).not.toBe(429);
  // The founder's own limit on another route (confirm, 60 a minute) is untouched by the token's.
  expect((await a.http.post("/api/sumsub/confirm").set(founder.auth).send({})).status).not.toBe(429);
});

it("starts a new window when the stored one has ended, by the database's clock", async () => {
  const key = `test ${founder.userId}`;
  expect((await countRequest(a.app.db, key, 200)).current).toBe(1);
  const second = await countRequest(b.app.db, key, 200);
  expect(second.current).toBe(2);
  expect(second.ttl).toBeGreaterThan(0);
  expect(second.ttl).toBeLessThanOrEqual(200);
  await new Promise((resolve) => setTimeout(resolve, 250));
  expect((await countRequest(a.app.db, key, 200)).current).toBe(1);
});
