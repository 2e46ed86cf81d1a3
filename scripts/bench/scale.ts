// Section "scale" (issue 48): the same load on a small and a large population of founders (default
// 1,000 and 100,000), both deployed at once in the production shape (tests/support/deployment.ts:
// SQLite, one instance; PostgreSQL through PgBouncer, two instances behind round robin), so their
// rounds alternate. The request pattern, the same at both sizes: every founder first signs in and
// loads its page once; then 1,000 founders are active (all of them, or a random thousand), and each
// request is a random active founder's, with that founder's own token (scripts/bench/README.md).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import bcrypt from "bcryptjs";
import { resetAuthData } from "@founder-foundation/auth-emulator";
import { openAppDatabase, type DatabaseSettings } from "../../db/open";
import { PROJECT_AUTH_OPTIONS } from "../../supabase/demo-seed";
import { startDeployment, type Deployment, type DeploymentOptions } from "../../tests/support/deployment";
import { freePort } from "../../tests/support/ports";
import { totpCode } from "../../tests/support/totp";
import {
  ADMIN_TOTP_SECRET,
  SCALE_PASSWORD,
  adminEmail,
  adminFactorId,
  authSeed,
  founderEmail,
  seedFounders,
  type SeededIds,
} from "./scale-seed";
import { load, type LoadResult, type Request } from "./api";
import { deployOn, startPgServer } from "./postgres";
import { timeToAnswers } from "./startup";
import { median, round } from "./stats";
import { renderTable } from "./table";

export type ScaleEngineName = "sqlite" | "postgres";
const ROUTES = ["all_data", "put_person", "notifications", "audit_page", "admin_users", "sign_in"] as const;
export type ScaleRoute = (typeof ROUTES)[number];
/** Founders active during the loads, at every size. */
const ACTIVE = 1000;
/** Staff signed in at aal2 for the admin list: its limit is 60 a minute per caller. */
const ADMINS = 300;
const CONNECTIONS = 10;

export interface ScaleEngine {
  engine: ScaleEngineName;
  sizes: number[];
  byN: Array<{
    n: number;
    seedS: number;
    diskBytesPerFounder: number;
    firstVisitsS: number;
    rssEndMb: number;
    startupMs: number;
    emptyStartupMs: number;
  }>;
  rows: Array<{ route: ScaleRoute; n: number; load: LoadResult<ScaleRoute>; rssMb: number }>;
  /** Large ÷ small, medians of the rounds' ratios: req/s, p99; RSS after the route's load. */
  ratios: Array<{ route: ScaleRoute; reqPerSec: number; p99: number; rss: number }>;
}
export interface ScaleResult {
  engines: ScaleEngine[];
}

interface Founder {
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
  diskBytes: number;
  ids: SeededIds;
  /** The environment and data of one more instance on this site's data, or on an empty database. */
  instanceEnv(empty: boolean): Promise<Record<string, string>>;
  close(): Promise<void>;
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;
const appRss = (site: Site) => round(Math.max(...site.deployment.apps.map((a) => rssMb(a.pid))), 1);

/** One site: its data seeded through the data layer before anything starts, then deployed. */
async function deploySite(
  engine: ScaleEngineName,
  n: number,
  ctx: {
    passwordHash: string;
    ssnKey: Buffer;
    pg?: Awaited<ReturnType<typeof startPgServer>>;
    log: (l: string) => void;
  },
): Promise<Site> {
  const pgDb = ctx.pg ? await ctx.pg.server.createDatabase() : undefined;
  const settingsFor = (appData: string): DatabaseSettings =>
    pgDb ? { kind: "postgres", url: ctx.pg!.server.url(pgDb), poolSize: 4 } : { kind: "sqlite", dataDir: appData };
  let seedS = 0;
  let diskBytes = 0;
  let ids: SeededIds = { accounts: new Int32Array(0), holders: new Int32Array(0) };
  const opts: Omit<DeploymentOptions, "databaseUrl" | "migrateUrl"> = {
    hosts: engine === "sqlite" ? ["127.0.0.1"] : ["127.0.0.1", "127.0.0.1"],
    env: {
      LOG_LEVEL: "warn",
      SKIP_WEB_BUILD: "1",
      DATABASE_POOL_SIZE: "10",
      ADMIN_API_ENABLED: "true",
      SSN_ENCRYPTION_KEY: ctx.ssnKey.toString("base64"),
    },
    // One address sends every founder's sign-in: GoTrue's per-address limits would refuse the load.
    authConfig: (toml) =>
      toml.replace(/^(sign_in_sign_ups|token_verifications|token_refresh) = \d+$/gm, "$1 = 100000000"),
    prepare: async ({ authData, appData }) => {
      const started = performance.now();
      await resetAuthData({ ...PROJECT_AUTH_OPTIONS, dataDir: authData, seed: authSeed(n, ADMINS, ctx.passwordHash) });
      const opened = openAppDatabase(settingsFor(appData));
      try {
        await opened.migrate();
        ids = await seedFounders(opened.db, n, ctx.ssnKey, (done) => {
          if (done % 20_000 === 0) ctx.log(`    ${engine} ${n}: ${done} founders seeded`);
        });
        seedS = (performance.now() - started) / 1000;
        diskBytes = await databaseBytes(opened.db.driver);
      } finally {
        await opened.db.close();
      }
    },
  };
  if (ctx.pg && pgDb) {
    const deployed = await deployOn(ctx.pg, pgDb, opts);
    const empty = await ctx.pg.server.createDatabase();
    await migrated({ kind: "postgres", url: ctx.pg.server.url(empty), poolSize: 2 });
    return {
      n,
      url: deployed.balancer.url,
      deployment: deployed.deployment,
      seedS,
      diskBytes,
      ids,
      instanceEnv: async (isEmpty) => ({
        ...deployed.deployment.env,
        DATABASE_URL: ctx.pg!.bouncer.url(isEmpty ? empty : pgDb),
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "ff-scale-instance-")),
      }),
      close: deployed.close,
    };
  }
  const deployment = await startDeployment(opts);
  const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-scale-empty-"));
  await migrated({ kind: "sqlite", dataDir: emptyDir });
  return {
    n,
    url: deployment.apps[0]!.url,
    deployment,
    seedS,
    diskBytes,
    ids,
    instanceEnv: async (isEmpty) => ({ ...deployment.env, ...(isEmpty ? { DATA_DIR: emptyDir } : {}) }),
    close: async () => {
      await deployment.close();
      fs.rmSync(emptyDir, { recursive: true, force: true });
    },
  };
}

