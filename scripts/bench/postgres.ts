// Section "postgres", the production shape: Debian's PostgreSQL 15 with its default durability,
// PgBouncer in transaction mode, the deployment of tests/support/deployment.ts (`npm run db:migrate`,
// two instances by the real start command) behind a round-robin balancer; beside it the floor, two
// floors.ts processes (one query each, on a pool opened as the app opens its own) behind a
// balancer of their own. all_data: 10 connections, one founder; PUT person: 10 founders, each
// connection its own, so each founder's saves alternate between the instances.
import path from "node:path";
import { startDeployment, type Deployment, type DeploymentOptions } from "../../tests/support/deployment";
import { startPgBouncer, startPostgres, type PgBouncer, type PostgresServer } from "../../tests/support/postgres";
import {
  appTargets,
  founderWithData,
  expectOk,
  inTurns,
  load,
  loadCells,
  ratioOfRounds,
  type CpuPerRequest,
  type LoadResult,
  type Request,
} from "./api";
import { ROOT, spawnReady, type Child } from "./remote-stack";

import { renderTable } from "./table";

type PgTarget = "pg_bare_read" | "pg_all_data" | "pg_bare_write" | "pg_put_person";
const FLOORS = { pg_all_data: "pg_bare_read", pg_put_person: "pg_bare_write" } as const;

export interface PostgresResult {
  durationS: number;
  connections: number;
  poolSize: number;
  runs: LoadResult<PgTarget>[];
  /** CPU µs per request of the answering processes (both) and of Postgres's backends, over all rounds. */
  cpuPerRequestUs: CpuPerRequest<PgTarget>;
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

/** Round robin over `urls` in a process of its own (serve-balancer.ts), once every one is ready. */
const balance = (urls: string[]) =>
  spawnReady<{ url: string }>(path.join(ROOT, "scripts/bench/serve-balancer.ts"), {
    BENCH_BACKENDS: JSON.stringify(urls),
  });

/** A deployment on database `db` through the pooler (migrated directly), behind a balancer. */
export async function deployOn(
  pg: { server: PostgresServer; bouncer: PgBouncer },
  db: string,
  opts: Omit<DeploymentOptions, "databaseUrl" | "migrateUrl">,
): Promise<{ deployment: Deployment; url: string; close(): Promise<void> }> {
  const deployment = await startDeployment({ ...opts, databaseUrl: pg.bouncer.url(db), migrateUrl: pg.server.url(db) });
  const balancer = await balance(deployment.apps.map((a) => a.url)).catch(async (err: unknown) => {
    await deployment.close();
    throw err;
  });
  return {
    deployment,
    url: balancer.info.url,
    close: async () => void (await balancer.stop(), await deployment.close()),
  };
}

export async function benchPostgres(opts: {
  durationS: number;
  rounds: number;
  log: (line: string) => void;
}): Promise<PostgresResult> {
  const pg = await startPgServer();
  const floors: Array<Child<{ url: string }>> = [];
  let app: Awaited<ReturnType<typeof deployOn>> | undefined;
  let floor: Child<{ url: string }> | undefined;
  try {
    const db = await pg.server.createDatabase();
    opts.log("  deploying: npm run db:migrate, the auth project, two production app instances…");
    app = await deployOn(pg, db, {
      hosts: ["127.0.0.1", "127.0.0.1"],
      env: { DATABASE_POOL_SIZE: String(POOL_SIZE), LOG_LEVEL: "warn", SKIP_WEB_BUILD: "1" },
    });
    const { auth } = app.deployment;
    const on = { config: { auth }, app: { url: app.url } };
    const founders = [];
    for (let i = 0; i < CONNECTIONS; i++) founders.push(await founderWithData(on));
    const apps = founders.map((f) => appTargets(app!.url, f));
    // One after the other: the first creates the floor's table.
    for (let i = 0; i < 2; i++)
      floors.push(
        await spawnReady(path.join(ROOT, "scripts/bench/floors.ts"), {
          DATABASE_URL: pg.bouncer.url(db),
          DATABASE_POOL_SIZE: String(POOL_SIZE),
        }),
      );
    floor = await balance(floors.map((f) => f.info.url));
    const bareWrite = (i: number): Request => ({
      ...apps[i]!.put_person,
      url: `${floor!.info.url}/bare-write/${i + 1}`,
      headers: { "content-type": "application/json" },
    });
    const targets: Record<PgTarget, Request[]> = {
      pg_bare_read: [{ url: `${floor.info.url}/bare-read`, method: "GET" }],
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

    const roundS = Math.max(1, Math.round(opts.durationS / opts.rounds));
    const pids = (target: PgTarget) =>
      target.startsWith("pg_bare") ? floors.map((f) => f.process.pid!) : app!.deployment.apps.map((a) => a.pid);
    const turns = await inTurns(names, opts.rounds, (target) => loadOf(target, roundS), pids, pg.server.pid);
    for (const r of turns.runs) opts.log(`  ${r.target}: ${r.reqPerSec} req/s, p99 ${r.p99Ms} ms, non-2xx ${r.non2xx}`);
    return {
      durationS: opts.durationS,
      connections: CONNECTIONS,
      poolSize: POOL_SIZE,
      runs: turns.runs,
      cpuPerRequestUs: turns.cpuPerRequest,
      floorRatios: (Object.entries(FLOORS) as Array<[keyof typeof FLOORS, PgTarget]>).map(([target, of]) => ({
        target,
        ...ratioOfRounds(turns.perRound, target, of),
      })),
    };
  } finally {
    await floor?.stop();
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
    ["target", "req/s", "p50", "p99", "max", "errors", "non-2xx", "app/floor", "CPU µs/request: server + postgres"],
    r.runs.map((x) => {
      const cpu = r.cpuPerRequestUs.find((c) => c.target === x.target);
      return [
        LABELS[x.target],
        ...loadCells(x),
        r.floorRatios.find((f) => f.target === x.target)?.ratio.toFixed(2) ?? "",
        cpu ? `${cpu.server} + ${cpu.postgres}` : "",
      ];
    }),
  );
}
