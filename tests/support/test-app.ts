// The app alone for the API, identity and PostgreSQL suites (in process, reached through supertest):
// a fresh app per test file (its own DATA_DIR and its own database, a copy of a migrated template
// on the engine of the vitest project: tests/support/test-database.ts),
// trusting a real auth emulator of its own (tests/support/auth.ts) whose users are real
// and whose tokens the app verifies and confirms exactly as it would Supabase's; and builders for
// founders' data.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import request from "supertest";
import { loadConfig, type Config } from "../../server/src/config";
import { buildApp } from "../../server/src/app";
import { createTestDatabase, type TestDatabase, type TestEngine } from "./test-database";
import type { Role } from "../../server/src/contract/roles";
import { startTestAuth, type TestAuth } from "./auth";
import { DAF_CHOICE, ORGANIZATION, PROFILE, signedIdentityResult } from "./entry";

export interface TokenOptions {
  /** The user's id; the same sub again reuses that user. */
  sub?: string;
  roles?: Role[];
  email?: string;
  /** Re-signed with this audience (the app must refuse it). */
  aud?: string;
  /** Seconds from now; re-signed, negative for an expired token. */
  expiresIn?: number;
  /** HS256: re-signed with the app's explicit legacy secret (createTestApp({ hs256: true })). */
  alg?: "HS256" | "ES256";
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  /** The app's database (engine-neutral reads: dump, query). */
  database: TestDatabase;
  http: ReturnType<typeof request>;
  auth: TestAuth;
  token(opts?: TokenOptions): Promise<string>;
  /** A signed-in founder whose account exists (GET /api/accounts/user/{sub} was called). */
  founder(opts?: { roles?: Role[] }): Promise<Founder>;
  close(): Promise<void>;
}

export interface Founder {
  userId: string;
  email: string;
  token: string;
  accountId: number;
  auth: { Authorization: string };
}

/** A legacy HS256 secret for the tests that check HS256 verification (never the CLI's public one). */
export const TEST_HS256_SECRET = "tests-legacy-hs256-secret-of-at-least-32-characters";

/**
 * The app in this process (no listener; supertest), on `engine` (default: the vitest project's, see
 * testEngine()). Its database is a fresh copy of a migrated template, as a deploy runs
 * `npm run db:migrate` first (production never migrates at start).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    hs256?: boolean;
    engine?: TestEngine;
    /** A second instance of that app: the same database, auth service and data folder (its SSN key); closing it leaves them to the first. */
    instanceOf?: TestApp;
  } = {},
): Promise<TestApp> {
  const first = opts.instanceOf;
  const dataDir = first?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "ff-api-"));
  const database = first?.database ?? (await createTestDatabase(dataDir, opts.engine));
  const auth = first?.auth ?? (await startTestAuth(opts.hs256 ? { jwtSecret: TEST_HS256_SECRET } : {}));
  // The app's mail goes to the auth emulator's mailbox (read with tests/support/mail.ts), as under `npm start`.
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, SMTP_URL: auth.emulator.mailbox.smtpUrl, ...database.env, ...auth.appEnv, ...env });
  const app = await buildApp(config, { quiet: true, webDist: path.join(dataDir, "no-web") });
  await app.ready();
  if (app.db.engine !== database.engine) throw new Error(`the app runs on ${app.db.engine}, the test asked for ${database.engine}`);
  const users = new Map<string, string>();

  const token = async (o: TokenOptions = {}) => {
    const known = o.sub ? users.get(o.sub) : undefined;
    const user = known ? await auth.signIn(known) : await auth.user({ id: o.sub, email: o.email, roles: o.roles });
    users.set(user.userId, user.email);
    const change: Record<string, unknown> = {};
    if (o.aud !== undefined) change.aud = o.aud;
    if (o.expiresIn !== undefined) change.exp = Math.floor(Date.now() / 1000) + o.expiresIn;
    if (o.alg === "HS256") return auth.resign(user.token, change, { hs256Secret: TEST_HS256_SECRET });
    return Object.keys(change).length ? auth.resign(user.token, change) : user.token;
  };

  const founder = async (o: { roles?: Role[] } = {}): Promise<Founder> => {
    const user = await auth.user({ roles: o.roles });
    users.set(user.userId, user.email);
    const authHeader = { Authorization: `Bearer ${user.token}` };
    const res = await request(app.server).get(`/api/accounts/user/${user.userId}`).set(authHeader);
    if (res.status !== 200) throw new Error(`account lookup failed: ${res.status} ${res.text}`);
    return { userId: user.userId, email: user.email, token: user.token, accountId: res.body.account_id as number, auth: authHeader };
  };

  return {
    app,
    config,
    dataDir,
    database,
    http: request(app.server),
    auth,
    token,
    founder,
    close: async () => {
      await app.close();
      if (first) return;
      await auth.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The ids of a founder's full onboarding data, built through the API itself. */
export interface FounderData {
  personId: number;
  addonId: number;
  strategyId: number;
  organizationId: number;
}

export async function buildFounderData(t: TestApp, f: Founder): Promise<FounderData> {
  const req = () => request(t.app.server);
  const ok = (res: request.Response, status: number) => {
    if (res.status !== status) throw new Error(`building founder data: ${res.status} ${res.text}`);
    return res.body;
  };
  const personId = ok(await req().post("/api/persons/").set(f.auth).send({ account_id: f.accountId, account_primary_holder: true, ...PROFILE }), 201).person_id;
  const addonId = ok(
    await req()
      .post("/api/persons/")
      .set(f.auth)
      .send({ account_id: f.accountId, account_primary_holder: false, is_addon: true, email: `owner-${f.accountId}@example.com` }),
    201,
  ).person_id;
  const strategyId = ok(await req().post("/api/strategies/").set(f.auth).send({ account_id: f.accountId, strategy_type: "strategy_type_founder" }), 201).strategy_id;
  const organizationId = ok(await req().post("/api/organizations/").set(f.auth).send({ strategy_id: strategyId, ...ORGANIZATION }), 201).organization_id;
  ok(await req().post("/api/organization_users/").set(f.auth).send({ organization_id: organizationId, person_id: personId, primary_holder: true }), 201);
  return { personId, addonId, strategyId, organizationId };
}

/** Posts a signed identity result to the webhook: how tests give a person a completed identity check. */
export async function postIdentityResult(t: TestApp, personId: number, answer: "GREEN" | "RED", at = new Date()): Promise<request.Response> {
  const { raw, headers } = signedIdentityResult(personId, answer, at, t.config.identity.webhookSecret);
  return request(t.app.server).post("/api/sumsub/webhook").set(headers).send(raw);
}

/** Makes built founder data a complete entry (identity check passed, DAF and custodian chosen), ready to submit. */
export async function completeEntry(t: TestApp, f: Founder, d: FounderData): Promise<void> {
  const verified = await postIdentityResult(t, d.personId, "GREEN", new Date(Date.now() - 1000));
  if (verified.status !== 200) throw new Error(`identity result: ${verified.status} ${verified.text}`);
  const daf = await request(t.app.server).put(`/api/organizations/${d.organizationId}`).set(f.auth).send({ ...ORGANIZATION, ...DAF_CHOICE });
  if (daf.status !== 200) throw new Error(`DAF step: ${daf.status} ${daf.text}`);
}
