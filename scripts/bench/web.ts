// Sections 4 and 5 share one fresh production build and one stack serving it.
import { buildProductionWeb, measureBundle, type WebBundleResult } from "./web-bundle";
import { benchPages, type PageResult } from "./page-metrics";
import { benchLighthouse, type LighthouseResult } from "./lighthouse";
import { benchJourney, type JourneyResult } from "./journey";
import { startRemoteStack } from "./remote-stack";

export interface WebResults {
  bundle?: WebBundleResult;
  pages?: PageResult[];
  lighthouse?: LighthouseResult[];
  journey?: JourneyResult;
}

export async function benchWeb(opts: {
  pages: boolean;
  journey: boolean;
  quick: boolean;
  log: (line: string) => void;
  onError: (section: "web" | "journey", err: unknown) => void;
}): Promise<WebResults> {
  const out: WebResults = {};
  const build = await buildProductionWeb();
  try {
    if (opts.pages) out.bundle = measureBundle(build.dir, build.info.buildMs);
    const stack = await startRemoteStack({ webDist: build.dir });
    try {
      if (opts.pages) {
        try {
          out.pages = await benchPages(stack, {
            loads: opts.quick ? 2 : 5,
            cpuThrottles: opts.quick ? [1] : [1, 4],
            log: opts.log,
          });
        } catch (err) {
          opts.onError("web", err);
        }
        try {
          out.lighthouse = await benchLighthouse(stack, {
            runs: opts.quick ? 1 : 3,
            presets: ["desktop", "mobile"],
            log: opts.log,
          });
        } catch (err) {
          opts.onError("web", new Error(`Lighthouse: ${err instanceof Error ? err.message : String(err)}`));
        }
      }
      if (opts.journey) {
        try {
          out.journey = await benchJourney(stack, { log: opts.log });
        } catch (err) {
          opts.onError("journey", err);
        }
      }
    } finally {
      await stack.close();
    }
  } finally {
    build.cleanup();
  }
  return out;
}
