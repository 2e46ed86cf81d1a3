// Console tables for the web sections (bundle, page metrics, journey).
import { kb, ms } from "./stats";
import { renderTable } from "./table";
import type { WebBundleResult } from "./web-bundle";
import type { PageResult } from "./page-metrics";
import type { JourneyResult } from "./journey";

export function bundleTable(r: WebBundleResult): string {
  const chunks = renderTable(
    `Web bundle: fresh production build (${ms(r.buildMs)}), JavaScript per chunk (* = loaded by /sign-in)`,
    ["chunk", "raw", "gzip"],
    [
      ...r.chunks.map((c) => [`${c.initial ? "* " : "  "}${c.file}`, kb(c.rawBytes), kb(c.gzipBytes)]),
      [`  initial JS for /sign-in (${r.initialJs.files.length} files)`, kb(r.initialJs.rawBytes), kb(r.initialJs.gzipBytes)],
      ["  CSS (all)", kb(r.css.rawBytes), kb(r.css.gzipBytes)],
    ],
  );
  const lazy = r.lazy.map((l) => `  ${l.what}: ${l.inInitial.length ? `IN THE INITIAL SET (${l.inInitial.slice(0, 3).join(", ")})` : `not initial; in ${l.chunks.join(", ") || "no chunk"}`}`);
  const comp = r.initialComposition.map((c) => `${c.owner} ${c.percent}%`).join(", ");
  const served = r.servedDist.present
    ? `  web/dist (what npm start serves now): ${r.servedDist.developmentBuild ? `a DEVELOPMENT build (React dev runtime; entry ${kb(r.servedDist.entryRawBytes ?? 0)} raw)` : "a production build"}`
    : "  web/dist: not built";
  return [chunks, ...lazy, `  initial set by source (rendered bytes): ${comp}`, served].join("\n");
}

export function pagesTable(pages: PageResult[]): string {
  return renderTable(
    "Page metrics in Chromium (lab figures via PerformanceObserver, median; NOT a Lighthouse score)",
    ["page", "CPU", "loads", "FCP", "LCP", "TBT", "long tasks", "ready", "JS transferred", "JS requests"],
    pages.map((p) => [p.page, `${p.cpuThrottle}x`, p.loads, ms(p.median.fcpMs), ms(p.median.lcpMs), ms(p.median.tbtMs), p.median.longTasks, ms(p.median.readyMs), kb(p.median.jsTransferredBytes), p.median.jsRequests]),
  );
}

export function journeyTable(j: JourneyResult): string {
  const table = renderTable(
    `Browser journey, sign-up to Approve (${j.completed ? "completed" : `stopped at "${j.stoppedAt?.step}"`})`,
    ["step", "wall", "deliberate delay", "without delay"],
    [
      ...j.steps.map((s) => [s.step, ms(s.wallMs), s.deliberateMs ? ms(s.deliberateMs) : "", ms(s.wallMs - s.deliberateMs)]),
      ["total", ms(j.totalMs), ms(j.deliberateMs), ms(j.totalMs - j.deliberateMs)],
    ],
  );
  return j.stoppedAt ? `${table}\n  stopped: ${j.stoppedAt.error}` : table;
}
