// Section "scale": the same load on a small and a large population of founders (default
// 1,000 and 100,000), both deployed at once in the production shape (tests/support/deployment.ts:
// SQLite, one instance; PostgreSQL through PgBouncer, two instances behind round robin) so their
// rounds alternate. The request pattern is the same at both sizes (scripts/bench/README.md).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import bcrypt from "bcryptjs";
import WebSocket from "ws";
import { resetAuthData } from "@founder-foundation/auth-emulator";
import { openAppDatabase } from "../../db/open";
import type { AppDb } from "../../db/engine";
import { PROJECT_AUTH_OPTIONS } from "../../supabase/demo-seed";
import { startDeployment, type Deployment, type DeploymentOptions } from "../../tests/support/deployment";
import type { AppProcess } from "../../tests/support/app";
import { freePort } from "../../tests/support/ports";
import { enrolTotp } from "../../tests/support/auth";
import { signInThroughApi } from "../../tests/support/founders";
import { apiCall } from "../../tests/support/api";
import * as seed from "./scale-seed";
import { combine, load, type LoadResult, type Request } from "./api";
import { deployOn, startPgServer } from "./postgres";
import { timeToAnswers } from "./startup";
import { cpuSnapshot } from "./process-cpu";
import { median, round } from "./stats";
import { renderTable } from "./table";

export type ScaleEngineName = "sqlite" | "postgres";
const ROUTES = ["all_data", "put_person", "notifications", "audit_page", "admin_users", "sign_in"] as const;
type ScaleRoute = (typeof ROUTES)[number];
/** Founders active during the loads, at every size. */
const ACTIVE = 1000;
/** Staff signed in at aal2 for the admin list: its limit is 60 a minute per caller. */
const ADMINS = 300;
const CONNECTIONS = 10;
/** Saves a second while all_data is loaded (the peak of 1 to 2 million founders' days, docs/deploying.md). */
const SAVES_PER_S = 20;

interface ScaleEngine {
  engine: ScaleEngineName;
  sizes: number[];
  byN: Array<{
    n: number;
    seedS: number;
    bytesPerFounder: number;
    visitsS: number;
    rssMb: number;
    startupMs: number;
    emptyStartupMs: number;
  }>;
  /** CPU µs per request: the app's instances, and Postgres's server and backends. */
  rows: Array<{
    route: ScaleRoute;
    n: number;
    load: LoadResult<ScaleRoute>;
    rssMb: number;
    appUs: number;
    dbUs: number;
  }>;
  /** Large ÷ small, medians of the rounds' ratios: req/s, p99 and RSS after the route's load. */
  ratios: Array<{ route: ScaleRoute; reqPerSec: number; p99: number; rss: number }>;
}
export interface ScaleResult {
  engines: ScaleEngine[];
}

interface Founder {
  i: number;
  account: number;
  holder: number;
  token: string;
  person?: Record<string, unknown>;
}
interface Site {
  n: number;
  url: string;
  deployment: Deployment;
  seedS: number;
  bytes: number;
  ids: seed.SeededIds;
  /** The settings of one more instance on this site's data, or on an empty database. */
  instanceEnv(empty: boolean): Record<string, string>;
  close(): Promise<void>;
}

/** Two full garbage collections, asked through the instance's inspector (loopback): RSS is then what it keeps, not V8's high-water mark. */
async function collectGarbage(app: AppProcess): Promise<void> {
  const url = /ws:\/\/127\.0\.0\.1:\d+\/[\w-]+/.exec(app.output())?.[0];
  if (!url) throw new Error("the instance printed no inspector address");
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  for (const id of [1, 2]) {
    socket.send(JSON.stringify({ id, method: "HeapProfiler.collectGarbage" }));
    await new Promise((resolve) => socket.once("message", resolve));
  }
  socket.close();
}

/** The largest RSS of the site's instances (MB), after garbage collection. */
async function appRss(site: Site): Promise<number> {
  const rss = (pid: number) =>
    Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;
  for (const app of site.deployment.apps) await collectGarbage(app);
  return round(Math.max(...site.deployment.apps.map((a) => rss(a.pid))), 1);
}

/** Size on disk: SQLite's pages (after a checkpoint), Postgres's pg_database_size. */
async function databaseBytes({ driver }: AppDb): Promise<number> {
  if (driver.kind === "postgres")
    return Number((await driver.pool.query("SELECT pg_database_size(current_database()) AS b")).rows[0].b);
  driver.client.pragma("wal_checkpoint(TRUNCATE)");
  return (
    Number(driver.client.pragma("page_count", { simple: true })) *
    Number(driver.client.pragma("page_size", { simple: true }))
  );
}

