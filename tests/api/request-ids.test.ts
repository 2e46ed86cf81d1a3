// Every request has a new id (plugins/observability.ts), never the caller's: echoed in the
// X-Request-Id header, on every log line of the request, and in every error body as request_id
// (plugins/errors.ts). At info a request is one line. TRUST_PROXY trusts the listed proxies, never every hop.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The log lines written since `from` (characters into logs()), parsed. */
function linesSince(t: TestApp, from: number): Array<Record<string, unknown>> {
  return t
    .logs()
    .slice(from)
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe("without a trusted proxy", () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({}, { logs: true })));
  afterAll(() => t?.close());

  it("gives each request a new id, echoed in the header and in the error body beside error and message", async () => {
    const a = await t.http.get("/api/enums/");
    const b = await t.http.get("/api/enums/");
    expect(a.status).toBe(401);
    expect(a.headers["x-request-id"]).toMatch(UUID);
    expect(b.headers["x-request-id"]).not.toBe(a.headers["x-request-id"]);
    expect(a.body).toEqual({
      error: "unauthorized",
      message: expect.any(String),
      request_id: a.headers["x-request-id"],
    });
  });

  it("puts the id in every kind of error body: unknown route, invalid input, a route's own refusal", async () => {
    const token = await t.token();
    const unknown = await t.http.get("/api/no-such-route");
    expect(unknown.status).toBe(404);
    expect(unknown.body.request_id).toBe(unknown.headers["x-request-id"]);
    const invalid = await t.http
      .post("/api/persons/")
      .set("Authorization", `Bearer ${token}`)
      .send({ account_id: "x" });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      error: "bad_request",
      field: expect.any(String),
      request_id: invalid.headers["x-request-id"],
    });
    const badJson = await t.http
      .post("/api/persons/")
      .set("Authorization", `Bearer ${token}`)
      .set("content-type", "application/json")
      .send("{");
    expect(badJson.status).toBe(400);
    expect(badJson.body.request_id).toBe(badJson.headers["x-request-id"]);
  });

  it("answers successes with the header too", async () => {
    const ok = await t.http.get("/api/health");
    expect(ok.status).toBe(200);
    expect(ok.headers["x-request-id"]).toMatch(UUID);
    expect(ok.body).toEqual({ status: "ok" });
  });

  it("does not take a caller's id as the request's, but logs it beside it", async () => {
    const from = t.logs().length;
    const res = await t.http.get("/api/enums/").set("x-request-id", "web-123");
    expect(res.headers["x-request-id"]).toMatch(UUID);
    const lines = linesSince(t, from);
    expect(lines.find((l) => l.msg === "request completed")).toMatchObject({
      reqId: res.headers["x-request-id"],
      req: { client_request_id: "web-123" },
    });
  });

  it("writes the id on every log line of the request", async () => {
    const from = t.logs().length;
    const res = await t.http.get("/api/enums/").set("Authorization", "Bearer not-a-token");
    expect(res.status).toBe(401);
    const lines = linesSince(t, from);
    // incoming request (debug), the refusal's reason, request completed: all of them name it.
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) expect(line.reqId).toBe(res.headers["x-request-id"]);
  });
});

describe("at info level", () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ LOG_LEVEL: "info" }, { logs: true })));
  afterAll(() => t?.close());

  it("writes one line per request: its id, method, path, the caller's id, status and time", async () => {
    for (const [url, status] of [
      ["/api/enums/", 401],
      ["/api/health", 200],
      ["/api/no-such-route", 404],
    ] as const) {
      const from = t.logs().length;
      const res = await t.http.get(url).set("x-request-id", "web-7");
      expect(res.status).toBe(status);
      const lines = linesSince(t, from);
      expect(lines).toHaveLength(url === "/api/health" ? 0 : 1); // the probes are not logged
      for (const line of lines)
        expect(line).toMatchObject({
          level: 30,
          msg: "request completed",
          reqId: res.headers["x-request-id"],
          req: { method: "GET", url, client_request_id: "web-7" },
          res: { statusCode: status },
          responseTime: expect.any(Number),
        });
    }
  });
});

describe("behind a trusted proxy on loopback (TRUST_PROXY=loopback)", () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ TRUST_PROXY: "loopback" }, { logs: true })));
  afterAll(() => t?.close());

  it("logs the address the proxy saw, not the leftmost X-Forwarded-For the client wrote", async () => {
    const from = t.logs().length;
    await t.http.get("/api/enums/").set("x-forwarded-for", "203.0.113.66, 198.51.100.7");
    expect(linesSince(t, from).find((l) => l.msg === "request completed")).toMatchObject({
      req: { remoteAddress: "198.51.100.7" },
    });
  });

  it("never adopts a caller's X-Request-Id (another instance's included), but logs it beside its own", async () => {
    const otherId = String((await t.http.get("/api/enums/")).headers["x-request-id"]);
    const from = t.logs().length;
    const res = await t.http.get("/api/enums/").set("x-request-id", otherId);
    expect(res.headers["x-request-id"]).toMatch(UUID);
    expect(res.headers["x-request-id"]).not.toBe(otherId);
    expect(res.body.request_id).toBe(res.headers["x-request-id"]);
    for (const line of linesSince(t, from)) expect(line.reqId).toBe(res.headers["x-request-id"]);
    expect(linesSince(t, from).find((l) => l.msg === "request completed")).toMatchObject({
      req: { client_request_id: otherId },
    });
  });
});

describe("behind a listed proxy (TRUST_PROXY=<address>)", () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ TRUST_PROXY: "10.0.0.0/8" }, { logs: true })));
  afterAll(() => t?.close());

  it("believes X-Forwarded-For only from the listed proxies", async () => {
    const from = t.logs().length;
    await t.http.get("/api/enums/").set("x-forwarded-for", "203.0.113.66");
    // supertest connects from loopback, which is not listed: the header is the client's own.
    expect(linesSince(t, from).find((l) => l.msg === "request completed")).toMatchObject({
      req: { remoteAddress: expect.stringMatching(/127\.0\.0\.1|::1/) },
    });
  });
});
