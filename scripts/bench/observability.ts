// Section "observability": what metrics cost per request on GET all_data. Pairs of apps on one
// stack's database, each its own process run from the bundle `npm start` runs: one with
// METRICS_PORT set (scraped every 15 s), one without. Two processes of one build differ by up to
// ±10 % in CPU per request for life, so the section measures many fresh pairs briefly, ABBA in 1 s
// turns; the figure is the median of the pairs' ratios.
import path from "node:path";
import { ROOT, spawnBundledReady, startRemoteStack, type Child } from "./remote-stack";
import { combine, expectOk, founderWithData, load, type LoadResult } from "./api";
import { cpuSecondsOf } from "./process-cpu";
import { median, round } from "./stats";
import { renderTable } from "./table";
import { BUDGETS } from "./budget-limits";

type Variant = "observed" | "plain";

const SCRAPE_INTERVAL_MS = 15_000;
const VARIANTS: Variant[] = ["observed", "plain"];
const WARM_UP_S = 1;
/** Each turn's length: a pair is loaded in four turns, ABBA. */
const TURN_S = 1;

export interface ObservabilityResult {
  connections: number;
  pairs: number;
  secondsPerPair: number;
  runs: Array<LoadResult<Variant>>;
  /** observed req/s ÷ plain req/s: the median of the pairs' ratios, and each pair's. */
  ratio: number;
  pairRatios: number[];
  /** plain CPU per request ÷ observed CPU per request, median of the pairs: the ratio without the machine's share of CPU in it. */
  cpuRatio: number;
  cpuPerRequestUs: Record<Variant, number>;
  scrapes: number;
}

type App = Child<{ url: string; metricsUrl: string | null }>;
type Measured = { load: LoadResult<Variant>; cpuS: number };

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
      headers: { authorization: `Bearer ${data.token}` },
    });
    // Scraped as a Prometheus with a 15 s scrape interval would (its default is 1 min), so the
    // scrape's own cost is inside the figure in the proportion it has in production.
    let scraped: App | undefined;
    let scrapes = 0;
    const scrape = async (url: string) => void (await (await fetch(url)).text(), scrapes++);
    const scraper = setInterval(() => {
      const url = scraped?.info.metricsUrl;
      if (url) scrape(url).catch(() => undefined);
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
          const turns: Record<Variant, Measured[]> = { observed: [], plain: [] };
          for (const variant of [a, b, b, a]) {
            const app = pair[variant];
            const turn = await cpuSecondsOf(app.process.pid!, () =>
              load(variant, request(app), opts.connections, TURN_S),
            );
            turns[variant].push({ load: turn.value, cpuS: turn.cpuS });
          }
          const measured = (variant: Variant): Measured => ({
            load: combine(turns[variant].map((turn) => turn.load)),
            cpuS: turns[variant].reduce((total, turn) => total + turn.cpuS, 0),
          });
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
    const usPerRequest = (m: Measured) => (m.cpuS / Math.max(1, m.load.requests)) * 1e6;
    const each = perPair.map((p) =>
      p.plain.load.reqPerSec > 0 ? p.observed.load.reqPerSec / p.plain.load.reqPerSec : Number.NaN,
    );
    const cpuPerRequestUs = {
      observed: round(median(perPair.map((p) => usPerRequest(p.observed))), 1),
      plain: round(median(perPair.map((p) => usPerRequest(p.plain))), 1),
    };
    for (const r of runs)
      opts.log(`  ${r.target}: ${r.reqPerSec} req/s, p99 ${r.p99Ms} ms, CPU ${cpuPerRequestUs[r.target]} µs/request`);
    return {
      connections: opts.connections,
      pairs,
      secondsPerPair: runs[0]!.durationS / pairs,
      runs,
      ratio: round(median(each), 3),
      pairRatios: each.map((x) => round(x, 3)),
      cpuRatio: round(median(perPair.map((p) => usPerRequest(p.plain) / usPerRequest(p.observed))), 3),
      cpuPerRequestUs,
      scrapes,
    };
  } finally {
    await stack.close();
  }
}

export function observabilityTable(r: ObservabilityResult): string {
  return [
    renderTable(
      `Observability: GET all_data with and without metrics (METRICS_PORT set / unset) (${r.connections} connections; ${r.pairs} fresh pairs of processes, each app loaded ${r.secondsPerPair} s in 1 s turns)`,
      ["app", "req/s", "p50 ms", "p99 ms", "CPU µs/req", "failed"],
      r.runs.map((run) => [
        run.target,
        run.reqPerSec,
        run.p50Ms,
        run.p99Ms,
        r.cpuPerRequestUs[run.target],
        run.non2xx + run.errors,
      ]),
    ),
    `observed/plain req/s: ${r.ratio} (budget ≥ ${BUDGETS.observabilityRatio}), median of ${r.pairs} pairs; plain/observed CPU per request ${r.cpuRatio}; ${r.scrapes} scrapes during the load`,
  ].join("\n");
}
