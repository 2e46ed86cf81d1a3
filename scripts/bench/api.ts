// Section "api": autocannon (in this process) against the app in a child process, on loopback, with
// a real emulator-issued token: GET all_data and PUT person, each beside its floor, a bare Fastify
// route of its own shape in another process: all_data's very bytes (headers and body) to the same
// request, and a write (the body parsed, one prepared SQLite UPDATE).
import path from "node:path";
import autocannon from "autocannon";
import { ROOT, spawnReady, startRemoteStack, type Child } from "./remote-stack";
import { founderWithData, type FounderWithData } from "./founder-data";
import { median, percentile, round } from "./stats";
import { cpuSecondsOf } from "./process-cpu";

export type Target = "bare_all_data" | "bare_write" | "all_data" | "put_person";
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
  return {
    target,
    connections,
    durationS,
    requests: r.requests.total,
    reqPerSec: round(r.requests.average, 0),
    p50Ms: round(percentile(times, 50), 2),
    p99Ms: round(percentile(times, 99), 2),
    maxMs: round(
      times.reduce((m, t) => Math.max(m, t), 0),
      1,
    ),
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

/** Sends `bodies` in turn, so every request writes a change. */
export const rotating = (bodies: string[]): Request["setupRequest"] => {
  let sent = 0;
  return (r) => ({ ...r, body: bodies[sent++ % bodies.length] });
};

export function appTargets(appUrl: string, data: FounderWithData): { all_data: Request; put_person: Request } {
  const auth = { authorization: `Bearer ${data.accessToken}` };
  return {
    all_data: { url: `${appUrl}/api/accounts/${data.accountId}/all_data`, method: "GET", headers: auth },
    put_person: {
      url: `${appUrl}/api/persons/${data.personId}`,
      method: "PUT",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify(data.person),
      // A form save that changes one field: the city alternates.
      setupRequest: rotating(["Dover", "Lewes"].map((city) => JSON.stringify({ ...data.person, city }))),
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
  let bare: Child<{ allDataUrl: string; writeUrl: string }> | undefined;
  try {
    const app = appTargets(stack.app.url, await founderWithData(stack));
    const allData = await fetch(app.all_data.url, { headers: app.all_data.headers });
    bare = await spawnReady(path.join(ROOT, "scripts/bench/bare-server.ts"), {
      BENCH_ALL_DATA_BODY: await allData.text(),
      BENCH_ALL_DATA_HEADERS: JSON.stringify(answerHeaders(allData.headers)),
    });
    const targets: Record<Target, Request> = {
      // The same request as all_data's (its bearer token included), answered with the same headers and body.
      bare_all_data: { url: bare.info.allDataUrl, method: "GET", headers: app.all_data.headers },
      // The same body as the app's PUT, so both parse and store the same bytes.
      bare_write: { ...app.put_person, url: bare.info.writeUrl, headers: { "content-type": "application/json" } },
      ...app,
    };
    const names = Object.keys(targets) as Target[];
    for (const req of Object.values(targets)) await expectOk(req);
    // A short unmeasured round so JIT and SQLite caches are warm for every target alike.
    for (const target of names) await load(target, targets[target], 10, 1);

    // Targets take turns in short rounds, so machine noise hits neighbours alike; ratios are medians of rounds.
    const rounds = Math.max(1, opts.rounds);
    const roundS = Math.max(1, Math.round(opts.durationS / rounds));
    const result: ApiResult = {
      durationS: opts.durationS,
      connections: opts.connections,
      runs: [],
      floorRatios: [],
      cpuPerRequestUs: [],
    };
    const pidOf = (target: Target) => (target.startsWith("bare") ? bare!.process.pid! : stack.pid);
    for (const connections of opts.connections) {
      const perRound: Array<Record<Target, LoadResult>> = [];
      const cpuS = new Map<Target, number>();
      for (let i = 0; i < rounds; i++) {
        const round = {} as Record<Target, LoadResult>;
        for (const target of names) {
          const measured = await cpuSecondsOf(pidOf(target), () => load(target, targets[target], connections, roundS));
          round[target] = measured.value;
          cpuS.set(target, (cpuS.get(target) ?? 0) + measured.cpuS);
        }
        perRound.push(round);
      }
      for (const target of names) {
        const r = combine(perRound.map((round) => round[target]));
        result.runs.push(r);
        const us = round((cpuS.get(target)! / Math.max(1, r.requests)) * 1e6, 0);
        result.cpuPerRequestUs.push({ target, connections, us });
        opts.log(
          `  ${target} @${connections}: ${r.reqPerSec} req/s, p99 ${r.p99Ms} ms, CPU ${us} µs/request, non-2xx ${r.non2xx}`,
        );
      }
      for (const [target, floor] of Object.entries(FLOORS) as Array<[keyof typeof FLOORS, Target]>)
        result.floorRatios.push({ target, connections, ...ratioOfRounds(perRound, target, floor) });
    }
    return result;
  } finally {
    await bare?.stop();
    await stack.close();
  }
}
