// Logs never carry SSNs or bearer tokens, even at the most verbose level and on failures.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import request from "supertest";
import type { FastifyInstance } from "fastify";
import { loadConfig } from "../../server/src/config";
import { buildApp } from "../../server/src/app";
import { PROFILE } from "../support/entry";
import { startTestAuth, type TestAuth } from "../support/auth";

let app: FastifyInstance;
let dataDir: string;
let auth: TestAuth;
const lines: string[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-log-"));
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => lines.push(chunk.toString()));
  auth = await startTestAuth();
  app = await buildApp(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "trace", ...auth.appEnv }), { webDist: path.join(dataDir, "none"), logStream: stream });
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
  expect((await http.post("/api/persons/").set(bearer).send({ account_id, account_primary_holder: true, ...PROFILE, ssn })).status).toBe(201);
  expect((await http.post("/api/persons/").set(bearer).send({ account_id, account_primary_holder: true, ...PROFILE, ssn: "5554" })).status).toBe(400);
  expect((await http.get("/api/enums/").set("Authorization", `Bearer ${token}x`)).status).toBe(401);
  const log = lines.join("");
  expect(log).toContain("incoming request");
  expect(log).not.toContain(ssn);
  expect(log).not.toContain(token.split(".")[2]);
});
