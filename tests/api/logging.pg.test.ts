// Logs never carry SSNs or bearer tokens, even at the most verbose level and on failures.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import type { FastifyInstance } from "fastify";
import { loadConfig } from "../../server/src/config";
import { buildApp } from "../../server/src/app";
import { PROFILE } from "../support/entry";
import { startTestAuth, type TestAuth } from "../support/auth";
import { createTestApp, type TestApp } from "../support/app";
import { testEngine } from "../support/test-database";

let app: FastifyInstance;
let dataDir: string;
let auth: TestAuth;
const lines: string[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-log-"));
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => lines.push(chunk.toString()));
  auth = await startTestAuth();
  app = await buildApp(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "trace", ...auth.appEnv }), {
    webDist: path.join(dataDir, "none"),
    logStream: stream,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await auth.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it("logs requests without SSNs or tokens", async () => {
  const { userId: sub, token } = await auth.user();
  const http = request(app.server);
  const bearer = { Authorization: `Bearer ${token}` };
  const { account_id } = (await http.get(`/api/accounts/user/${sub}`).set(bearer)).body;
  const ssn = "555443333";
  expect(
    (
      await http
        .post("/api/persons/")
        .set(bearer)
        .send({ account_id, account_primary_holder: true, ...PROFILE, ssn })
    ).status,
  ).toBe(201);
  expect(
    (
      await http
        .post("/api/persons/")
        .set(bearer)
        .send({ account_id, account_primary_holder: true, ...PROFILE, ssn: "5554" })
    ).status,
  ).toBe(400);
  expect((await http.get("/api/enums/").set("Authorization", `Bearer ${token}x`)).status).toBe(401);
  const log = lines.join("");
  expect(log).toContain("request completed");
  expect(log).not.toContain(ssn);
  expect(log).not.toContain(token.split(".")[2]);
});

describe("a database error logs a summary, never the request's values", () => {
  let t: TestApp;
  beforeAll(async () => {
    // The app on the project's engine (SQLite, or PostgreSQL in node-postgres), every line captured.
    t = await createTestApp({}, { logs: true });
  });
  afterAll(async () => t?.close());

  /** A trigger that makes every insert into person fail with an error no rule maps (a 500 on either engine). */
  async function breakPersonInserts(): Promise<void> {
    if (testEngine() === "postgres") {
      await t.database.query(
        "CREATE FUNCTION ff_forced_failure() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'forced failure for %', NEW.last_name; END $$",
      );
      await t.database.query(
        "CREATE TRIGGER ff_forced_failure BEFORE INSERT ON person FOR EACH ROW EXECUTE FUNCTION ff_forced_failure()",
      );
    } else {
      // A JSON path that is not one: SQLITE_ERROR quoting the value (not a constraint, which would be a 400).
      await t.database.query(
        "CREATE TRIGGER ff_forced_failure BEFORE INSERT ON person BEGIN SELECT json_extract('{}', 'forced failure ' || NEW.last_name); END",
      );
    }
  }

  it("POST /api/persons/ failing in the database: a 500, and the log names the failure without a single value of the request", async () => {
    const f = await t.founder();
    await breakPersonInserts();
    const marker = f.marker;
    const profile = {
      ...PROFILE,
      first_name: `${marker}First`,
      last_name: `${marker}Last`,
      city: `${marker}City`,
      address_line1: `1 ${marker} Street`,
      email: `${marker.toLowerCase()}@example.com`,
      ssn: "512349876",
      phone: "3025550177",
      dob: "1977-03-04",
      zip: "19977",
    };
    const res = await t.http
      .post("/api/persons/")
      .set(f.auth)
      .send({ account_id: f.accountId, account_primary_holder: true, ...profile });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      error: "internal_error",
      message: "An unexpected error occurred",
      request_id: expect.any(String),
    });
    const log = t.logs();
    const line = log.split("\n").find((l) => l.includes("unhandled error"));
    expect(line, "the failure is logged").toBeDefined();
    for (const value of [
      marker,
      profile.ssn,
      "51234",
      "9876",
      profile.phone,
      profile.dob,
      profile.zip,
      "forced failure",
      "params",
      "insert into",
    ]) {
      expect(log.toLowerCase(), `the log holds ${value}`).not.toContain(value.toLowerCase());
    }
    // What the failure was: the driver's code somewhere along the cause chain (drizzle wraps it on Postgres).
    const codes: string[] = [];
    for (let e = JSON.parse(line!).error; e; e = e.cause) codes.push(e.code);
    expect(codes).toContain(testEngine() === "postgres" ? "P0001" : "SQLITE_ERROR");
  });
});