/** One site: its data seeded through the data layer before anything starts, then deployed. */
async function deploySite(
  n: number,
  ctx: {
    passwordHash: string;
    ssnKey: Buffer;
    pg?: Awaited<ReturnType<typeof startPgServer>>;
    log: (l: string) => void;
  },
): Promise<Site> {
  const { pg } = ctx;
  const [db, empty] = pg ? [await pg.server.createDatabase(), await pg.server.createDatabase()] : [];
  const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-scale-empty-"));
  const emptyDb = openAppDatabase(
    pg ? { kind: "postgres", url: pg.server.url(empty), poolSize: 2 } : { kind: "sqlite", dataDir: emptyDir },
  );
  await emptyDb.migrate().finally(() => emptyDb.db.close());
  const site = {
    n,
    seedS: 0,
    bytes: 0,
    ids: { accounts: new Int32Array(0), holders: new Int32Array(0) } as seed.SeededIds,
  };
  const opts: Omit<DeploymentOptions, "databaseUrl" | "migrateUrl"> = {
    hosts: pg ? ["127.0.0.1", "127.0.0.1"] : ["127.0.0.1"],
    env: {
      LOG_LEVEL: "warn",
      SKIP_WEB_BUILD: "1",
      ADMIN_API_ENABLED: "true",
      SSN_ENCRYPTION_KEY: ctx.ssnKey.toString("base64"),
      NODE_OPTIONS: "--inspect=127.0.0.1:0",
    },
    // One address sends every founder's sign-in: GoTrue's per-address limits would refuse the load.
    authConfig: (toml) =>
      toml.replace(/^(sign_in_sign_ups|token_verifications|token_refresh) = \d+$/gm, "$1 = 100000000"),
    prepare: async ({ authData, appData }) => {
      const started = performance.now();
      await resetAuthData({
        ...PROJECT_AUTH_OPTIONS,
        dataDir: authData,
        seed: seed.authSeed(n, ADMINS, ctx.passwordHash),
      });
      const opened = openAppDatabase(
        pg ? { kind: "postgres", url: pg.server.url(db), poolSize: 2 } : { kind: "sqlite", dataDir: appData },
      );
      try {
        await opened.migrate();
        site.ids = await seed.seedFounders(opened.db, n, ctx.ssnKey, (done) => {
          if (done % 20_000 === 0) ctx.log(`    ${n}: ${done} founders seeded`);
        });
        site.seedS = (performance.now() - started) / 1000;
        site.bytes = await databaseBytes(opened.db);
      } finally {
        await opened.db.close();
      }
    },
  };
  const deployed = pg ? await deployOn(pg, db!, opts) : undefined;
  const deployment = deployed?.deployment ?? (await startDeployment(opts));
  return {
    ...site,
    url: deployed?.url ?? deployment.apps[0]!.url,
    deployment,
    instanceEnv: (isEmpty) => ({
      ...deployment.env,
      ...(pg
        ? { DATABASE_URL: pg.bouncer.url(isEmpty ? empty : db), DATA_DIR: emptyDir }
        : isEmpty
          ? { DATA_DIR: emptyDir }
          : {}),
    }),
    close: async () => {
      await (deployed ?? deployment).close();
      fs.rmSync(emptyDir, { recursive: true, force: true });
    },
  };
}

/** Runs `work(i)` for i in 0..count-1, `workers` at once. */
async function pool(count: number, workers: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: workers }, worker));
}

/**
 * `visits` visits round the population (every founder at least once), each a sign-in and a page
 * load: as many at every size, so each site's heap has done the same work when its memory is
 * compared. The active founders keep a token; the staff enrol a second factor, for aal2.
 */
async function visitAll(site: Site, visits: number, active: Set<number>) {
  const { auth } = site.deployment;
  const on = { config: { auth } };
  const signIn = async (email: string) =>
    (await signInThroughApi(on, { email, password: seed.SCALE_PASSWORD })).access_token;
  const founders = new Map<number, Founder>();
  const started = performance.now();
  await pool(visits, CONNECTIONS, async (k) => {
    const i = k % site.n;
    const [token, account] = [await signIn(seed.founderEmail(i)), site.ids.accounts[i]!];
    await apiCall(site.url, token, "GET", `/api/accounts/${account}/all_data`);
    if (active.has(i)) founders.set(i, { i, account, holder: site.ids.holders[i]!, token });
  });
  const seconds = (performance.now() - started) / 1000;
  for (const f of founders.values()) f.person = await apiCall(site.url, f.token, "GET", `/api/persons/${f.holder}`);
  const admins: string[] = [];
  await pool(ADMINS, CONNECTIONS, async (i) => {
    const token = await signIn(seed.adminEmail(i));
    admins.push((await enrolTotp(`${auth.url}/auth/v1`, auth.anonKey, token)).aal2Token);
  });
  return { founders: [...founders.values()], admins, seconds };
}