async function migrated(settings: DatabaseSettings): Promise<void> {
  const opened = openAppDatabase(settings);
  await opened.migrate();
  await opened.db.close();
}

/** The database's size on disk: SQLite's pages (after a checkpoint), Postgres's pg_database_size. */
async function databaseBytes(driver: import("../../db/engine").AppDb["driver"]): Promise<number> {
  if (driver.kind === "postgres")
    return Number((await driver.pool.query("SELECT pg_database_size(current_database()) AS b")).rows[0].b);
  driver.client.pragma("wal_checkpoint(TRUNCATE)");
  return (
    Number(driver.client.pragma("page_count", { simple: true })) *
    Number(driver.client.pragma("page_size", { simple: true }))
  );
}

async function json<T>(res: Promise<Response>, what: string): Promise<T> {
  const r = await res;
  if (!r.ok) throw new Error(`${what} answered ${r.status}: ${(await r.text()).slice(0, 200)}`);
  return (await r.json()) as T;
}

/** Runs `work(i)` for i in 0..count-1 on `workers` at once. */
async function pool(count: number, workers: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** Every founder signs in and loads its page (all_data) once; the active ones keep their token, the staff theirs at aal2. */
async function firstVisits(
  site: Site,
  active: Set<number>,
): Promise<{ founders: Founder[]; admins: string[]; seconds: number }> {
  const { auth } = site.deployment;
  const signIn = (email: string) =>
    json<{ access_token: string }>(
      fetch(`${auth.url}/auth/v1/token?grant_type=password`, {
        method: "POST",
        headers: { apikey: auth.anonKey, "content-type": "application/json" },
        body: JSON.stringify({ email, password: SCALE_PASSWORD }),
      }),
      "sign-in",
    );
  const founders: Founder[] = [];
  const started = performance.now();
  await pool(site.n, CONNECTIONS, async (i) => {
    const { access_token: token } = await signIn(founderEmail(i));
    const account = site.ids.accounts[i]!;
    await json(
      fetch(`${site.url}/api/accounts/${account}/all_data`, { headers: { authorization: `Bearer ${token}` } }),
      "all_data",
    );
    if (active.has(i)) founders.push({ account, holder: site.ids.holders[i]!, token });
  });
  const seconds = (performance.now() - started) / 1000;
  for (const f of founders)
    f.person = await json(
      fetch(`${site.url}/api/persons/${f.holder}`, { headers: { authorization: `Bearer ${f.token}` } }),
      "person",
    );
  const admins: string[] = [];
  await pool(ADMINS, CONNECTIONS, async (i) => {
    const bearer = { apikey: auth.anonKey, authorization: `Bearer ${(await signIn(adminEmail(i))).access_token}` };
    const factor = `${auth.url}/auth/v1/factors/${adminFactorId(i)}`;
    const challenge = await json<{ id: string }>(
      fetch(`${factor}/challenge`, { method: "POST", headers: bearer }),
      "challenge",
    );
    const body = JSON.stringify({ challenge_id: challenge.id, code: totpCode(ADMIN_TOTP_SECRET) });
    const headers = { ...bearer, "content-type": "application/json" };
    admins.push(
      (await json<{ access_token: string }>(fetch(`${factor}/verify`, { method: "POST", headers, body }), "verify"))
        .access_token,
    );
  });
  return { founders, admins, seconds };
}

/** The load of one route at one site: each request a random active founder's (the staff's for the admin list). */
function routeRequest(route: ScaleRoute, site: Site, founders: Founder[], admins: string[]): Request {
  const any = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const get = (url: string, to: (f: Founder) => string): Request => ({
    url,
    method: "GET",
    setupRequest: (r) => {
      const f = any(founders);
      return { ...r, path: to(f), headers: as(f.token) };
    },
  });
  let saves = 0;
  const auth = site.deployment.auth;
  switch (route) {
    case "all_data":
      return get(site.url, (f) => `/api/accounts/${f.account}/all_data`);
    case "notifications":
      return get(site.url, () => "/api/notifications/?limit=50&offset=0&include_read=true");
    case "audit_page":
      return get(site.url, (f) => `/api/accounts/${f.account}/audit?limit=50`);
    case "admin_users":
      return {
        url: site.url,
        method: "GET",
        // The newest thousand users, fifty a page: what an admin looks through.
        setupRequest: (r) => ({
          ...r,
          path: `/api/admin/users?page=${1 + Math.floor(Math.random() * 20)}&per_page=50`,
          headers: as(any(admins)),
        }),
      };
    case "put_person":
      return {
        url: site.url,
        method: "PUT",
        setupRequest: (r) => {
          const f = any(founders);
          const body = JSON.stringify({ ...f.person, city: saves++ % 2 ? "Dover" : "Lewes" });
          return {
            ...r,
            path: `/api/persons/${f.holder}`,
            headers: { ...as(f.token), "content-type": "application/json" },
            body,
          };
        },
      };
    case "sign_in":
      return {
        url: `${auth.url}/auth/v1/token?grant_type=password`,
        method: "POST",
        setupRequest: (r) => ({
          ...r,
          headers: { apikey: auth.anonKey, "content-type": "application/json" },
          body: JSON.stringify({
            email: founderEmail(Math.floor(Math.random() * Math.min(site.n, ACTIVE))),
            password: SCALE_PASSWORD,
          }),
        }),
      };
  }
}

async function startupMs(site: Site, empty: boolean): Promise<number> {
  const port = await freePort();
  const env = {
    ...(await site.instanceEnv(empty)),
    APP_PORT: String(port),
    PUBLIC_APP_URL: `http://127.0.0.1:${port}`,
  };
  return (await timeToAnswers(env, { ready: `http://127.0.0.1:${port}/api/ready` })).ready;
}

async function benchEngine(
  engine: ScaleEngineName,
  opts: { sizes: number[]; durationS: number; rounds: number; log: (line: string) => void },
): Promise<ScaleEngine> {
  const passwordHash = await bcrypt.hash(SCALE_PASSWORD, 4);
  const ssnKey = crypto.randomBytes(32);
  const pg = engine === "postgres" ? await startPgServer() : undefined;
  const sites: Site[] = [];
  try {
    for (const n of opts.sizes) {
      opts.log(`  ${engine}: seeding and deploying ${n} founders…`);
      sites.push(await deploySite(engine, n, { passwordHash, ssnKey, pg, log: opts.log }));
      opts.log(`  ${engine} ${n}: seeded in ${round(sites.at(-1)!.seedS)} s`);
    }
    const visits: Array<Awaited<ReturnType<typeof firstVisits>>> = [];
    for (const site of sites) {
      // The same number of active founders at every size; which ones, at random.
      const order = [...Array(site.n).keys()].sort(() => Math.random() - 0.5);
      visits.push(await firstVisits(site, new Set(order.slice(0, ACTIVE))));
      opts.log(`  ${engine} ${site.n}: every founder signed in and read once in ${round(visits.at(-1)!.seconds)} s`);
    }
    const requests = sites.map(
      (site, i) =>
        Object.fromEntries(
          ROUTES.map((r) => [r, routeRequest(r, site, visits[i]!.founders, visits[i]!.admins)]),
        ) as Record<ScaleRoute, Request>,
    );
    const rounds = Math.max(1, opts.rounds);
    const roundS = Math.max(1, Math.round(opts.durationS / rounds));
    const measured: Array<Record<ScaleRoute, Array<{ load: LoadResult<ScaleRoute>; rssMb: number }>>> = sites.map(
      () => ({}) as never,
    );
    for (let i = 0; i < rounds; i++)
      for (const route of ROUTES)
        for (const s of i % 2 ? [...sites.keys()].reverse() : sites.keys()) {
          const result = await load(route, requests[s]![route], CONNECTIONS, roundS);
          (measured[s]![route] ??= []).push({ load: result, rssMb: appRss(sites[s]!) });
        }
    const startups = sites.map(() => ({ data: [] as number[], empty: [] as number[] }));
    for (let i = 0; i < Math.max(3, rounds); i++)
      for (const [s, site] of sites.entries()) {
        startups[s]!.data.push(await startupMs(site, false));
        startups[s]!.empty.push(await startupMs(site, true));
      }
    const [small, large] = [0, sites.length - 1];
    const each = (route: ScaleRoute, f: (m: { load: LoadResult<ScaleRoute>; rssMb: number }) => number) =>
      round(median(measured[large]![route].map((m, i) => f(m) / f(measured[small]![route][i]!))), 3);
    const combined = (m: Array<{ load: LoadResult<ScaleRoute> }>) => {
      const requests = m.reduce((s, x) => s + x.load.requests, 0);
      const seconds = m.reduce((s, x) => s + x.load.durationS, 0);
      const sum = (k: "errors" | "timeouts" | "non2xx") => m.reduce((s, x) => s + x.load[k], 0);
      const mid = (k: "p50Ms" | "p99Ms") => round(median(m.map((x) => x.load[k])), 2);
      return {
        ...m[0]!.load,
        durationS: seconds,
        requests,
        reqPerSec: round(requests / seconds, 0),
        p50Ms: mid("p50Ms"),
        p99Ms: mid("p99Ms"),
        maxMs: Math.max(...m.map((x) => x.load.maxMs)),
        errors: sum("errors"),
        timeouts: sum("timeouts"),
        non2xx: sum("non2xx"),
      };
    };
    return {
      engine,
      sizes: opts.sizes,
      byN: sites.map((site, s) => ({
        n: site.n,
        seedS: round(site.seedS, 1),
        diskBytesPerFounder: Math.round(site.diskBytes / site.n),
        firstVisitsS: round(visits[s]!.seconds, 1),
        rssEndMb: appRss(site),
        startupMs: round(median(startups[s]!.data), 0),
        emptyStartupMs: round(median(startups[s]!.empty), 0),
      })),
      rows: sites.flatMap((site, s) =>
        ROUTES.map((route) => ({
          route,
          n: site.n,
          load: combined(measured[s]![route]),
          rssMb: measured[s]![route].at(-1)!.rssMb,
        })),
      ),
      ratios: ROUTES.map((route) => ({
        route,
        reqPerSec: each(route, (m) => m.load.reqPerSec),
        p99: each(route, (m) => m.load.p99Ms),
        rss: each(route, (m) => m.rssMb),
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
    .map((e) => {
      const routes = renderTable(
        `Scale, ${e.engine}: ${CONNECTIONS} connections over ${ACTIVE} active founders' own tokens (the same pattern at ${e.sizes.join(" and ")} founders), rounds alternating the sizes`,
        ["route", "founders", "req/s", "p50", "p99", "errors", "non-2xx", "RSS MB"],
        e.rows.map((x) => [
          x.route,
          x.n,
          x.load.reqPerSec,
          `${x.load.p50Ms} ms`,
          `${x.load.p99Ms} ms`,
          x.load.errors + x.load.timeouts,
          x.load.non2xx,
          x.rssMb,
        ]),
      );
      const ratios = renderTable(
        `Scale, ${e.engine}: ${e.sizes[1]} ÷ ${e.sizes[0]} founders (medians of the rounds' ratios)`,
        ["route", "req/s", "p99", "RSS"],
        e.ratios.map((q) => [q.route, q.reqPerSec.toFixed(2), q.p99.toFixed(2), q.rss.toFixed(2)]),
      );
      const sites = renderTable(
        `Scale, ${e.engine}: data and start-up (start-up: one more instance, spawn to /api/ready, median)`,
        [
          "founders",
          "seeded in",
          "bytes per founder",
          "first visits",
          "RSS at end MB",
          "start-up on it",
          "on an empty one",
        ],
        e.byN.map((b) => [
          b.n,
          `${b.seedS} s`,
          b.diskBytesPerFounder,
          `${b.firstVisitsS} s`,
          b.rssEndMb,
          `${b.startupMs} ms`,
          `${b.emptyStartupMs} ms`,
        ]),
      );
      return [routes, ratios, sites].join("\n");
    })
    .join("\n");
}
