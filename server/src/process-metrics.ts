// prom-client's default process collectors, except garbage collection: its collector (15.1.3) counts
// only the first GC of each batch Node reports, so it is replaced by one that counts every GC.
import { PerformanceObserver, constants, type PerformanceEntry } from "node:perf_hooks";
import { collectDefaultMetrics } from "prom-client";
import { histogram, metricsRegistry } from "./metrics";

const GC_METRIC = "nodejs_gc_duration_seconds";

/** Node's GC kinds by the names prom-client gives them. */
const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: "major",
  [constants.NODE_PERFORMANCE_GC_MINOR]: "minor",
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weakcb",
};

function gcKind(entry: PerformanceEntry): string {
  // Node 16+ puts the kind in `detail` (@types/node's PerformanceEntry does not declare it).
  const kind = (entry as PerformanceEntry & { detail?: { kind?: number } | null }).detail?.kind;
  return (kind !== undefined && GC_KINDS[kind]) || "unknown";
}

let collecting = false;

/** Starts the process collectors once per process, whatever number of apps it builds. */
export function collectProcessMetrics(): void {
  if (collecting) return;
  collecting = true;
  collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });
  // prom-client offers no way to leave its GC collector out: its histogram is unregistered and
  // replaced (its observer stays, a few microseconds per GC, feeding a histogram nobody reads).
  metricsRegistry.removeSingleMetric(GC_METRIC);
  const durations = histogram({
    name: GC_METRIC,
    help: "Garbage collection duration by kind, one of major, minor, incremental or weakcb.",
    labelNames: ["kind"],
    buckets: [0.001, 0.01, 0.1, 1, 2, 5],
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) durations.observe({ kind: gcKind(entry) }, entry.duration / 1000);
  }).observe({ entryTypes: ["gc"] });
}
