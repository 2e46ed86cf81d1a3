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
  type LabelValues,
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

/** One label set's counts: what a series of a histogram is between two scrapes. */
interface Series {
  labels: Record<string, string | number>;
  /** Per bucket, the observations that fell in it (not yet cumulative); the last is +Inf. */
  buckets: Float64Array;
  sum: number;
  count: number;
}

/**
 * A prom-client histogram for a hot path: `series(labels)` hands back a recorder bound to one
 * label set, which the caller keeps (e.g. one per route and status). prom-client's own
 * `labels(...).observe` validates and hashes the label set again on every observation (about
 * 0.4 µs, over 1 % of an all_data request); the recorder only adds to its series' counts. The
 * scrape output is prom-client's, from the same counts (decision 0115).
 */
export class SeriesHistogram<L extends string> extends Histogram<L> {
  private readonly metricName: string;
  private readonly helpText: string;
  private readonly bounds: number[];
  private readonly all = new Map<string, Series>();

  constructor(config: HistogramConfiguration<L> & { labelNames: readonly L[]; buckets: number[] }) {
    super(config);
    this.metricName = config.name;
    this.helpText = config.help;
    this.bounds = [...config.buckets].sort((a, b) => a - b);
  }

  /** A recorder of observations (in seconds) for one label set; the same set gives the same series. */
  series(labels: LabelValues<L>): (value: number) => void {
    const set = Object.entries(labels as Record<string, string | number | undefined>)
      .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    const key = JSON.stringify(set.map(([k, v]) => [k, String(v)]));
    let s = this.all.get(key);
    if (!s)
      this.all.set(
        key,
        (s = { labels: Object.fromEntries(set), buckets: new Float64Array(this.bounds.length + 1), sum: 0, count: 0 }),
      );
    const series = s;
    const bounds = this.bounds;
    return (value) => {
      let i = 0;
      while (i < bounds.length && value > bounds[i]!) i++;
      series.buckets[i]!++;
      series.sum += value;
      series.count++;
    };
  }

  /** What the registry reads on a scrape: prom-client's shape, cumulative buckets, then _sum and _count. */
  async getForPromString() {
    const name = this.metricName;
    const values: Array<{ labels: Record<string, string | number>; value: number; metricName: string }> = [];
    for (const { labels, buckets, sum, count } of this.all.values()) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += buckets[i]!;
        values.push({ labels: { le, ...labels }, value: cumulative, metricName: `${name}_bucket` });
      });
      values.push({ labels: { le: "+Inf", ...labels }, value: count, metricName: `${name}_bucket` });
      values.push({ labels: { ...labels }, value: sum, metricName: `${name}_sum` });
      values.push({ labels: { ...labels }, value: count, metricName: `${name}_count` });
    }
    return { name, help: this.helpText, type: "histogram" as const, values, aggregator: "sum" as const };
  }

  /** The same values as JSON (getMetricsAsJSON); prom-client's own get() would read its empty label map. */
  override async get() {
    return (await this.getForPromString()) as unknown as Awaited<ReturnType<Histogram<L>["get"]>>;
  }

  override reset(): void {
    // prom-client's constructor calls reset() before this class's fields exist.
    const all = this.all as Map<string, Series> | undefined;
    if (!all) return;
    for (const s of all.values()) {
      s.buckets.fill(0);
      s.sum = 0;
      s.count = 0;
    }
  }
}

export function seriesHistogram<L extends string>(
  config: HistogramConfiguration<L> & { labelNames: readonly L[]; buckets: number[] },
): SeriesHistogram<L> {
  return once(config.name, () => new SeriesHistogram(config));
}
