// Section "postgres", the production shape: Debian's PostgreSQL 15 with its default durability,
// PgBouncer in transaction mode, the deployment of tests/support/deployment.ts (`npm run db:migrate`,
// two instances by the real start command) behind a round-robin balancer; beside it the floor, two
// bare-pg-server.ts processes (one query each, on a pool opened as the app opens its own) behind a
// balancer of their own. all_data: 10 connections, one founder; PUT person: 10 founders, each
// connection its own, so each founder's saves alternate between the instances.
import path from "node:path";
import { startDeployment, type Deployment, type DeploymentOptions } from "../../tests/support/deployment";
import { startPgBouncer, startPostgres, type PgBouncer, type PostgresServer } from "../../tests/support/postgres";
import { startBalancer, type Balancer } from "../../tests/support/balancer";
import { appTargets, combine, expectOk, load, ratioOfRounds, type LoadResult, type Request } from "./api";
import { founderWithData } from "./founder-data";
import { ROOT, spawnReady, type Child } from "./remote-stack";
import { round, sleep } from "./stats";
import { loadCells } from "./report-api";
import { renderTable } from "./table";
import { cpuSnapshot } from "./process-cpu";

export type PgTarget = "pg_bare_read" | "pg_all_data" | "pg_bare_write" | "pg_put_person";
const FLOORS = { pg_all_data: "pg_bare_read", pg_put_person: "pg_bare_write" } as const;

export interface PostgresResult {
  durationS: number;
  connections: number;
  poolSize: number;
  runs: LoadResult<PgTarget>[];
  /** CPU ms per request of the answering processes (both) and of Postgres's backends, over all rounds. */
  cpuPerRequestMs: Array<{ target: PgTarget; server: number; postgres: number }>;
  /** App req/s ÷ its floor's req/s, median of the rounds. */
  floorRatios: Array<{ target: keyof typeof FLOORS; ratio: number; rounds: number[] }>;
}

const CONNECTIONS = 10;
const POOL_SIZE = 10;

/** Durable as production is (every commit waits for its fsync), with PgBouncer in front. */
export async function startPgServer(): Promise<{ server: PostgresServer; bouncer: PgBouncer; stop(): Promise<void> }> {
  const server = await startPostgres({ durable: true });
  const bouncer = await startPgBouncer(server).catch(async (err: unknown) => {
    await server.stop();
    throw err;
  });
  return { server, bouncer, stop: async () => void (await bouncer.stop(), await server.stop()) };
}

/** Round robin over `urls` (keep-alive to each), once every one is ready. */
export async function balance(urls: string[]): Promise<Balancer> {
  const balancer = await startBalancer({ keepAlive: true });
  for (const url of urls) balancer.add({ url, release: url });
  while (balancer.ready().length < urls.length) await sleep(50);
  return balancer;
}

/** A deployment on database `db` through the pooler (migrated directly), behind a balancer. */
export async function deployOn(
  pg: { server: PostgresServer; bouncer: PgBouncer },
  db: string,
  opts: Omit<DeploymentOptions, "databaseUrl" | "migrateUrl">,
): Promise<{ deployment: Deployment; balancer: Balancer; close(): Promise<void> }> {
  const deployment = await startDeployment({ ...opts, databaseUrl: pg.bouncer.url(db), migrateUrl: pg.server.url(db) });
  const balancer = await balance(deployment.apps.map((a) => a.url)).catch(async (err: unknown) => {
    await deployment.close();
    throw err;
  });
  return { deployment, balancer, close: async () => void (await balancer.close(), await deployment.close()) };
}