/** One route's load at one site: each request a random active founder's (the staff's for the admin list). */
function routeRequest(route: ScaleRoute, site: Site, founders: Founder[], admins: string[]): Request {
  const any = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const as = (token: string) => ({ authorization: `Bearer ${token}`, "content-type": "application/json" });
  const { auth } = site.deployment;
  let saves = 0;
  const each: Record<ScaleRoute, (f: Founder) => { path: string; headers: Record<string, string>; body?: string }> = {
    all_data: (f) => ({ path: `/api/accounts/${f.account}/all_data`, headers: as(f.token) }),
    put_person: (f) => ({
      path: `/api/persons/${f.holder}`,
      headers: as(f.token),
      body: JSON.stringify({ ...f.person, city: saves++ % 2 ? "Dover" : "Lewes" }),
    }),
    // The bell's own read, what a signed-in page polls.
    notifications: (f) => ({ path: "/api/notifications/?limit=50&offset=0&include_read=true", headers: as(f.token) }),
    audit_page: (f) => ({ path: `/api/accounts/${f.account}/audit?limit=50`, headers: as(f.token) }),
    // The newest thousand users, fifty a page: what an admin looks through.
    admin_users: () => ({
      path: `/api/admin/users?page=${1 + Math.floor(Math.random() * 20)}&per_page=50`,
      headers: as(any(admins)),
    }),
    sign_in: (f) => ({
      path: "/auth/v1/token?grant_type=password",
      headers: { apikey: auth.anonKey, "content-type": "application/json" },
      body: JSON.stringify({ email: seed.founderEmail(f.i), password: seed.SCALE_PASSWORD }),
    }),
  };
  const method = route === "put_person" ? "PUT" : route === "sign_in" ? "POST" : "GET";
  return {
    url: route === "sign_in" ? auth.url : site.url,
    method,
    setupRequest: (r) => ({ ...r, ...each[route](any(founders)) }),
  };
}

/** One more instance started on the site's data (or an empty database), spawn to /api/ready, without the bench's inspector. */
async function startupMs(site: Site, empty: boolean): Promise<number> {
  const port = await freePort();
  const { NODE_OPTIONS: _inspector, ...env } = site.instanceEnv(empty);
  const started = { ...env, APP_PORT: String(port), PUBLIC_APP_URL: `http://127.0.0.1:${port}` };
  return (await timeToAnswers(started, { ready: `http://127.0.0.1:${port}/api/ready` })).ready;
}

