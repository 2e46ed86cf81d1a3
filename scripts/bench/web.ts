// The web section: one fresh production build, its bundle measured, then Lighthouse against a stack serving it.
import { buildProductionWeb, measureBundle, type WebBundleResult } from "./web-bundle";
import { benchLighthouse, type LighthouseResult } from "./lighthouse";
import { startRemoteStack } from "./remote-stack";
import { kb, ms } from "./stats";
import { renderTable } from "./table";

export interface WebResults {
  bundle: WebBundleResult;
  lighthouse?: LighthouseResult[];
  lighthouseError?: string;
}

export async function benchWeb(opts: { quick: boolean; log: (line: string) => void }): Promise<WebResults> {
  const build = await buildProductionWeb();
  try {
    const out: WebResults = { bundle: measureBundle(build.dir, build.info.buildMs) };
    const stack = await startRemoteStack({ webDist: build.dir });
    try {
      out.lighthouse = await benchLighthouse(stack, { runs: opts.quick ? 1 : 3, log: opts.log });
    } catch (err) {
      // The bundle's figures stand without Lighthouse's; the error fails --check.
      out.lighthouseError = err instanceof Error ? err.message : String(err);
    } finally {
      await stack.close();
    }
    return out;
  } finally {
    build.cleanup();
  }
}

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
    ],
  );
  const lazy = r.lazy.map(
    (l) =>
      `  ${l.what}: ${l.inInitial.length ? `IN THE INITIAL SET (${l.inInitial.slice(0, 3).join(", ")})` : `not initial; in ${l.chunks.join(", ") || "no chunk"}`}`,
  );
  return [chunks, ...lazy].join("\n");
}

export function lighthouseTable(rows: LighthouseResult[]): string {
  const table = renderTable(
    `Lighthouse ${rows[0]?.lighthouseVersion ?? "?"} performance, mobile preset (simulated slow 4G, 4x CPU), Debian's Chromium offline, median of ${rows[0]?.runs ?? 0} run(s)`,
    ["page", "score", "runs' scores", "FCP", "LCP", "TBT", "CLS", "ended on"],
    rows.map((r) => [
      r.page,
      r.median.score,
      r.scores.join(" "),
      ms(r.median.fcpMs),
      ms(r.median.lcpMs),
      ms(r.median.tbtMs),
      r.median.cls.toFixed(3),
      new URL(r.finalUrl).pathname,
    ]),
  );
  const warnings = rows.flatMap((r) => r.runWarnings.map((w) => `  ${r.page} runWarning: ${w}`));
  return [table, ...warnings].join("\n");
}