export async function benchPostgres(opts: {
  durationS: number;
  rounds: number;
  log: (line: string) => void;
}): Promise<PostgresResult> {
  const pg = await startPgServer();
  const floors: Array<Child<{ url: string }>> = [];
  let app: Awaited<ReturnType<typeof deployOn>> | undefined;
  let floor: Balancer | undefined;
  try {
    const db = await pg.server.createDatabase();
    opts.log("  deploying: npm run db:migrate, the auth project, two production app instances…");
    app = await deployOn(pg, db, {
      hosts: ["127.0.0.1", "127.0.0.1"],
      env: { DATABASE_POOL_SIZE: String(POOL_SIZE), LOG_LEVEL: "warn", SKIP_WEB_BUILD: "1" },
    });
    const { auth } = app.deployment;
    const on = { config: { auth }, app: { url: app.balancer.url } };
    const founders = [];
    for (let i = 0; i < CONNECTIONS; i++) founders.push(await founderWithData(on));
    const apps = founders.map((f) => appTargets(app!.balancer.url, f));
    // One after the other: the first creates the floor's table.
    for (let i = 0; i < 2; i++)
      floors.push(
        await spawnReady(path.join(ROOT, "scripts/bench/bare-pg-server.ts"), {
          DATABASE_URL: pg.bouncer.url(db),
          DATABASE_POOL_SIZE: String(POOL_SIZE),
        }),
      );
    floor = await balance(floors.map((f) => f.info.url));
    const bareWrite = (i: number): Request => ({
      ...apps[i]!.put_person,
      url: `${floor!.url}/bare-write/${i + 1}`,
      headers: { "content-type": "application/json" },
    });
    const targets: Record<PgTarget, Request[]> = {
      pg_bare_read: [{ url: `${floor.url}/bare-read`, method: "GET" }],
      pg_all_data: [apps[0]!.all_data],
      pg_bare_write: apps.map((_, i) => bareWrite(i)),
      pg_put_person: apps.map((a) => a.put_person),
    };
    const names = Object.keys(targets) as PgTarget[];
    // Each connection its own founder (or floor row): one-connection loads at once, reported as one.
    const loadOf = async (target: PgTarget, durationS: number) => {
      const reqs = targets[target];
      if (reqs.length === 1) return load(target, reqs[0]!, CONNECTIONS, durationS);
      return together(await Promise.all(reqs.map((req) => load(target, req, 1, durationS))));
    };
    for (const req of Object.values(targets).flat()) await expectOk(req);
    for (const target of names) await loadOf(target, 1);

    const rounds = Math.max(1, opts.rounds);
    const roundS = Math.max(1, Math.round(opts.durationS / rounds));
    const perRound: Array<Record<PgTarget, LoadResult<PgTarget>>> = [];
    const cpu = new Map<PgTarget, { server: number; postgres: number; requests: number }>();
    const pidsOf = (target: PgTarget) =>
      target.startsWith("pg_bare") ? floors.map((f) => f.process.pid!) : app!.deployment.apps.map((a) => a.pid);
    for (let i = 0; i < rounds; i++) {
      const row = {} as Record<PgTarget, LoadResult<PgTarget>>;
      for (const target of names) {
        const before = cpuSnapshot(pidsOf(target), pg.server.pid);
        row[target] = await loadOf(target, roundS);
        const after = cpuSnapshot(pidsOf(target), pg.server.pid);
        const sum = cpu.get(target) ?? { server: 0, postgres: 0, requests: 0 };
        const apps = (s: typeof after) => s.apps.reduce((a, b) => a + b, 0);
        cpu.set(target, {
          server: sum.server + apps(after) - apps(before),
          postgres: sum.postgres + after.postgres - before.postgres,
          requests: sum.requests + row[target].requests,
        });
      }
      perRound.push(row);
    }
    const perRequest = (s: number, n: number) => round((s / Math.max(1, n)) * 1000, 3);
    const runs = names.map((target) => combine(perRound.map((r) => r[target])));
    for (const r of runs)
      opts.log(`  ${r.target}: ${r.reqPerSec} req/s, p99 ${r.p99Ms} ms, non-2xx ${r.non2xx}, errors ${r.errors}`);
    return {
      durationS: opts.durationS,
      connections: CONNECTIONS,
      poolSize: POOL_SIZE,
      runs,
      cpuPerRequestMs: [...cpu].map(([target, c]) => ({
        target,
        server: perRequest(c.server, c.requests),
        postgres: perRequest(c.postgres, c.requests),
      })),
      floorRatios: (Object.entries(FLOORS) as Array<[keyof typeof FLOORS, PgTarget]>).map(([target, of]) => ({
        target,
        ...ratioOfRounds(perRound, target, of),
      })),
    };
  } finally {
    await floor?.close();
    for (const f of floors) await f.stop();
    await app?.close();
    await pg.stop();
  }
}

/** Loads at once, reported as one: requests and req/s summed, latencies the worst of them (p99: an upper bound of the whole's). */
function together<T extends string>(each: LoadResult<T>[]): LoadResult<T> {
  const sum = (k: "requests" | "reqPerSec" | "errors" | "timeouts" | "non2xx" | "connections") =>
    each.reduce((s, r) => s + r[k], 0);
  const worst = (k: "p50Ms" | "p99Ms" | "maxMs") => Math.max(...each.map((r) => r[k]));
  const { target, durationS } = each[0]!;
  return {
    target,
    durationS,
    connections: sum("connections"),
    requests: sum("requests"),
    reqPerSec: sum("reqPerSec"),
    p50Ms: worst("p50Ms"),
    p99Ms: worst("p99Ms"),
    maxMs: worst("maxMs"),
    errors: sum("errors"),
    timeouts: sum("timeouts"),
    non2xx: sum("non2xx"),
  };
}

const LABELS: Record<PgTarget, string> = {
  pg_bare_read: "floor: bare Fastify GET + 1 SELECT",
  pg_all_data: "GET /api/accounts/{id}/all_data",
  pg_bare_write: "floor: bare Fastify PUT + 1 UPDATE, own rows",
  pg_put_person: "PUT /api/persons/{id}, own founders",
};

export function postgresTable(r: PostgresResult): string {
  return renderTable(
    `PostgreSQL through PgBouncer, two production instances (pool ${r.poolSize} each) and two floor processes, each pair behind round robin; ${r.connections} connections, ${r.durationS} s per row; PUT: each connection its own founder (p99: the worst connection's)`,
    ["target", "req/s", "p50", "p99", "max", "errors", "non-2xx", "app/floor", "CPU ms/request: server + postgres"],
    r.runs.map((x) => {
      const cpu = r.cpuPerRequestMs.find((c) => c.target === x.target);
      return [
        LABELS[x.target],
        ...loadCells(x),
        r.floorRatios.find((f) => f.target === x.target)?.ratio.toFixed(2) ?? "",
        cpu ? `${cpu.server} + ${cpu.postgres}` : "",
      ];
    }),
  );
}
