// Console table for the API section.
import { renderTable } from "./table";
import type { ApiResult, LoadResult, Target } from "./api";

/** A load's figures as table cells: req/s, p50, p99, max, errors (timeouts included), non-2xx. */
export function loadCells(x: LoadResult<string>): Array<string | number> {
  return [x.reqPerSec, `${x.p50Ms} ms`, `${x.p99Ms} ms`, `${x.maxMs} ms`, x.errors + x.timeouts, x.non2xx];
}

const LABELS: Record<Target, string> = {
  bare_all_data: "floor: bare Fastify GET, all_data's headers + body",
  bare_write: "floor: bare Fastify PUT + 1 SQLite UPDATE",
  all_data: "GET /api/accounts/{id}/all_data",
  put_person: "PUT /api/persons/{id}",
};

export function apiTable(r: ApiResult): string {
  return renderTable(
    `API: autocannon ${r.durationS} s per row, loopback (app and floors each in their own process)`,
    ["target", "conns", "req/s", "p50", "p99", "max", "errors", "non-2xx", "app/floor", "CPU µs/request"],
    r.runs.map((x) => [
      LABELS[x.target],
      x.connections,
      ...loadCells(x),
      r.floorRatios.find((q) => q.target === x.target && q.connections === x.connections)?.ratio.toFixed(2) ?? "",
      r.cpuPerRequestUs.find((c) => c.target === x.target && c.connections === x.connections)?.us ?? "",
    ]),
  );
}
