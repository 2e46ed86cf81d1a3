// Console table for the API section.
import { renderTable } from "./table";
import type { ApiResult, LoadResult, Target } from "./api";
import type { ProfileSummary } from "./cpu-profile";

/** A load's figures as table cells: req/s, p50, p99, max, errors (timeouts included), non-2xx. */
export function loadCells(x: LoadResult<string>): Array<string | number> {
  return [x.reqPerSec, `${x.p50Ms} ms`, `${x.p99Ms} ms`, `${x.maxMs} ms`, x.errors + x.timeouts, x.non2xx];
}

export function apiTable(r: ApiResult): string {
  const profiles = (r.profiles ?? []).map((p) =>
    profileTable(`CPU profile of the app under ${p.target} load at ${p.connections} connections`, p.summary),
  );
  return [table(r), ...profiles].join("\n");
}

/** A CPU profile's summary side by side: self time by owner, with the native work it calls, hottest functions. */
export function profileTable(title: string, summary: ProfileSummary): string {
  return renderTable(
    `${title} (${summary.totalMs} ms sampled; % of samples)`,
    ["self time by package/folder", "%", "incl. native work it calls", "%", "hottest functions", "%"],
    Array.from({ length: Math.max(summary.byOwner.length, summary.topFunctions.length) }, (_, i) => {
      const o = summary.byOwner[i];
      const c = summary.byCaller[i];
      const f = summary.topFunctions[i];
      return [
        o?.owner ?? "",
        o ? o.percent : "",
        c?.owner ?? "",
        c ? c.percent : "",
        f ? `${f.fn} (${f.owner})` : "",
        f ? f.percent : "",
      ];
    }),
  );
}

const TARGET_LABELS: Record<Target, string> = {
  bare: "bare Fastify GET /bare",
  bare_all_data: "bare Fastify GET, all_data's headers + body",
  bare_write: "bare Fastify PUT + 1 SQLite UPDATE",
  all_data: "GET /api/accounts/{id}/all_data",
  put_person: "PUT /api/persons/{id}",
};

function table(r: ApiResult): string {
  return renderTable(
    `API: autocannon ${r.durationS} s per row, loopback (app and bare Fastify each in their own process)`,
    ["target", "conns", "req/s", "p50", "p99", "max", "errors", "non-2xx", "app/bare", "app/floor", "CPU µs/request"],
    r.runs.map((x) => {
      const ratio = r.ratios.find((q) => q.target === x.target && q.connections === x.connections)?.ratio;
      const floors =
        x.target === "put_person" ? r.writeFloorRatios : x.target === "all_data" ? r.allDataFloorRatios : [];
      const overFloor = floors?.find((q) => q.connections === x.connections)?.ratio;
      return [
        TARGET_LABELS[x.target],
        x.connections,
        ...loadCells(x),
        ratio === undefined ? "" : ratio.toFixed(2),
        overFloor === undefined ? "" : overFloor.toFixed(2),
        r.cpuPerRequestUs?.find((c) => c.target === x.target && c.connections === x.connections)?.us ?? "",
      ];
    }),
  );
}
