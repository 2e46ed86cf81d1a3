// Dates as the founder reads them.
import { parseTimestamp } from "@contract/rules";

/** A record timestamp (requirements §3: UTC, no trailing Z) as M/D/YYYY in the founder's local calendar. */
export function formatShortDate(timestamp: string): string {
  const d = parseTimestamp(timestamp);
  return `${d.getMonth() + 1}/${d.getDate()}/${d.getFullYear()}`;
}
