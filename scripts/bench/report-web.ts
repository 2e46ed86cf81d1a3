// Console tables for the web sections (bundle, page metrics, Lighthouse, journey).
import { kb, ms } from "./stats";
import { renderTable } from "./table";
import type { WebBundleResult } from "./web-bundle";
import type { PageResult } from "./page-metrics";
import type { LighthouseResult } from "./lighthouse";
import type { JourneyResult } from "./journey";

export function bundleTable(r: WebBundleResult): string {
  const chunks = renderTable(
    `Web bundle: fresh production build (${ms(r.buildMs)}), JavaScript per chunk (* = loaded by /sign-in)`,
    ["chunk", "raw", "gzip"],
    [
      ...r.chunks.map((c) => [`${c.initial ? "* " : "  "}${c.file}`, kb(c.rawBytes), kb(c.gzipBytes)]),
      [
        `  initial JS for /sign-in (${r.initialJs.files.length} files)`,
        kb(r.initialJs.rawBytes),
        kb(r.initialJs.gzipBytes),
      ],
      [
        `  + auth client, fetched at start-up beside the first render (${r.startupJs.files.length} files)`,
        kb(r.startupJs.rawBytes),
        kb(r.startupJs.gzipBytes),
      ],
      ["  CSS (all)", kb(r.css.rawBytes), kb(r.css.gzipBytes)],
    ],
  );
  const lazy = r.lazy.map(
    (l) =>
      `  ${l.what}: ${l.inInitial.length ? `IN THE INITIAL SET (${l.inInitial.slice(0, 3).join(", ")})` : `not initial; in ${l.chunks.join(", ") || "no chunk"}`}`,
  );
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
    pages.map((p) => [
      p.page,
      `${p.cpuThrottle}x`,
      p.loads,
      ms(p.median.fcpMs),
      ms(p.median.lcpMs),
      ms(p.median.tbtMs),
      p.median.longTasks,
      ms(p.median.readyMs),
      kb(p.median.jsTransferredBytes),
      p.median.jsRequests,
    ]),
  );
}

const PRESET_TITLE: Record<LighthouseResult["preset"], string> = {
  desktop: "desktop preset (simulated dense 4G, no CPU slowdown)",
  mobile: "default mobile preset (simulated slow 4G, 4x CPU)",
};

export function lighthouseTable(results: LighthouseResult[]): string {
  const tables: string[] = [];
  for (const preset of [...new Set(results.map((r) => r.preset))]) {
    const rows = results.filter((r) => r.preset === preset);
    const version = rows[0]?.lighthouseVersion ?? "?";
    const table = renderTable(
      `Lighthouse ${version} performance, ${PRESET_TITLE[preset]}, Debian's Chromium offline, median of ${rows[0]?.runs ?? 0} run(s)`,
      [
        "page",
        "score",
        "runs' scores",
        "FCP",
        "LCP",
        "TBT",
        "CLS",
        "Speed Index",
        "bytes",
        "last visual change (observed)",
      ],
      rows.map((r) => [
        r.page,
        r.median.score,
        r.scores.join(" "),
        ms(r.median.fcpMs),
        ms(r.median.lcpMs),
        ms(r.median.tbtMs),
        r.median.cls.toFixed(3),
        ms(r.median.speedIndexMs),
        kb(r.median.totalByteWeight),
        ms(r.median.observedLastVisualChangeMs),
      ]),
    );
    const notes = rows.flatMap((r) => [
      `  ${r.page}: ended on ${new URL(r.finalUrl).pathname}; LCP element ${r.lcpElement ?? "not reported"}; benchmarkIndex ${r.benchmarkIndex}`,
      ...(r.runWarnings.length
        ? r.runWarnings.map((w) => `  ${r.page} runWarning: ${w}`)
        : [`  ${r.page}: no runWarnings`]),
    ]);
    const legend = [
      "  score, FCP, LCP, TBT, Speed Index: Lighthouse's simulation of the preset; last visual change: observed in the unthrottled load.",
      "  dashboard: a signed-in load paints the sign-in screen first and shows the dashboard after the second-factor gate's deliberate 1 s,",
      "  so its LCP element may be the sign-in heading; the last visual change is when the dashboard appeared.",
    ];
    tables.push([table, ...notes, ...legend].join("\n"));
  }
  return tables.join("\n");
}

export function journeyTable(j: JourneyResult): string {
  const table = renderTable(
    `Browser journey, sign-up to Approve (${j.completed ? "completed" : `stopped at "${j.stoppedAt?.step}"`})`,
    ["step", "wall", "deliberate delay", "without delay"],
    [
      ...j.steps.map((s) => [
        s.step,
        ms(s.wallMs),
        s.deliberateMs ? ms(s.deliberateMs) : "",
        ms(s.wallMs - s.deliberateMs),
      ]),
      ["total", ms(j.totalMs), ms(j.deliberateMs), ms(j.totalMs - j.deliberateMs)],
    ],
  );
  return j.stoppedAt ? `${table}\n  stopped: ${j.stoppedAt.error}` : table;
}
