// Section "api": autocannon (in this process) against the app in a child process, on loopback, with
// a real emulator-issued token: GET all_data and PUT person, each beside its floor, a bare Fastify
// route of its own shape in another process: all_data's very bytes (headers and body) to the same
// request, and a write (the body parsed, one prepared SQLite UPDATE).
import path from "node:path";
import autocannon from "autocannon";
import { ROOT, spawnReady, startRemoteStack, type Child } from "./remote-stack";
import { founderAt, type AppOnStack } from "../../tests/support/founders";
import { apiCall } from "../../tests/support/api";
import { median, percentile, round } from "./stats";
import { cpuSnapshot } from "./process-cpu";
import { renderTable } from "./table";

type Target = "bare_all_data" | "bare_write" | "all_data" | "put_person";
/** Each app route and its floor. */
const FLOORS = { all_data: "bare_all_data", put_person: "bare_write" } as const;

export interface LoadResult<T extends string = Target> {
  target: T;
  connections: number;
  durationS: number;
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

export interface ApiResult {
  durationS: number;
  connections: number[];
  runs: LoadResult[];
  /** App route req/s ÷ its floor's, per connection count: the median of the rounds' ratios. */
  floorRatios: Array<{ target: keyof typeof FLOORS; connections: number; ratio: number; rounds: number[] }>;
  /** CPU µs per request of the answering process, over all rounds (load moves it far less than req/s). */
  cpuPerRequestUs: Array<{ target: Target; connections: number; us: number }>;
}

/** One request to load-test. */
export interface Request {
  url: string;
  method: "GET" | "PUT" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Requests a second over all connections: a trickle, not a load. */
  overallRate?: number;
  /** Called before each request is sent: a rotating body, token or path. */
  setupRequest?: (req: { path?: string; headers?: Record<string, string>; body?: string }) => unknown;
}

export async function load<T extends string>(
  target: T,
  req: Request,
  connections: number,
  durationS: number,
): Promise<LoadResult<T>> {
  const { setupRequest, ...fixed } = req;
  const run = autocannon({
    ...fixed,
    connections,
    duration: durationS,
    timeout: 10,
    ...(setupRequest ? { requests: [{ setupRequest }] } : {}),
  });
  // Each response's own time (autocannon's histogram keeps whole milliseconds only).
  const times: number[] = [];
  run.on("response", (_client, _status, _bytes, ms) => times.push(ms));
  const r = await run;
  const max = times.reduce((m, t) => Math.max(m, t), 0);
  return {
    target,
    connections,
    durationS,
    requests: r.requests.total,
    reqPerSec: round(r.requests.average, 0),
    p50Ms: round(percentile(times, 50), 2),
    p99Ms: round(percentile(times, 99), 2),
    maxMs: round(max, 1),
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
  };
}

/** Headers a route sets (the floor sends the same); those Node's http server writes itself stay out. */
const SET_BY_NODE = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);
function answerHeaders(headers: Headers): Record<string, string> {
  return Object.fromEntries([...headers].filter(([name]) => !SET_BY_NODE.has(name)));
}

