// The GC histogram counts every collection Node reports, also when several happen in one turn of
// the event loop (prom-client's own collector counts one of them).
import { PerformanceObserver } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { metricsRegistry } from "./metrics";
import { collectProcessMetrics } from "./process-metrics";

async function gcCount(): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric("nodejs_gc_duration_seconds")!.get();
  return (metric.values as Array<{ metricName?: string; value: number }>)
    .filter((v) => v.metricName === "nodejs_gc_duration_seconds_count")
    .reduce((sum, v) => sum + v.value, 0);
}

/** Allocates enough, synchronously, for several young-generation collections in one turn. */
function allocationBurst(): number {
  let kept: unknown = null;
  for (let i = 0; i < 2_000_000; i++) kept = { i, text: `item ${i}`, pair: [i, i] };
  return kept ? 1 : 0;
}

describe("process metrics", () => {
  it("counts every garbage collection, however many Node reports at once", async () => {
    collectProcessMetrics();
    collectProcessMetrics(); // once per process: a second app adds no second observer
    const before = await gcCount();
    let batches = 0;
    let reported = 0;
    const witness = new PerformanceObserver((list) => {
      batches++;
      reported += list.getEntries().length;
    });
    witness.observe({ entryTypes: ["gc"] });
    for (let turn = 0; turn < 5; turn++) {
      allocationBurst();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    witness.disconnect();
    const counted = (await gcCount()) - before;
    // The test means something only when Node batched: more collections than deliveries.
    expect(reported).toBeGreaterThan(batches);
    // The histogram may also hold a collection reported after the witness stopped.
    expect(counted).toBeGreaterThanOrEqual(reported);
    expect(counted).toBeLessThanOrEqual(reported + 2);
  });

  it("names each collection's kind as prom-client does", async () => {
    const metric = await metricsRegistry.getSingleMetric("nodejs_gc_duration_seconds")!.get();
    const kinds = new Set(metric.values.map((v) => v.labels.kind));
    expect(kinds.has("minor")).toBe(true);
    expect([...kinds].every((k) => ["major", "minor", "incremental", "weakcb"].includes(String(k)))).toBe(true);
  });
});
