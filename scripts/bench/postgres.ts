// Section "postgres": the production-shaped deployment (tests/support/deployment.ts) beside its
// floor, bare Fastify routes doing one query each on the same kind of pool (bare-pg-server.ts):
// all_data and PUT person as ratios to their floors, with CPU per request of the app and Postgres,
// and the scale row (one instance vs two).
import os from "node:os";
import path from "node:path";
import { startDeployment, type Deployment } from "../../tests/support/deployment";
import { startPostgres, type PostgresServer } from "../../tests/support/postgres";
import { appTargets, combine, expectOk, load, type LoadResult, type Request } from "./api";
import { founderWithData } from "./founder-data";
import { ROOT, spawnReady, type Child } from "./remote-stack";
import { median, round } from "./stats";
import { loadCells } from "./report-api";
import { renderTable } from "./table";
import { cpuSnapshot } from "./process-cpu";

type PgTarget =
  "pg_bare_read" | "pg_bare_write" | "pg_bare_write_own" | "pg_all_data" | "pg_put_person" | "pg_put_person_own";

/** CPU used during a load, in cores (CPU seconds per wall second). */
interface CpuUse {
  apps: number[];
  postgres: number;
  /** This process: autocannon, plus the idle identity emulator. */
  loadGenerator: number;
  total: number;
}

interface ScaleRow {
  instances: 1 | 2;
  result: LoadResult<"all_data">;
  cpu: CpuUse;
}

export interface PostgresResult {
  durationS: number;
  connections: number;
  poolSize: number;
  /** How the measured server was set up (the test support's throwaway server). */
  server: string;
  runs: LoadResult<PgTarget>[];
  /** CPU ms per request of the answering process and of Postgres's backends, over all rounds. */
  cpuPerRequestMs: Array<{ target: PgTarget; server: number; postgres: number }>;
  /** App req/s ÷ its floor's req/s, median of the rounds. */
  floorRatios: Array<{
    target: "pg_all_data" | "pg_put_person" | "pg_put_person_own";
    ratio: number;
    rounds: number[];
  }>;
  scale: { one: ScaleRow; two: ScaleRow; ratio: number; rounds: number[]; cores: number };
}

const CONNECTIONS = 10;
const POOL_SIZE = 10;

async function withCpu<T>(
  appPids: number[],
  postgresPid: number | undefined,
  work: () => Promise<T>,
): Promise<{ value: T; cpu: CpuUse }> {
  const before = cpuSnapshot(appPids, postgresPid);
  const value = await work();
  const after = cpuSnapshot(appPids, postgresPid);
  const wall = (after.at - before.at) / 1000;
  const cores = (s: number) => round(s / wall, 2);
  const apps = after.apps.map((a, i) => cores(a - (before.apps[i] ?? 0)));
  const postgres = cores(after.postgres - before.postgres);
  const loadGenerator = cores(after.self - before.self);
  return {
    value,
    cpu: { apps, postgres, loadGenerator, total: round(apps.reduce((s, a) => s + a, 0) + postgres + loadGenerator, 2) },
  };
}

function averageCpu(samples: CpuUse[]): CpuUse {
  const avg = (values: number[]) => round(values.reduce((s, v) => s + v, 0) / Math.max(1, values.length), 2);
  return {
    apps: (samples[0]?.apps ?? []).map((_, i) => avg(samples.map((s) => s.apps[i] ?? 0))),
    postgres: avg(samples.map((s) => s.postgres)),
    loadGenerator: avg(samples.map((s) => s.loadGenerator)),
    total: avg(samples.map((s) => s.total)),
  };
}

/** Loads at once, reported as one: requests and req/s summed, latencies the worst of them (p99: an upper bound of the whole's). */
function together<T extends string>(a: LoadResult<T>, b: LoadResult<T>): LoadResult<T> {
  return {
    target: a.target,
    connections: a.connections + b.connections,
    durationS: a.durationS,
    requests: a.requests + b.requests,
    reqPerSec: a.reqPerSec + b.reqPerSec,
    p50Ms: Math.max(a.p50Ms, b.p50Ms),
    p99Ms: Math.max(a.p99Ms, b.p99Ms),
    maxMs: Math.max(a.maxMs, b.maxMs),
    errors: a.errors + b.errors,
    timeouts: a.timeouts + b.timeouts,
    non2xx: a.non2xx + b.non2xx,
  };
}

/**
 * The production load shape for writes: each connection its own founder (or floor row), one request
 * at a time, as founders edit their own records (the soak's shape). `connections` one-connection loads at once.
 */
async function ownRecords<T extends string>(target: T, requests: Request[], durationS: number): Promise<LoadResult<T>> {
  const each = await Promise.all(requests.map((req) => load(target, req, 1, durationS)));
  return each.slice(1).reduce((sum, r) => together(sum, r), each[0]!);
}

