// The process's Prometheus metrics (prom-client's default registry): every module defines the
// counters of what it does beside the code that does it, through these helpers, and the
// observability plugin (plugins/observability.ts) serves the registry on a listener of its own.
// Labels name kinds of things (a route pattern, a status, an outcome), never a person: no user id,
// email or other value a founder typed may become a label (docs/operations.md).
import {
  Counter,
  Gauge,
  Histogram,
  register,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from "prom-client";

export const metricsRegistry = register;

/**
 * A metric made once per process: a module evaluated again in the same process (a test runner's
 * fresh module graph) gets the one already registered instead of prom-client's duplicate-name error.
 */
function once<M>(name: string, make: () => M): M {
  return (register.getSingleMetric(name) as M | undefined) ?? make();
}

/**
 * A counter; `zeroed` label sets start at 0, so a rate or an alert on them has a series before the
 * first event (an auth-service error that never happened is 0, not "no data").
 */
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
