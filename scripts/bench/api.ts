// Section 2, API: autocannon (in this process) against the app in a child process, on loopback,
// with a real emulator-issued token: GET /api/accounts/{id}/all_data and PUT /api/persons/{id},
// beside the same load on bare Fastify routes (their own process): a constant, all_data's very bytes
// (all_data's floor) and a one-UPDATE write (PUT's floor).
import path from "node:path";
import autocannon from "autocannon";
import { ROOT, spawnReady, startRemoteStack, type Child } from "./remote-stack";
import { founderWithData, type FounderWithData } from "./founder-data";
import { BUDGETS } from "./budget-limits";
import { median, round } from "./stats";
import fs from "node:fs";
import os from "node:os";
import { cpuSecondsOf } from "./process-cpu";
import { mainThreadProfile, monotonicUs, summarizeProfile, type ProfileSummary, type Window } from "./cpu-profile";

export type Target = "bare" | "bare_all_data" | "bare_write" | "all_data" | "put_person";
/** The app's own routes (the others are the bare references). */
export type AppTarget = Exclude<Target, "bare" | "bare_all_data" | "bare_write">;

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
  /** req/s ÷ bare req/s for each app target (and the bare write route) and connection count: the median of the rounds' ratios. */
  ratios: Array<{ target: Exclude<Target, "bare">; connections: number; ratio: number; rounds: number[] }>;
  /** PUT person req/s ÷ the bare write route's (the floor any per-request commit stands on), median of the rounds. */
  writeFloorRatios: Array<{ connections: number; ratio: number; rounds: number[] }>;
  /** all_data req/s ÷ the bare route sending all_data's very bytes, median of the rounds. */
  allDataFloorRatios: Array<{ connections: number; ratio: number; rounds: number[] }>;
  /** CPU µs per request of the answering process, over all rounds (load moves it far less than req/s). */
  cpuPerRequestUs: Array<{ target: Target; connections: number; us: number }>;
  /** CPU profiles of the app process under the same load (run separately, so they do not slow the figures). */
  profiles?: Array<{ target: AppTarget; connections: number; summary: ProfileSummary }>;
}

/** Connections for the profiling pass (the budgets' operating point). */
const PROFILE_CONNECTIONS = 10;

/** One request to load-test. */
export interface Request {
  url: string;
  method: "GET" | "PUT";
  headers?: Record<string, string>;
  body?: string;
  /** Bodies sent in turn instead of `body`, so every request really changes something. */
  bodies?: string[];
}