export async function benchPostgres(opts: {
  durationS: number;
  rounds: number;
  log: (line: string) => void;
}): Promise<PostgresResult> {
  let server: PostgresServer | undefined;
  let deployment: Deployment | undefined;
  let bare: Child<{ readUrl: string; writeUrl: string }> | undefined;
  try {
    // Durable as production is: every commit waits for its fsync, as SQLite does with synchronous=FULL.
    server = await startPostgres({ durable: true });
    const databaseUrl = server.url(await server.createDatabase());
    opts.log("  deploying: npm run db:migrate, the auth project, two production app instances…");
    deployment = await startDeployment({
      hosts: ["127.0.0.1", "127.0.0.1"],
      databaseUrl,
      env: { DATABASE_POOL_SIZE: String(POOL_SIZE), LOG_LEVEL: "warn", SKIP_WEB_BUILD: "1" },
    });
    const d = deployment;
    const [a, b] = d.apps;
    if (!a || !b) throw new Error("the deployment has fewer than two instances");
    const auth = { url: d.auth.url, anonKey: d.auth.anonKey, serviceRoleKey: d.auth.serviceRoleKey };
    const data = await founderWithData({ config: { auth }, app: { url: a.url } });
    const onA = appTargets({ app: a }, data);
    // The own-record rows: CONNECTIONS founders, each written by one connection (the first is `data`).
    const others = [];
    for (let i = 1; i < CONNECTIONS; i++) others.push(await founderWithData({ config: { auth }, app: { url: a.url } }));
    const ownPuts = [data, ...others].map((f) => appTargets({ app: a }, f).put_person);
    const onB = appTargets({ app: b }, data);
    bare = await spawnReady<{ readUrl: string; writeUrl: string }>(path.join(ROOT, "scripts/bench/bare-pg-server.ts"), {
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: String(POOL_SIZE),
    });
    const bareWrite = (url: string): Request => ({
      url,
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: onA.put_person.body,
    });
    const ownBareWrites = ownPuts.map((_, i) => bareWrite(`${bare!.info.writeUrl}/${i + 1}`));
    const targets: Record<PgTarget, Request[]> = {
      pg_bare_read: [{ url: bare.info.readUrl, method: "GET" }],
      // The contention rows: all connections write the same row / the same founder's person.
      pg_bare_write: [bareWrite(bare.info.writeUrl)],
      pg_bare_write_own: ownBareWrites,
      pg_all_data: [onA.all_data],
      pg_put_person: [onA.put_person],
      pg_put_person_own: ownPuts,
    };
    const loadOf = (target: PgTarget, durationS: number) => {
      const reqs = targets[target];
      return reqs.length > 1 ? ownRecords(target, reqs, durationS) : load(target, reqs[0]!, CONNECTIONS, durationS);
    };
    for (const req of [...Object.values(targets).flat(), onB.all_data]) await expectOk(req);
    for (const target of Object.keys(targets) as PgTarget[]) await loadOf(target, 1);
    await load("warm-up B", onB.all_data, CONNECTIONS, 1);

    const rounds = Math.max(1, opts.rounds);
    const roundS = Math.max(1, Math.round(opts.durationS / rounds));
    const perRound: Array<Record<PgTarget, LoadResult<PgTarget>>> = [];
    const cpuSeconds = new Map<PgTarget, { server: number; postgres: number; requests: number }>();
    const serverPid = (target: PgTarget) => (target.startsWith("pg_bare") ? bare!.process.pid : a.pid);
    for (let i = 0; i < rounds; i++) {
      const row = {} as Record<PgTarget, LoadResult<PgTarget>>;
      for (const target of Object.keys(targets) as PgTarget[]) {
        const before = cpuSnapshot([serverPid(target) ?? 0], server.pid);
        row[target] = await loadOf(target, roundS);
        const after = cpuSnapshot([serverPid(target) ?? 0], server.pid);
        const sum = cpuSeconds.get(target) ?? { server: 0, postgres: 0, requests: 0 };
        cpuSeconds.set(target, {
          server: sum.server + (after.apps[0]! - before.apps[0]!),
          postgres: sum.postgres + (after.postgres - before.postgres),
          requests: sum.requests + row[target].requests,
        });
      }
      perRound.push(row);
    }
    const cpuPerRequestMs = [...cpuSeconds].map(([target, c]) => ({
      target,
      server: round((c.server / Math.max(1, c.requests)) * 1000, 3),
      postgres: round((c.postgres / Math.max(1, c.requests)) * 1000, 3),
    }));
    const runs = (Object.keys(targets) as PgTarget[]).map((target) => combine(perRound.map((r) => r[target])));
    for (const r of runs)
      opts.log(
        `  ${r.target} @${CONNECTIONS}: ${r.reqPerSec} req/s, p99 ${r.p99Ms} ms, non-2xx ${r.non2xx}, errors ${r.errors}`,
      );
    const ratioOf = (app: PgTarget, floor: PgTarget) => {
      const each = perRound.map((r) => (r[floor].reqPerSec > 0 ? r[app].reqPerSec / r[floor].reqPerSec : Number.NaN));
      return { ratio: round(median(each), 3), rounds: each.map((v) => round(v, 3)) };
    };
    const floorRatios: PostgresResult["floorRatios"] = [
      { target: "pg_all_data", ...ratioOf("pg_all_data", "pg_bare_read") },
      { target: "pg_put_person", ...ratioOf("pg_put_person", "pg_bare_write") },
      { target: "pg_put_person_own", ...ratioOf("pg_put_person_own", "pg_bare_write_own") },
    ];

    // The scale row: the same 10 connections on one instance, then 5 + 5 on two, in turns.
    const pids = [a.pid, b.pid];
    const one: Array<{ value: LoadResult<"all_data">; cpu: CpuUse }> = [];
    const two: Array<{ value: LoadResult<"all_data">; cpu: CpuUse }> = [];
    for (let i = 0; i < rounds; i++) {
      one.push(await withCpu(pids, server.pid, () => load("all_data", onA.all_data, CONNECTIONS, roundS)));
      two.push(
        await withCpu(pids, server.pid, async () => {
          const [x, y] = await Promise.all([
            load("all_data", onA.all_data, CONNECTIONS / 2, roundS),
            load("all_data", onB.all_data, CONNECTIONS / 2, roundS),
          ]);
          return together(x, y);
        }),
      );
    }
    const scaleRounds = one.map((o, i) => round((two[i]?.value.reqPerSec ?? Number.NaN) / o.value.reqPerSec, 3));
    const scale: PostgresResult["scale"] = {
      one: { instances: 1, result: combine(one.map((o) => o.value)), cpu: averageCpu(one.map((o) => o.cpu)) },
      two: { instances: 2, result: combine(two.map((o) => o.value)), cpu: averageCpu(two.map((o) => o.cpu)) },
      ratio: round(median(scaleRounds), 3),
      rounds: scaleRounds,
      cores: os.cpus().length,
    };
    opts.log(
      `  scale: 1 instance ${scale.one.result.reqPerSec} req/s, 2 instances ${scale.two.result.reqPerSec} req/s (× ${scale.ratio})`,
    );
    return {
      durationS: opts.durationS,
      connections: CONNECTIONS,
      poolSize: POOL_SIZE,
      server: "Debian PostgreSQL 15, its default durability (fsync, synchronous_commit on), on this machine's disk",
      runs,
      cpuPerRequestMs,
      floorRatios,
      scale,
    };
  } finally {
    await bare?.stop();
    await deployment?.close();
    await server?.stop();
  }
}

