// Console table for the auth section.
import { renderTable } from "./table";
import type { AuthResult } from "./auth";

export function authTable(r: AuthResult): string {
  return renderTable(
    `Auth through supabase-js against the emulator, one at a time (bcrypt cost ${r.bcryptCost}; one bcryptjs compare ${r.bcryptCompareMs} ms)`,
    ["operation", "count", "ops/s", "p50", "p99", "max"],
    r.ops.map((o) => [o.op, o.count, o.opsPerSec, `${o.p50Ms} ms`, `${o.p99Ms} ms`, `${o.maxMs} ms`]),
  );
}
