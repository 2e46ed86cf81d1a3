// SeriesHistogram must scrape exactly as prom-client's own Histogram would from the same
// observations: same buckets, sums and counts, each route, method and status its own series.
import { describe, expect, it } from "vitest";
import { Histogram, Registry } from "prom-client";
import { SeriesHistogram } from "./metrics";

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];
type L = "method" | "route" | "status_code";

function pair() {
  const registry = new Registry();
  const config = {
    help: "h",
    labelNames: ["method", "route", "status_code"] as L[],
    buckets: BUCKETS,
    registers: [registry],
  };
  return {
    registry,
    fast: new SeriesHistogram<L>({ name: "fast_seconds", ...config }),
    reference: new Histogram<L>({ name: "reference_seconds", ...config }),
  };
}

/** Each sample of one metric as "name{sorted labels} value", sorted: comparable whatever order labels were written in. */
async function samples(registry: Registry, name: string): Promise<string[]> {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === name)!;
  return metric.values
    .map((v) => {
      const labels = Object.entries(v.labels).sort(([a], [b]) => (a < b ? -1 : 1));
      return `${(v as { metricName?: string }).metricName!.replace(name, "x")}{${labels.map(([k, val]) => `${k}=${String(val)}`).join(",")}} ${v.value}`;
    })
    .sort();
}

const OBSERVATIONS: Array<[Record<L, string | number>, number]> = [
  [{ method: "GET", route: "/api/accounts/:accountId/all_data", status_code: 200 }, 0.0004],
  [{ method: "GET", route: "/api/accounts/:accountId/all_data", status_code: 200 }, 0.01],
  [{ method: "GET", route: "/api/accounts/:accountId/all_data", status_code: 200 }, 3],
  [{ method: "GET", route: "/api/accounts/:accountId/all_data", status_code: 404 }, 0.02],
  [{ method: "PUT", route: "/api/persons/:personId", status_code: 200 }, 0.2],
  [{ method: "GET", route: "/api/persons/:personId", status_code: 200 }, 0.5],
  [{ method: "GET", route: "unmatched", status_code: 404 }, 0.001],
];

describe("SeriesHistogram", () => {
  it("scrapes the same buckets, sums and counts as prom-client's Histogram, each route, method and status apart", async () => {
    const { registry, fast, reference } = pair();
    for (const [labels, seconds] of OBSERVATIONS) {
      // A new recorder for every observation: one label set must always land in one series.
      fast.series(labels)(seconds);
      reference.observe(labels, seconds);
    }
    const got = await samples(registry, "fast_seconds");
    expect(got).toEqual(await samples(registry, "reference_seconds"));
    // Separate series: 5 label sets, each with its buckets, +Inf, _sum and _count.
    expect(got.filter((s) => s.startsWith("x_count"))).toHaveLength(5);
    expect(got).toContain("x_count{method=GET,route=/api/accounts/:accountId/all_data,status_code=200} 3");
    expect(got).toContain("x_count{method=GET,route=/api/accounts/:accountId/all_data,status_code=404} 1");
    expect(await registry.metrics()).toContain(
      'fast_seconds_bucket{le="0.01",method="GET",route="/api/accounts/:accountId/all_data",status_code="200"} 2',
    );
  });

  it("keeps a recorder working after a reset, counting from zero", async () => {
    const { registry, fast } = pair();
    const observe = fast.series({ method: "GET", route: "/r", status_code: 200 });
    observe(0.001);
    registry.resetMetrics();
    observe(0.3);
    expect(await samples(registry, "fast_seconds")).toContain("x_count{method=GET,route=/r,status_code=200} 1");
    expect(await samples(registry, "fast_seconds")).toContain("x_sum{method=GET,route=/r,status_code=200} 0.3");
  });
});
