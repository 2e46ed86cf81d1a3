// The one way to start an app alone: in this process, listening, through `npm start`, or as a child to
// SIGKILL; each with its own database copy, auth emulator and identity emulator (tests post webhooks).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { bundledEntry } from "../../scripts/node-bundle.mjs";
import { fileURLToPath } from "node:url";
import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import request from "supertest";
import { LOCAL_IDENTITY, loadConfig, type Config } from "../../server/src/config";
import { startIdentityEmulator, type IdentityEmulator } from "../../server/identity-emulator/index";
import { buildApp, REPO_ROOT } from "../../server/src/app";
import { APP_DB_FILE } from "../../db/client";
import type { Role } from "../../server/src/contract/roles";
import { createTestDatabase, type TestDatabase, type TestEngine } from "./test-database";
import { startTestAuth, type TestAuth } from "./auth";
import { founderAt, type ApiFounder, type FounderAtOptions, type FounderStage, type SignedInUser } from "./founders";
import { injectApi, type Api } from "./http";
import { retryOnPortClash } from "./ports";
import { scaled } from "./machine";

interface TokenOptions {
  sub?: string;
  roles?: Role[];
  email?: string;
  /** Re-signed with this audience (the app must refuse it). */
  aud?: string;
  /** Seconds from now; re-signed, negative for an expired token. */
  expiresIn?: number;
  /** HS256: re-signed with the app's explicit legacy secret (createTestApp({}, { hs256: true })). */
  alg?: "HS256" | "ES256";
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  dbFile: string;
  database: TestDatabase;
  http: ReturnType<typeof request>;
  api: Api;
  auth: TestAuth;
  token(opts?: TokenOptions): Promise<string>;
  user(roles?: Role[]): Promise<SignedInUser>;
  /** founderAt on this app: a new user (default role "user") taken to `stage` (default "signed-up"), marked unless plain. */
  founder(
    opts?: { roles?: Role[]; stage?: FounderStage; plain?: boolean } & Pick<FounderAtOptions, "daf" | "strategy">,
  ): Promise<ApiFounder>;
  /** Everything the logger has written so far (startTestApp, or createTestApp with logs: true). */
  logs(): string;
  close(): Promise<void>;
}

export interface ListeningTestApp extends TestApp {
  url: string;
}

export interface TestAppOptions {
  hs256?: boolean;
  engine?: TestEngine;
  /** A second instance of that app: the same database, auth service and data folder (its SSN key); closing it leaves them to the first. */
  instanceOf?: TestApp;
  /** Capture every log line at trace level (the most talkative) for logs(); otherwise the app logs nothing. */
  logs?: boolean;
}

/** A legacy HS256 secret for the tests that check HS256 verification (never the CLI's public one). */
export const TEST_HS256_SECRET = "tests-legacy-hs256-secret-of-at-least-32-characters";