export async function load<T extends string>(
  target: T,
  req: Request,
  connections: number,
  durationS: number,
): Promise<LoadResult<T>> {
  const { bodies, ...fixed } = req;
  let sent = 0;
  const requests = bodies
    ? [{ setupRequest: (r: object) => ({ ...r, body: bodies[sent++ % bodies.length] }) }]
    : undefined;
  const r = await autocannon({
    ...fixed,
    connections,
    duration: durationS,
    timeout: 10,
    ...(requests ? { requests } : {}),
  });
  return {
    target,
    connections,
    durationS,
    requests: r.requests.total,
    reqPerSec: round(r.requests.average, 0),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
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

export function appTargets(stack: { app: { url: string } }, data: FounderWithData): Record<AppTarget, Request> {
  const auth = { authorization: `Bearer ${data.accessToken}` };
  return {
    all_data: { url: `${stack.app.url}/api/accounts/${data.accountId}/all_data`, method: "GET", headers: auth },
    put_person: {
      url: `${stack.app.url}/api/persons/${data.personId}`,
      method: "PUT",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify(data.person),
      // A form save that changes one field: the city alternates, so each request writes a change.
      bodies: ["Dover", "Lewes"].map((city) => JSON.stringify({ ...data.person, city })),
    },
  };
}

/** The app under one target's load in a fresh child run with --cpu-prof; returns where its CPU went. */
async function profileTarget(target: AppTarget, durationS: number): Promise<ProfileSummary> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-bench-prof-"));
  try {
    const stack = await startRemoteStack({ nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`] });
    let window: Window;
    try {
      const req = appTargets(stack, await founderWithData(stack))[target];
      await expectOk(req);
      // Only the load window counts: start-up, seeding and sign-in are not the route's cost.
      const fromUs = monotonicUs();
      await load(target, req, PROFILE_CONNECTIONS, durationS);
      window = { fromUs, toUs: monotonicUs() };
    } finally {
      await stack.close();
    }
    const file = mainThreadProfile(dir);
    if (!file) throw new Error("the profiled app wrote no .cpuprofile");
    return { ...summarizeProfile(file, ROOT, { window }), file: path.basename(file) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchApi(opts: {
  durationS: number;
  /** Rounds each row's duration is split into (targets take turns round by round). */
  rounds: number;
  connections: number[];
  profile: boolean | "auto";
  log: (line: string) => void;
}): Promise<ApiResult> {
  const result = await measure(opts);
  const slow =
    result.allDataFloorRatios.some(
      (x) => x.connections === PROFILE_CONNECTIONS && x.ratio < BUDGETS.allDataFloorRatio,
    ) ||
    result.writeFloorRatios.some((x) => x.connections === PROFILE_CONNECTIONS && x.ratio < BUDGETS.putWriteFloorRatio);
  if (opts.profile === true || (opts.profile === "auto" && slow)) {
    opts.log(`  profiling the app under load (${PROFILE_CONNECTIONS} connections)…`);
    result.profiles = [];
    for (const target of ["all_data", "put_person"] as const) {
      result.profiles.push({
        target,
        connections: PROFILE_CONNECTIONS,
        summary: await profileTarget(target, opts.durationS),
      });
    }
  }
  return result;
}

const round3 = (v: number) => round(v, 3);

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

async function measure(opts: {
  durationS: number;
  rounds: number;
  connections: number[];
  log: (line: string) => void;
}): Promise<ApiResult> {
  const stack = await startRemoteStack();
  let bare: Child<{ url: string; allDataUrl: string; writeUrl: string }> | undefined;
  try {
    const app = appTargets(stack, await founderWithData(stack));
    const allData = await fetch(app.all_data.url, { headers: app.all_data.headers });
    bare = await spawnReady(path.join(ROOT, "scripts/bench/bare-server.ts"), {
      BENCH_ALL_DATA_BODY: await allData.text(),
      BENCH_ALL_DATA_HEADERS: JSON.stringify(answerHeaders(allData.headers)),
    });
    const targets: Record<Target, Request> = {
      bare: { url: bare.info.url, method: "GET" },
      // The same request as all_data's (its bearer token included), answered with the same headers and body.
      bare_all_data: { url: bare.info.allDataUrl, method: "GET", headers: app.all_data.headers },
      // The same body as the app's PUT, so both parse and store the same bytes.
      bare_write: {
        url: bare.info.writeUrl,
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: app.put_person.body,
      },
      ...app,
    };
    for (const req of Object.values(targets)) await expectOk(req);
    // A short unmeasured round so JIT and SQLite caches are warm for every target alike.
    for (const [target, req] of Object.entries(targets) as Array<[Target, Request]>) await load(target, req, 10, 1);

    // Targets take turns in short rounds, so machine noise hits neighbours alike; ratios are medians of rounds.
    const rounds = Math.max(1, opts.rounds);
    const roundS = Math.max(1, Math.round(opts.durationS / rounds));
    const runs: LoadResult[] = [];
    const ratios: ApiResult["ratios"] = [];
    const writeFloorRatios: ApiResult["writeFloorRatios"] = [];
    const allDataFloorRatios: ApiResult["allDataFloorRatios"] = [];
    const barePid = bare.process.pid!;
    const cpuPerRequestUs: ApiResult["cpuPerRequestUs"] = [];
    const serverPid = (target: Target) => (target.startsWith("bare") ? barePid : stack.pid);
    for (const connections of opts.connections) {
      const perRound: Array<Record<Target, LoadResult>> = [];
      const cpuS = new Map<Target, number>();
      for (let i = 0; i < rounds; i++) {
        const round = {} as Record<Target, LoadResult>;
        for (const [target, req] of Object.entries(targets) as Array<[Target, Request]>) {
          const { value, cpuS: used } = await cpuSecondsOf(serverPid(target), () =>
            load(target, req, connections, roundS),
          );
          round[target] = value;
          cpuS.set(target, (cpuS.get(target) ?? 0) + used);
        }
        perRound.push(round);
      }
      for (const target of Object.keys(targets) as Target[]) {
        const r = combine(perRound.map((round) => round[target]));
        runs.push(r);
        const us = round((cpuS.get(target)! / Math.max(1, r.requests)) * 1e6, 0);
        cpuPerRequestUs.push({ target, connections, us });
        opts.log(
          `  ${target} @${connections}: ${r.reqPerSec} req/s, p99 ${r.p99Ms} ms, CPU ${us} µs/request, non-2xx ${r.non2xx}, errors ${r.errors}`,
        );
        if (target === "bare") continue;
        const each = perRound.map((round) =>
          round.bare.reqPerSec > 0 ? round[target].reqPerSec / round.bare.reqPerSec : Number.NaN,
        );
        ratios.push({ target, connections, ratio: round3(median(each)), rounds: each.map(round3) });
      }
      const over = (target: AppTarget, floor: Target) => {
        const each = perRound.map((round) =>
          round[floor].reqPerSec > 0 ? round[target].reqPerSec / round[floor].reqPerSec : Number.NaN,
        );
        return { connections, ratio: round3(median(each)), rounds: each.map(round3) };
      };
      writeFloorRatios.push(over("put_person", "bare_write"));
      allDataFloorRatios.push(over("all_data", "bare_all_data"));
    }
    return {
      durationS: opts.durationS,
      connections: opts.connections,
      runs,
      ratios,
      writeFloorRatios,
      allDataFloorRatios,
      cpuPerRequestUs,
    };
  } finally {
    await bare?.stop();
    await stack.close();
  }
}
