// The web section: one fresh production build, its bundle measured, then Lighthouse against a stack serving it.
import { buildProductionWeb, measureBundle, type WebBundleResult } from "./web-bundle";
import { benchLighthouse, type LighthouseResult } from "./lighthouse";
import { startRemoteStack } from "./remote-stack";

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