const LABELS: Record<PgTarget, string> = {
  pg_bare_read: "bare Fastify GET + 1 SELECT (floor)",
  pg_bare_write: "bare Fastify PUT + 1 UPDATE, one row (floor)",
  pg_bare_write_own: "bare Fastify PUT + 1 UPDATE, own rows (floor)",
  pg_all_data: "GET /api/accounts/{id}/all_data",
  pg_put_person: "PUT /api/persons/{id}, one founder",
  pg_put_person_own: "PUT /api/persons/{id}, own founders",
};

const cpuText = (c: CpuUse) =>
  `apps ${c.apps.join(" + ")}, postgres ${c.postgres}, load generator ${c.loadGenerator} = ${c.total}`;

export function postgresTable(r: PostgresResult): string {
  const rows = renderTable(
    `PostgreSQL: production instance A, pool ${r.poolSize}, ${r.connections} connections, ${r.durationS} s per row (${r.server}); "one founder/row": every connection writes the same record (contention); "own": each connection its own founder/row (the production shape, judged by the budget; its p99 is the worst connection's)`,
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
  const scale = renderTable(
    `Scale: all_data, ${r.connections} connections on one instance vs split over two, one Postgres (${r.scale.cores} cores; CPU in cores used)`,
    ["instances", "req/s", "p50", "p99", "errors", "non-2xx", "CPU used"],
    [r.scale.one, r.scale.two].map((s) => [
      s.instances,
      s.result.reqPerSec,
      `${s.result.p50Ms} ms`,
      `${s.result.p99Ms} ms`,
      s.result.errors + s.result.timeouts,
      s.result.non2xx,
      cpuText(s.cpu),
    ]),
  );
  return `${rows}\n${scale}\ntwo instances / one: ${r.scale.ratio.toFixed(2)} (rounds ${r.scale.rounds.join(", ")})`;
}
