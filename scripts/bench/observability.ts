// Section "observability": what metrics cost per request on GET all_data. Pairs of apps on one
// stack's database, each its own process run from the bundle `npm start` runs: one with
// METRICS_PORT set (the latency histogram, process metrics, its listener scraped every 15 s), one
// without. Request ids are in both (every error body carries one). Two processes of one build
// differ by up to ±10 % in CPU per request for life, so the section measures many fresh pairs
// briefly, ABBA in 1 s turns; the figure is the median of the pairs' ratios (budget-limits.ts).
import path from "node:path";
import { ROOT, spawnBundledReady, startRemoteStack, type Child } from "./remote-stack";
import { founderWithData } from "./founder-data";
import { combine, expectOk, load, type LoadResult } from "./api";
import { cpuSecondsOf } from "./process-cpu";
import { median, percentile, round } from "./stats";
import { renderTable } from "./table";
import { BUDGETS } from "./budget-limits";

type Variant = "observed" | "plain";

const SCRAPE_INTERVAL_MS = 15_000;
const VARIANTS: Variant[] = ["observed", "plain"];
const WARM_UP_S = 1;
/** Each turn's length: a pair is loaded in four turns, ABBA. */
const TURN_S = 1;
/** Page faults per request from which a process counts as in the slow lot (it takes ~1.6, a normal one ~0). */
const SLOW_LOT_FAULTS_PER_REQUEST = 0.5;

export interface ObservabilityResult {
  connections: number;
  /** Fresh pairs of processes measured, and each variant's loaded seconds in each pair. */
  pairs: number;
  secondsPerPair: number;
  runs: Array<LoadResult<Variant>>;
  /** observed req/s ÷ plain req/s: the median of the pairs' ratios, and each pair's. */
  ratio: number;
  pairRatios: number[];
  /** The pairs' ratios: lowest, quartiles, highest. */
  spread: { min: number; q1: number; q3: number; max: number };
  /**
   * The median's standard error, from the quartiles (σ ≈ IQR / 1.349; a median's error ≈ 1.25 σ / √n):
   * how finely this run can tell the ratio from the budget.
   */
  standardError: number;
  /** plain CPU per request ÷ observed CPU per request, median of the pairs: the ratio without the machine's share of CPU in it. */
  cpuRatio: number;
  cpuPerRequestUs: Record<Variant, number>;
  /** Processes of each variant that spent their life in the garbage collector's slow lot (decision 0160). */
  slowLot: Record<Variant, number>;
  /** Scrapes made of the observed apps' metrics while they were loaded. */
  scrapes: number;
}

type App = Child<{ url: string; metricsUrl: string | null }>;
interface Measured {
  load: LoadResult<Variant>;
  cpuS: number;
  faults: number;
}

