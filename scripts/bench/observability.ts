// Section "observability": what request ids and metrics cost per request on GET all_data. Two apps
// on one stack's database, each its own process: one with the plumbing (request-id header, the
// latency histogram, process metrics, the metrics listener scraped every 15 s), one
// without; they take turns round by round under the same load and the figure is the median of the
// rounds' req/s ratios (observed ÷ plain), beside each process's CPU per request. Budget: the
// plumbing costs at most 3 % (ratio ≥ 0.97; docs/operations.md).
import path from "node:path";
import { ROOT, spawnReady, startRemoteStack } from "./remote-stack";
import { founderWithData } from "./founder-data";
import { combine, expectOk, load, type LoadResult } from "./api";
import { cpuSecondsOf } from "./process-cpu";
import { median, round } from "./stats";
import { renderTable } from "./table";

export type Variant = "observed" | "plain";

const SCRAPE_INTERVAL_MS = 15_000;

export interface ObservabilityResult {
  connections: number;
  durationS: number;
  runs: Array<LoadResult<Variant>>;
  /** observed req/s ÷ plain req/s: the median of the rounds' ratios, and each round's. */
  ratio: number;
  rounds: number[];
  cpuPerRequestUs: Record<Variant, number>;
  /** Scrapes made of the observed app's metrics while it was loaded. */
  scrapes: number;
}

export async function benchObservability(opts: { durationS: number; rounds: number; connections: number; log: (line: string) => void }): Promise<ObservabilityResult> {
  const stack = await startRemoteStack();
  const apps: Array<Awaited<ReturnType<typeof spawnReady<{ url: string; metricsUrl: string | null }>>>> = [];
  try {
    const data = await founderWithData(stack);
    for (const variant of ["observed", "plain"] as const) {
      apps.push(await spawnReady(path.join(ROOT, "scripts/bench/serve-app.ts"), { BENCH_CONFIG: JSON.stringify(stack.config), BENCH_VARIANT: variant }));
    }
    const [observed, plain] = apps as [(typeof apps)[number], (typeof apps)[number]];
    const request = (url: string) => ({ url: `${url}/api/accounts/${data.accountId}/all_data`, method: "GET" as const, headers: { authorization: `Bearer ${data.accessToken}` } });
    const targets = { observed: { child: observed, req: request(observed.info.url) }, plain: { child: plain, req: request(plain.info.url) } };
    for (const { req } of Object.values(targets)) {
      await expectOk(req);
      await load("warm-up", req, opts.connections, 1);
    }
    // Scraped as a Prometheus with a 15 s scrape interval would (its default is 1 min), so the
    // scrape's own cost is inside the figure in the proportion it has in production.
    let scrapes = 0;
    const scraper = setInterval(() => {
      if (observed.info.metricsUrl) void fetch(observed.info.metricsUrl).then((r) => r.text()).then(() => scrapes++, () => undefined);
    }, SCRAPE_INTERVAL_MS);
    const rounds = Math.max(1, opts.rounds);
    const roundS = Math.max(1, Math.round(opts.durationS / rounds));
    const perRound: Array<Record<Variant, LoadResult<Variant>>> = [];
    const cpuS: Record<Variant, number> = { observed: 0, plain: 0 };
    try {
      for (let i = 0; i < rounds; i++) {
        // Alternate which goes first, so neither always meets the machine's state the other left.
        const order: Variant[] = i % 2 ? ["plain", "observed"] : ["observed", "plain"];
        const round = {} as Record<Variant, LoadResult<Variant>>;
        for (const variant of order) {
          const { child, req } = targets[variant];
          const { value, cpuS: used } = await cpuSecondsOf(child.process.pid!, () => load(variant, req, opts.connections, roundS));
          round[variant] = value;
          cpuS[variant] += used;
        }
        perRound.push(round);
      }
    } finally {
      clearInterval(scraper);
    }
    const runs = (["observed", "plain"] as const).map((variant) => combine(perRound.map((r) => r[variant])));
    const each = perRound.map((r) => (r.plain.reqPerSec > 0 ? r.observed.reqPerSec / r.plain.reqPerSec : Number.NaN));
    const cpuPerRequestUs = {
      observed: round((cpuS.observed / Math.max(1, runs[0]!.requests)) * 1e6, 0),
      plain: round((cpuS.plain / Math.max(1, runs[1]!.requests)) * 1e6, 0),
    };
    for (const r of runs) opts.log(`  ${r.target} @${r.connections}: ${r.reqPerSec} req/s, p99 ${r.p99Ms} ms, CPU ${cpuPerRequestUs[r.target]} µs/request, non-2xx ${r.non2xx}, errors ${r.errors}`);
    return { connections: opts.connections, durationS: opts.durationS, runs, ratio: round(median(each), 3), rounds: each.map((x) => round(x, 3)), cpuPerRequestUs, scrapes };
  } finally {
    for (const app of apps) await app.stop();
    await stack.close();
  }
}

export function observabilityTable(r: ObservabilityResult): string {
  const rows = r.runs.map((run) => [run.target, run.reqPerSec, run.p50Ms, run.p99Ms, r.cpuPerRequestUs[run.target], run.non2xx + run.errors]);
  return [
    renderTable(`Observability: GET all_data with and without request ids + metrics (${r.connections} connections, ${r.durationS} s each, turns by round)`, ["app", "req/s", "p50 ms", "p99 ms", "CPU µs/req", "failed"], rows),
    `observed/plain req/s: ${r.ratio} (rounds ${r.rounds.join(", ")}; budget ≥ 0.97); CPU per request ${r.cpuPerRequestUs.observed} vs ${r.cpuPerRequestUs.plain} µs; ${r.scrapes} scrapes during the load`,
  ].join("\n");
}
