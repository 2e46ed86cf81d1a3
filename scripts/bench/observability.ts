// Section "observability": what request ids and metrics cost per request on GET all_data. Two apps
// on one stack's database, each its own process: one with the plumbing (request-id header, the
// latency histogram, process metrics, the metrics listener scraped every 15 s), one without. Each
// round starts a fresh pair, warms both and loads them in turn (who goes first alternates), so
// machine load hits both alike; fresh processes because two processes of the very same app can
// differ by 10 % and at times 2x in CPU per request for the whole of their life (JIT and heap
// luck), which rounds on one pair cannot average out (scripts/bench/results.md). The figure is the
// median of the rounds' req/s ratios (observed ÷ plain), with their spread and the same ratio
// from CPU per request. Budget: the plumbing costs at most 3 % (ratio ≥ 0.97; docs/performance.md).
import path from "node:path";
import { ROOT, spawnReady, startRemoteStack, type Child } from "./remote-stack";
import { founderWithData } from "./founder-data";
import { combine, expectOk, load, type LoadResult } from "./api";
import { cpuSecondsOf } from "./process-cpu";
import { median, percentile, round } from "./stats";
import { renderTable } from "./table";

export type Variant = "observed" | "plain";

const SCRAPE_INTERVAL_MS = 15_000;
const VARIANTS: Variant[] = ["observed", "plain"];

export interface ObservabilityResult {
  connections: number;
  durationS: number;
  runs: Array<LoadResult<Variant>>;
  /** observed req/s ÷ plain req/s: the median of the rounds' ratios, and each round's. */
  ratio: number;
  rounds: number[];
  /** The rounds' ratios: lowest, quartiles, highest. */
  spread: { min: number; q1: number; q3: number; max: number };
  /** plain CPU per request ÷ observed CPU per request, median of the rounds: the ratio without the machine's share of CPU in it. */
  cpuRatio: number;
  cpuPerRequestUs: Record<Variant, number>;
  /** Scrapes made of the observed apps' metrics while they were loaded. */
  scrapes: number;
}

type App = Child<{ url: string; metricsUrl: string | null }>;

export async function benchObservability(opts: { durationS: number; rounds: number; connections: number; log: (line: string) => void }): Promise<ObservabilityResult> {
  const stack = await startRemoteStack();
  try {
    const data = await founderWithData(stack);
    const spawn = (variant: Variant): Promise<App> => spawnReady(path.join(ROOT, "scripts/bench/serve-app.ts"), { BENCH_CONFIG: JSON.stringify(stack.config), BENCH_VARIANT: variant });
    const request = (app: App) => ({ url: `${app.info.url}/api/accounts/${data.accountId}/all_data`, method: "GET" as const, headers: { authorization: `Bearer ${data.accessToken}` } });
    // Scraped as a Prometheus with a 15 s scrape interval would (its default is 1 min), so the
    // scrape's own cost is inside the figure in the proportion it has in production.
    let scraped: App | undefined;
    let scrapes = 0;
    const scraper = setInterval(() => {
      const url = scraped?.info.metricsUrl;
      if (url) void fetch(url).then((r) => r.text()).then(() => scrapes++, () => undefined);
    }, SCRAPE_INTERVAL_MS);
    const rounds = Math.max(1, opts.rounds);
    const roundS = Math.max(1, Math.round(opts.durationS / rounds));
    const perRound: Array<Record<Variant, { load: LoadResult<Variant>; cpuS: number }>> = [];
    try {
      for (let i = 0; i < rounds; i++) {
        const pair = { observed: await spawn("observed"), plain: await spawn("plain") };
        try {
          for (const variant of VARIANTS) {
            await expectOk(request(pair[variant]));
            await load("warm-up", request(pair[variant]), opts.connections, 1);
          }
          scraped = pair.observed;
          // Alternate which goes first, so neither always meets the machine's state the other left.
          const order: Variant[] = i % 2 ? ["plain", "observed"] : ["observed", "plain"];
          const got = {} as Record<Variant, { load: LoadResult<Variant>; cpuS: number }>;
          for (const variant of order) {
            const app = pair[variant];
            const { value, cpuS } = await cpuSecondsOf(app.process.pid!, () => load(variant, request(app), opts.connections, roundS));
            got[variant] = { load: value, cpuS };
          }
          perRound.push(got);
        } finally {
          scraped = undefined;
          await Promise.all(VARIANTS.map((v) => pair[v].stop()));
        }
      }
    } finally {
      clearInterval(scraper);
    }
    const runs = VARIANTS.map((variant) => combine(perRound.map((r) => r[variant].load)));
    const usPerRequest = (r: { load: LoadResult<Variant>; cpuS: number }) => (r.cpuS / Math.max(1, r.load.requests)) * 1e6;
    const each = perRound.map((r) => (r.plain.load.reqPerSec > 0 ? r.observed.load.reqPerSec / r.plain.load.reqPerSec : Number.NaN));
    const cpuEach = perRound.map((r) => usPerRequest(r.plain) / usPerRequest(r.observed));
    const cpuPerRequestUs = {
      observed: round(median(perRound.map((r) => usPerRequest(r.observed))), 1),
      plain: round(median(perRound.map((r) => usPerRequest(r.plain))), 1),
    };
    for (const r of runs) opts.log(`  ${r.target} @${r.connections}: ${r.reqPerSec} req/s, p99 ${r.p99Ms} ms, CPU ${cpuPerRequestUs[r.target]} µs/request (median of rounds), non-2xx ${r.non2xx}, errors ${r.errors}`);
    return {
      connections: opts.connections,
      durationS: opts.durationS,
      runs,
      ratio: round(median(each), 3),
      rounds: each.map((x) => round(x, 3)),
      spread: { min: round(Math.min(...each), 3), q1: round(percentile(each, 25), 3), q3: round(percentile(each, 75), 3), max: round(Math.max(...each), 3) },
      cpuRatio: round(median(cpuEach), 3),
      cpuPerRequestUs,
      scrapes,
    };
  } finally {
    await stack.close();
  }
}

export function observabilityTable(r: ObservabilityResult): string {
  const rows = r.runs.map((run) => [run.target, run.reqPerSec, run.p50Ms, run.p99Ms, r.cpuPerRequestUs[run.target], run.non2xx + run.errors]);
  return [
    renderTable(`Observability: GET all_data with and without request ids + metrics (${r.connections} connections, ${r.durationS} s each, a fresh pair each round, turns by round)`, ["app", "req/s", "p50 ms", "p99 ms", "CPU µs/req", "failed"], rows),
    `observed/plain req/s: ${r.ratio} (budget ≥ 0.97); rounds ${r.rounds.join(", ")}; spread min ${r.spread.min}, quartiles ${r.spread.q1}-${r.spread.q3}, max ${r.spread.max}`,
    `plain/observed CPU per request: ${r.cpuRatio} (${r.cpuPerRequestUs.observed} vs ${r.cpuPerRequestUs.plain} µs, medians of the rounds); ${r.scrapes} scrapes during the load`,
  ].join("\n");
}