async function benchEngine(
  engine: ScaleEngineName,
  opts: { sizes: number[]; durationS: number; rounds: number; log: (line: string) => void },
): Promise<ScaleEngine> {
  const ctx = {
    passwordHash: await bcrypt.hash(seed.SCALE_PASSWORD, 4),
    ssnKey: crypto.randomBytes(32),
    log: opts.log,
  };
  const pg = engine === "postgres" ? await startPgServer() : undefined;
  const sites: Site[] = [];
  try {
    for (const n of opts.sizes) {
      sites.push(await deploySite(n, { ...ctx, pg }));
      opts.log(`  ${engine} ${n}: seeded in ${round(sites.at(-1)!.seedS)} s and deployed`);
    }
    const visits: Array<Awaited<ReturnType<typeof visitAll>>> = [];
    for (const site of sites) {
      const active = new Set<number>();
      while (active.size < Math.min(ACTIVE, site.n)) active.add(Math.floor(Math.random() * site.n));
      visits.push(await visitAll(site, Math.max(...opts.sizes), active));
      opts.log(`  ${engine} ${site.n}: every founder signed in and read, in ${round(visits.at(-1)!.seconds)} s`);
    }
    const requests = sites.map((site, s) =>
      ROUTES.map((r) => routeRequest(r, site, visits[s]!.founders, visits[s]!.admins)),
    );
    const rounds = Math.max(1, opts.rounds);
    const roundS = Math.max(1, Math.round(opts.durationS / rounds));
    type Measured = { load: LoadResult<ScaleRoute>; rssMb: number; app: number; db: number };
    const measured = sites.map(() => ROUTES.map(() => [] as Measured[]));
    for (let i = 0; i < rounds; i++)
      for (const [r, route] of ROUTES.entries())
        for (const s of i % 2 ? [...sites.keys()].reverse() : sites.keys()) {
          const pids = sites[s]!.deployment.apps.map((a) => a.pid);
          const cpu = () => cpuSnapshot(pids, pg?.server.pid);
          const before = cpu();
          // Other founders keep saving while pages load: all_data's answers do not outlive them.
          const saves =
            route === "all_data"
              ? { ...requests[s]![ROUTES.indexOf("put_person")]!, overallRate: SAVES_PER_S }
              : undefined;
          const [result] = await Promise.all([
            load(route, requests[s]![r]!, CONNECTIONS, roundS),
            saves && load("saves", saves, 1, roundS),
          ]);
          const after = cpu();
          const app = after.apps.reduce((a, b) => a + b, 0) - before.apps.reduce((a, b) => a + b, 0);
          const db = after.postgres - before.postgres;
          measured[s]![r]!.push({ load: result, rssMb: await appRss(sites[s]!), app, db });
        }
    const perRequest = (m: Measured[], k: "app" | "db") =>
      round((m.reduce((t, x) => t + x[k], 0) / m.reduce((t, x) => t + x.load.requests, 0)) * 1e6, 0);
    const rss: number[] = [];
    for (const site of sites) rss.push(await appRss(site));
    const starts = sites.map(() => ({ data: [] as number[], empty: [] as number[] }));
    for (let i = 0; i < Math.max(3, rounds); i++)
      for (const [s, site] of sites.entries()) {
        starts[s]!.data.push(await startupMs(site, false));
        starts[s]!.empty.push(await startupMs(site, true));
      }
    const [small, large] = [measured[0]!, measured.at(-1)!];
    const ratio = (r: number, f: (m: { load: LoadResult<string>; rssMb: number }) => number) =>
      round(median(large[r]!.map((m, i) => f(m) / f(small[r]![i]!))), 3);
    return {
      engine,
      sizes: opts.sizes,
      byN: sites.map((site, s) => ({
        n: site.n,
        seedS: round(site.seedS, 1),
        bytesPerFounder: Math.round(site.bytes / site.n),
        visitsS: round(visits[s]!.seconds, 1),
        rssMb: rss[s]!,
        startupMs: round(median(starts[s]!.data), 0),
        emptyStartupMs: round(median(starts[s]!.empty), 0),
      })),
      rows: sites.flatMap((site, s) =>
        ROUTES.map((route, r) => ({
          route,
          n: site.n,
          load: combine(measured[s]![r]!.map((m) => m.load)),
          appUs: perRequest(measured[s]![r]!, "app"),
          dbUs: perRequest(measured[s]![r]!, "db"),
          rssMb: measured[s]![r]!.at(-1)!.rssMb,
        })),
      ),
      ratios: ROUTES.map((route, r) => ({
        route,
        reqPerSec: ratio(r, (m) => m.load.reqPerSec),
        p99: ratio(r, (m) => m.load.p99Ms),
        rss: ratio(r, (m) => m.rssMb),
      })),
    };
  } finally {
    for (const site of sites) await site.close().catch(() => undefined);
    await pg?.stop();
  }
}

export async function benchScale(opts: {
  sizes: number[];
  engines: ScaleEngineName[];
  durationS: number;
  rounds: number;
  log: (line: string) => void;
}): Promise<ScaleResult> {
  if (opts.sizes.length !== 2) throw new Error("--founders takes two sizes, e.g. 1000,100000");
  const engines: ScaleEngine[] = [];
  for (const engine of opts.engines) engines.push(await benchEngine(engine, opts));
  return { engines };
}

export function scaleTables(r: ScaleResult): string {
  return r.engines
    .flatMap((e) => [
      renderTable(
        `Scale, ${e.engine}: ${CONNECTIONS} connections, each request a random one of ${ACTIVE} active founders with their own token, at ${e.sizes.join(" and ")} founders in alternating rounds`,
        ["route", "founders", "req/s", "p50", "p99", "errors", "non-2xx", "RSS MB", "CPU µs/req: app + db"],
        e.rows.map(({ route, n, load: l, rssMb, appUs, dbUs }) => {
          const failed = l.errors + l.timeouts;
          return [
            route,
            n,
            l.reqPerSec,
            `${l.p50Ms} ms`,
            `${l.p99Ms} ms`,
            failed,
            l.non2xx,
            rssMb,
            `${appUs} + ${dbUs}`,
          ];
        }),
      ),
      renderTable(
        `Scale, ${e.engine}: ${e.sizes[1]} ÷ ${e.sizes[0]} founders (medians of the rounds' ratios; RSS after garbage collection)`,
        ["route", "req/s", "p99", "RSS"],
        e.ratios.map((q) => [q.route, q.reqPerSec.toFixed(2), q.p99.toFixed(2), q.rss.toFixed(2)]),
      ),
      renderTable(
        `Scale, ${e.engine}: data, visits, memory and start-up (one more instance, spawn to /api/ready, median)`,
        ["founders", "seeded in", "bytes per founder", "visits", "RSS at end MB", "start-up on it", "on an empty one"],
        e.byN.map((b) => [
          b.n,
          `${b.seedS} s`,
          b.bytesPerFounder,
          `${b.visitsS} s`,
          b.rssMb,
          `${b.startupMs} ms`,
          `${b.emptyStartupMs} ms`,
        ]),
      ),
    ])
    .join("\n");
}