/** One plain request first: a load test against a route that answers 401 would measure nothing. */
export async function expectOk(req: Request): Promise<void> {
  const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${req.method} ${req.url} answered ${res.status} before the load test`);
}

/** A signed-in founder with every step but the identity check done through the API, and their person as GET returns it (a valid PUT body). */
export async function founderWithData(stack: AppOnStack) {
  const f = await founderAt("entry", { on: stack });
  return {
    ...f,
    person: await apiCall<Record<string, unknown>>(stack.app.url, f.token, "GET", `/api/persons/${f.personId}`),
  };
}
export type FounderWithData = Awaited<ReturnType<typeof founderWithData>>;

export function appTargets(appUrl: string, data: FounderWithData): { all_data: Request; put_person: Request } {
  const auth = { authorization: `Bearer ${data.token}` };
  let saves = 0;
  return {
    all_data: { url: `${appUrl}/api/accounts/${data.accountId}/all_data`, method: "GET", headers: auth },
    put_person: {
      url: `${appUrl}/api/persons/${data.personId}`,
      method: "PUT",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify(data.person),
      // A form save that changes one field: the city alternates.
      setupRequest: (r) => ({ ...r, body: JSON.stringify({ ...data.person, city: saves++ % 2 ? "Dover" : "Lewes" }) }),
    },
  };
}

/** One row from a target's rounds: totals summed, p50 the median, p99 and max the worst round's. */
export function combine<T extends string>(rounds: LoadResult<T>[]): LoadResult<T> {
  const first = rounds[0]!;
  const durationS = rounds.reduce((sum, r) => sum + r.durationS, 0);
  const requests = rounds.reduce((sum, r) => sum + r.requests, 0);
  const sum = (key: "errors" | "timeouts" | "non2xx") => rounds.reduce((total, r) => total + r[key], 0);
  return {
    target: first.target,
    connections: first.connections,
    durationS,
    requests,
    reqPerSec: round(requests / durationS, 0),
    p50Ms: median(rounds.map((r) => r.p50Ms)),
    p99Ms: Math.max(...rounds.map((r) => r.p99Ms)),
    maxMs: Math.max(...rounds.map((r) => r.maxMs)),
    errors: sum("errors"),
    timeouts: sum("timeouts"),
    non2xx: sum("non2xx"),
  };
}

/** Per target: CPU µs per request of the processes that answered it (and of Postgres's, when given). */
export type CpuPerRequest<T> = Array<{ target: T; server: number; postgres: number }>;

/**
 * Targets take turns in rounds of `roundS`, so machine noise hits neighbours alike: each round's
 * figures, each target's rounds combined, and its CPU per request (`pids` answer it).
 */
export async function inTurns<T extends string>(
  names: T[],
  rounds: number,
  run: (target: T) => Promise<LoadResult<T>>,
  pids: (target: T) => number[],
  postgresPid?: number,
) {
  const perRound: Array<Record<T, LoadResult<T>>> = [];
  const cpu = new Map(names.map((t) => [t, { server: 0, postgres: 0 }]));
  const apps = (s: { apps: number[] }) => s.apps.reduce((a, b) => a + b, 0);
  for (let i = 0; i < Math.max(1, rounds); i++) {
    const row = {} as Record<T, LoadResult<T>>;
    for (const target of names) {
      const before = cpuSnapshot(pids(target), postgresPid);
      row[target] = await run(target);
      const after = cpuSnapshot(pids(target), postgresPid);
      const used = cpu.get(target)!;
      used.server += apps(after) - apps(before);
      used.postgres += after.postgres - before.postgres;
    }
    perRound.push(row);
  }
  const runs = names.map((target) => combine(perRound.map((r) => r[target])));
  const cpuPerRequest: CpuPerRequest<T> = runs.map((r) => ({
    target: r.target,
    server: round((cpu.get(r.target)!.server / Math.max(1, r.requests)) * 1e6, 0),
    postgres: round((cpu.get(r.target)!.postgres / Math.max(1, r.requests)) * 1e6, 0),
  }));
  return { perRound, runs, cpuPerRequest };
}

/** a's req/s ÷ b's in each round, and their median. */
export function ratioOfRounds<T extends string>(rounds: Array<Record<T, LoadResult<string>>>, a: T, b: T) {
  const each = rounds.map((r) => (r[b].reqPerSec > 0 ? r[a].reqPerSec / r[b].reqPerSec : Number.NaN));
  return { ratio: round(median(each), 3), rounds: each.map((v) => round(v, 3)) };
}

export async function benchApi(opts: {
  durationS: number;
  /** Rounds each row's duration is split into (targets take turns round by round). */
  rounds: number;
  connections: number[];
  log: (line: string) => void;
}): Promise<ApiResult> {
  const stack = await startRemoteStack();
  let bare: Child<{ url: string }> | undefined;
  try {
    const app = appTargets(stack.app.url, await founderWithData(stack));
    const allData = await fetch(app.all_data.url, { headers: app.all_data.headers });
    bare = await spawnReady(path.join(ROOT, "scripts/bench/floors.ts"), {
      BENCH_ALL_DATA_BODY: await allData.text(),
      BENCH_ALL_DATA_HEADERS: JSON.stringify(answerHeaders(allData.headers)),
    });
    const targets: Record<Target, Request> = {
      // The same request as all_data's (its bearer token included), answered with the same headers and body.
      bare_all_data: { url: `${bare.info.url}/bare-all-data`, method: "GET", headers: app.all_data.headers },
      // The same body as the app's PUT, so both parse and store the same bytes.
      bare_write: {
        ...app.put_person,
        url: `${bare.info.url}/bare-write/1`,
        headers: { "content-type": "application/json" },
      },
      ...app,
    };
    const names = Object.keys(targets) as Target[];
    for (const req of Object.values(targets)) await expectOk(req);
    // A short unmeasured round so JIT and SQLite caches are warm for every target alike.
    for (const target of names) await load(target, targets[target], 10, 1);

    const roundS = Math.max(1, Math.round(opts.durationS / opts.rounds));
    const result: ApiResult = {
      durationS: opts.durationS,
      connections: opts.connections,
      runs: [],
      floorRatios: [],
      cpuPerRequestUs: [],
    };
    const pids = (target: Target) => [target.startsWith("bare") ? bare!.process.pid! : stack.pid];
    for (const connections of opts.connections) {
      const run = (target: Target) => load(target, targets[target], connections, roundS);
      const turns = await inTurns(names, opts.rounds, run, pids);
      result.runs.push(...turns.runs);
      for (const c of turns.cpuPerRequest) result.cpuPerRequestUs.push({ target: c.target, connections, us: c.server });
      for (const [target, floor] of Object.entries(FLOORS) as Array<[keyof typeof FLOORS, Target]>)
        result.floorRatios.push({ target, connections, ...ratioOfRounds(turns.perRound, target, floor) });
    }
    for (const r of result.runs)
      opts.log(`  ${r.target} @${r.connections}: ${r.reqPerSec} req/s, p99 ${r.p99Ms} ms, non-2xx ${r.non2xx}`);
    return result;
  } finally {
    await bare?.stop();
    await stack.close();
  }
}

/** A load's figures as table cells: req/s, p50, p99, max, errors (timeouts included), non-2xx. */
export function loadCells(x: LoadResult<string>): Array<string | number> {
  return [x.reqPerSec, `${x.p50Ms} ms`, `${x.p99Ms} ms`, `${x.maxMs} ms`, x.errors + x.timeouts, x.non2xx];
}

const LABELS: Record<Target, string> = {
  bare_all_data: "floor: bare Fastify GET, all_data's headers + body",
  bare_write: "floor: bare Fastify PUT + 1 SQLite UPDATE",
  all_data: "GET /api/accounts/{id}/all_data",
  put_person: "PUT /api/persons/{id}",
};

export function apiTable(r: ApiResult): string {
  return renderTable(
    `API: autocannon ${r.durationS} s per row, loopback (app and floors each in their own process)`,
    ["target", "conns", "req/s", "p50", "p99", "max", "errors", "non-2xx", "app/floor", "CPU µs/request"],
    r.runs.map((x) => [
      LABELS[x.target],
      x.connections,
      ...loadCells(x),
      r.floorRatios.find((q) => q.target === x.target && q.connections === x.connections)?.ratio.toFixed(2) ?? "",
      r.cpuPerRequestUs.find((c) => c.target === x.target && c.connections === x.connections)?.us ?? "",
    ]),
  );
}