/** The app in this process (no listener; supertest) on a fresh copy of a migrated database. */
export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const first = opts.instanceOf;
  const dataDir = first?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "ff-app-"));
  const database = first?.database ?? (await createTestDatabase(dataDir, opts.engine));
  const auth = first?.auth ?? (await startTestAuth(opts.hs256 ? { jwtSecret: TEST_HS256_SECRET } : {}));
  // The app confirms identity results with its provider: one of its own, unless the suite names one.
  const identity = first || env.SUMSUB_BASE_URL ? undefined : await startOwnIdentityEmulator();
  const identityEnv = first
    ? { SUMSUB_BASE_URL: first.config.identity.baseUrl }
    : identity
      ? { SUMSUB_BASE_URL: identity.url }
      : {};
  const chunks: string[] = [];
  const logStream = opts.logs ? new PassThrough() : undefined;
  logStream?.on("data", (c: Buffer) => chunks.push(c.toString("utf8")));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: opts.logs ? "trace" : "silent",
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    APP_PORT: "0",
    SMTP_URL: auth.emulator.mailbox.smtpUrl,
    ...database.env,
    ...auth.appEnv,
    ...identityEnv,
    ...env,
  });
  const webDist = path.join(dataDir, "no-web");
  const app = await buildApp(config, logStream ? { webDist, logStream } : { webDist, quiet: true });
  await app.ready();
  if (app.db.engine !== database.engine)
    throw new Error(`the app runs on ${app.db.engine}, the test asked for ${database.engine}`);
  const users = new Map<string, string>();
  const api = injectApi(app);

  const user = async (roles: Role[] = ["user"]): Promise<SignedInUser> => {
    const u = await auth.user({ roles });
    users.set(u.userId, u.email);
    return u;
  };

  const token = async (o: TokenOptions = {}) => {
    const known = o.sub ? users.get(o.sub) : undefined;
    const u = known ? await auth.signIn(known) : await auth.user({ id: o.sub, email: o.email, roles: o.roles });
    users.set(u.userId, u.email);
    const change: Record<string, unknown> = {};
    if (o.aud !== undefined) change.aud = o.aud;
    if (o.expiresIn !== undefined) change.exp = Math.floor(Date.now() / 1000) + o.expiresIn;
    if (o.alg === "HS256") return auth.resign(u.token, change, { hs256Secret: TEST_HS256_SECRET });
    return Object.keys(change).length ? auth.resign(u.token, change) : u.token;
  };

  return {
    app,
    config,
    dataDir,
    dbFile: path.join(dataDir, APP_DB_FILE),
    database,
    http: request(app.server),
    api,
    auth,
    token,
    user,
    founder: async ({ roles, stage, plain, ...o } = {}) =>
      founderAt(stage ?? "signed-up", { on: { api, config }, user: await user(roles), marked: !plain, ...o }),
    logs: () => chunks.join(""),
    close: async () => {
      await app.close();
      if (first) return;
      await auth.close();
      await identity?.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The identity emulator (the local stand-in for Sumsub) on a free port, with the local credentials and no webhooks. */
function startOwnIdentityEmulator(): Promise<IdentityEmulator> {
  return startIdentityEmulator({
    host: "127.0.0.1",
    port: 0,
    publicUrl: "http://127.0.0.1",
    ...LOCAL_IDENTITY,
    quiet: true,
  });
}

/** createTestApp listening on a free port of 127.0.0.1, with every log line captured unless opts.logs is false. */
export async function startTestApp(
  env: Record<string, string> = {},
  opts: TestAppOptions = {},
): Promise<ListeningTestApp> {
  const t = await createTestApp(env, { logs: true, ...opts });
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = t.app.server.address() as { port: number };
  return { ...t, url: `http://127.0.0.1:${port}` };
}

export interface AppProcess {
  url: string;
  pid: number;
  output(): string;
  /** SIGTERM (graceful shutdown) and its exit code; SIGKILL after 15 s. */
  stop(): Promise<number | null>;
}

const READY_TIMEOUT_MS = scaled(90_000);

/** One instance through `npm start` with only `env` (APP_PORT at least), ready once /api/ready answers 200. */
export async function startAppProcess(env: Record<string, string>, opts: { root?: string } = {}): Promise<AppProcess> {
  const host = env.HOST ?? "127.0.0.1";
  const url = `http://${host}:${env.APP_PORT}`;
  // Another release's checkout runs through tsx: the bundle cache belongs to this checkout.
  const args = opts.root
    ? ["--import", "tsx", path.join(opts.root, "scripts/start.ts")]
    : [path.join(REPO_ROOT, "scripts/launch.mjs")];
  const proc = spawn(process.execPath, args, {
    cwd: opts.root ?? REPO_ROOT,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  proc.stdout.on("data", (c: Buffer) => (output += c.toString()));
  proc.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  const killOnExit = () => proc.kill("SIGKILL");
  process.once("exit", killOnExit);
  void exited.then(() => process.off("exit", killOnExit));

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (proc.exitCode !== null)
      throw new Error(`app on ${url} exited with ${proc.exitCode} before it was ready:\n${output.slice(-2000)}`);
    const ready = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`app on ${url} not ready in ${READY_TIMEOUT_MS / 1000} s:\n${output.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: proc.pid!,
    output: () => output,
    stop: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGTERM");
      const timer = setTimeout(() => proc.kill("SIGKILL"), scaled(15_000));
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

export interface Child {
  url: string;
  pid: number;
  kill(): Promise<void>;
}

const APP_CHILD = fileURLToPath(new URL("./app-child.ts", import.meta.url));

/** Spawns an entry that prints "READY <url>" once listening, from its bundle (cheaper than tsx per start). */
async function spawnChild(entry: string, env: Record<string, string>): Promise<Child> {
  const proc = spawn(process.execPath, [await bundledEntry(entry)], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  proc.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(
      () => reject(new Error(`${entry} not ready in ${scaled(30_000) / 1000} s: ${stderr.slice(-500)}`)),
      scaled(30_000),
    );
    proc.stdout.on("data", (c: Buffer) => {
      out += c.toString();
      const m = /READY (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    proc.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited with ${code} before ready: ${stderr.slice(-500)}`));
    });
  });
  return {
    url,
    pid: proc.pid!,
    kill: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
      await exited;
    },
  };
}

/** spawnChild on a fresh free port, again if another process took the port first (EADDRINUSE). */
export function spawnOnFreePort(
  entry: string,
  env: (port: number) => Record<string, string>,
  freePort: () => Promise<number>,
): Promise<Child> {
  return retryOnPortClash(async () => spawnChild(entry, env(await freePort())));
}

/** The app listener alone as its own process on a free port (env: its settings for that port). */
export function spawnApp(
  env: (port: number) => Record<string, string>,
  freePort: () => Promise<number>,
): Promise<Child> {
  return spawnOnFreePort(APP_CHILD, env, freePort);
}

/** A request that never got an answer because the server died (refused, reset, cut off). */
export function isConnectionFailure(err: unknown): boolean {
  return err instanceof TypeError && /fetch failed|terminated|other side closed/i.test(err.message);
}

/** When a kill lands: after a write was acknowledged, plus a random scaled pause; rejects if a writer fails. */
export async function killMoment(
  acknowledged: () => number,
  writers: Promise<unknown>[],
  minMs: number,
  maxMs: number,
): Promise<void> {
  const before = acknowledged();
  const firstWrite = (async () => {
    while (acknowledged() === before) await new Promise((r) => setTimeout(r, 10));
  })();
  // Writers end only when the server dies: before the kill, only by failing.
  await Promise.race([firstWrite, Promise.all(writers).then(() => undefined)]);
  const min = scaled(minMs);
  await new Promise((r) => setTimeout(r, min + Math.floor(Math.random() * (scaled(maxMs) - min))));
}
