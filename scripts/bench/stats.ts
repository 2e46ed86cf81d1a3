// Small statistics and formatting helpers shared by every benchmark section.

export function median(values: number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile (p in 0..100) of the values; NaN for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function ms(value: number): string {
  if (!Number.isFinite(value)) return "–";
  return value >= 100 ? `${Math.round(value)} ms` : `${round(value, 1)} ms`;
}

export function kb(bytes: number): string {
  return `${round(bytes / 1024, 1)} KB`;
}

export const sleep = (msDelay: number) => new Promise<void>((resolve) => setTimeout(resolve, msDelay));
