// Prometheus metrics (prom-client's default registry), defined beside the code they count. Labels
// name kinds of things, never a person (docs/operations.md).
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  register,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from "prom-client";

export const metricsRegistry = register;

/** Made once per process: a module evaluated again (a test's fresh module graph) gets the registered one. */
function once<M>(name: string, make: () => M): M {
  return (register.getSingleMetric(name) as M | undefined) ?? make();
}

/** `zeroed` label sets start at 0, so an alert has a series before the first event. */
export function counter<L extends string = never>(
  config: CounterConfiguration<L> & { zeroed?: Array<Partial<Record<L, string>>> },
): Counter<L> {
  const { zeroed = [], ...rest } = config;
  return once(config.name, () => {
    const made = new Counter(rest);
    for (const labels of zeroed) made.inc(labels, 0);
    return made;
  });
}

export function histogram<L extends string = never>(config: HistogramConfiguration<L>): Histogram<L> {
  return once(config.name, () => new Histogram(config));
}

export function gauge<L extends string = never>(config: GaugeConfiguration<L>): Gauge<L> {
  return once(config.name, () => new Gauge(config));
}

/** prom-client's process metrics (CPU, memory, event-loop lag, GC), started once per process however many apps it builds. */
export function collectProcessMetrics(): void {
  if (!register.getSingleMetric("process_cpu_seconds_total"))
    collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 20 });
}