export async function benchObservability(opts: {
  pairs: number;
  connections: number;
  log: (line: string) => void;
}): Promise<ObservabilityResult> {
  const stack = await startRemoteStack();
  try {
    const data = await founderWithData(stack);
    const spawn = (variant: Variant): Promise<App> =>
      spawnBundledReady(path.join(ROOT, "scripts/bench/serve-app.ts"), {
        BENCH_CONFIG: JSON.stringify(stack.config),
        BENCH_VARIANT: variant,
      });
    const request = (app: App) => ({
      url: `${app.info.url}/api/accounts/${data.accountId}/all_data`,
      method: "GET" as const,
      headers: { authorization: `Bearer ${data.accessToken}` },
    });
    // Scraped as a Prometheus with a 15 s scrape interval would (its default is 1 min), so the
    // scrape's own cost is inside the figure in the proportion it has in production.
    let scraped: App | undefined;
    let scrapes = 0;
    const scraper = setInterval(() => {
      const url = scraped?.info.metricsUrl;
      if (url)
        void fetch(url)
          .then((r) => r.text())
          .then(
            () => scrapes++,
            () => undefined,
          );
    }, SCRAPE_INTERVAL_MS);
    const pairs = Math.max(1, opts.pairs);
    const perPair: Array<Record<Variant, Measured>> = [];
    try {
      for (let i = 0; i < pairs; i++) {
        // Who starts, warms and is loaded first alternates by pair: none of it favours a variant.
        const [a, b]: [Variant, Variant] = i % 2 ? ["plain", "observed"] : ["observed", "plain"];
        const started = await Promise.all([spawn(a), spawn(b)]);
        const pair = { [a]: started[0], [b]: started[1] } as Record<Variant, App>;
        try {
          for (const variant of [a, b]) {
            await expectOk(request(pair[variant]));
            await load("warm-up", request(pair[variant]), opts.connections, WARM_UP_S);
          }
          scraped = pair.observed;
          const turns: Record<Variant, Array<{ value: LoadResult<Variant>; cpuS: number; minorFaults: number }>> = {
            observed: [],
            plain: [],
          };
          for (const variant of [a, b, b, a]) {
            const app = pair[variant];
            turns[variant].push(
              await cpuSecondsOf(app.process.pid!, () => load(variant, request(app), opts.connections, TURN_S)),
            );
          }
          const measured = (variant: Variant): Measured => {
            const sum = (key: "cpuS" | "minorFaults") => turns[variant].reduce((total, turn) => total + turn[key], 0);
            return {
              load: combine(turns[variant].map((turn) => turn.value)),
              cpuS: sum("cpuS"),
              faults: sum("minorFaults"),
            };
          };
          perPair.push({ observed: measured("observed"), plain: measured("plain") });
        } finally {
          scraped = undefined;
          await Promise.all(VARIANTS.map((v) => pair[v].stop()));
        }
      }
    } finally {
      clearInterval(scraper);
    }
    const runs = VARIANTS.map((variant) => combine(perPair.map((p) => p[variant].load)));
    const perRequest = (m: Measured, total: number) => total / Math.max(1, m.load.requests);
    const usPerRequest = (m: Measured) => perRequest(m, m.cpuS) * 1e6;
    const each = perPair.map((p) =>
      p.plain.load.reqPerSec > 0 ? p.observed.load.reqPerSec / p.plain.load.reqPerSec : Number.NaN,
    );
    const cpuEach = perPair.map((p) => usPerRequest(p.plain) / usPerRequest(p.observed));
    const inSlowLot = (variant: Variant) =>
      perPair.filter((p) => perRequest(p[variant], p[variant].faults) >= SLOW_LOT_FAULTS_PER_REQUEST).length;
    const cpuPerRequestUs = {
      observed: round(median(perPair.map((p) => usPerRequest(p.observed))), 1),
      plain: round(median(perPair.map((p) => usPerRequest(p.plain))), 1),
    };
    for (const r of runs)
      opts.log(
        `  ${r.target} @${r.connections}: ${r.reqPerSec} req/s, p99 ${r.p99Ms} ms, CPU ${cpuPerRequestUs[r.target]} µs/request (median of pairs), non-2xx ${r.non2xx}, errors ${r.errors}`,
      );
    return {
      connections: opts.connections,
      pairs,
      secondsPerPair: runs[0]!.durationS / pairs,
      runs,
      ratio: round(median(each), 3),
      pairRatios: each.map((x) => round(x, 3)),
      spread: {
        min: round(Math.min(...each), 3),
        q1: round(percentile(each, 25), 3),
        q3: round(percentile(each, 75), 3),
        max: round(Math.max(...each), 3),
      },
      standardError: round(
        (1.25 * ((percentile(each, 75) - percentile(each, 25)) / 1.349)) / Math.sqrt(each.length),
        3,
      ),
      cpuRatio: round(median(cpuEach), 3),
      cpuPerRequestUs,
      slowLot: { observed: inSlowLot("observed"), plain: inSlowLot("plain") },
      scrapes,
    };
  } finally {
    await stack.close();
  }
}

export function observabilityTable(r: ObservabilityResult): string {
  const rows = r.runs.map((run) => [
    run.target,
    run.reqPerSec,
    run.p50Ms,
    run.p99Ms,
    r.cpuPerRequestUs[run.target],
    r.slowLot[run.target],
    run.non2xx + run.errors,
  ]);
  return [
    renderTable(
      `Observability: GET all_data with and without metrics (METRICS_PORT set / unset) (${r.connections} connections; ${r.pairs} fresh pairs of processes, each app loaded ${r.secondsPerPair} s in 1 s turns)`,
      ["app", "req/s", "p50 ms", "p99 ms", "CPU µs/req", "slow lot", "failed"],
      rows,
    ),
    `observed/plain req/s: ${r.ratio} ± ${r.standardError} (standard error; budget ≥ ${BUDGETS.observabilityRatio}), median of ${r.pairs} pairs; spread min ${r.spread.min}, quartiles ${r.spread.q1}-${r.spread.q3}, max ${r.spread.max}`,
    `plain/observed CPU per request: ${r.cpuRatio} (${r.cpuPerRequestUs.observed} vs ${r.cpuPerRequestUs.plain} µs, medians of the pairs); ${r.scrapes} scrapes during the load`,
  ].join("\n");
}
