// Section 4b, page metrics: /sign-in and a signed-in founder's dashboard loaded in Debian's
// Chromium through playwright-core, each in a fresh context (cold cache), timings read in the page
// from PerformanceObserver: FCP, LCP, total blocking time from long tasks (the part of each task
// over 50 ms after FCP, as Lighthouse sums it), and JavaScript bytes transferred. These are lab
// figures on this machine, optionally with Chromium's CPU throttling; they are NOT a Lighthouse score.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "../../tests/support/browser";
import { localhostUrl } from "../../tests/support/browser";
import { createAuthUser, signInContext, type Founder } from "../../tests/support/founders";
import type { RemoteStack } from "./remote-stack";
import { median, round } from "./stats";

interface PageLoad {
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  longTasks: number;
  /** Navigation start to the page's ready marker (its main heading) being visible. */
  readyMs: number;
  jsTransferredBytes: number;
  jsDecodedBytes: number;
  jsRequests: number;
}

export interface PageResult {
  page: "sign-in" | "dashboard";
  cpuThrottle: number;
  loads: number;
  median: PageLoad;
}

/** Installed before any page script: buffered observers keep every entry from navigation on. */
const OBSERVE = `
  window.__bench = { lcp: 0, fcp: 0, longTasks: [] };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__bench.lcp = e.startTime; })
    .observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === "first-contentful-paint") window.__bench.fcp = e.startTime; })
    .observe({ type: "paint", buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__bench.longTasks.push([e.startTime, e.duration]); })
    .observe({ type: "longtask", buffered: true });
`;

const COLLECT = `(() => {
  const b = window.__bench;
  const tbt = b.longTasks.filter(([s]) => s >= b.fcp).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
  const js = performance.getEntriesByType("resource").filter((r) => r.initiatorType === "script" || /\\.m?js(\\?|$)/.test(r.name));
  return {
    fcpMs: b.fcp, lcpMs: b.lcp, tbtMs: tbt, longTasks: b.longTasks.length,
    jsTransferredBytes: js.reduce((s, r) => s + r.transferSize, 0),
    jsDecodedBytes: js.reduce((s, r) => s + r.decodedBodySize, 0),
    jsRequests: js.length,
  };
})()`;

/** The two measured pages: where each lives and the heading that shows it is ready. */
export const BENCH_PAGES: Record<PageResult["page"], { path: string; heading: string }> = {
  "sign-in": { path: "/sign-in", heading: "Welcome!" },
  dashboard: { path: "/", heading: "Account Strategies" },
};
/** Long tasks and LCP candidates can still arrive just after the heading shows. */
const SETTLE_MS = 1000;

async function loadOnce(
  browser: Browser,
  stack: RemoteStack,
  which: PageResult["page"],
  cpuThrottle: number,
  founder: Founder,
): Promise<PageLoad> {
  const baseURL = localhostUrl(stack.webAppUrl);
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL });
  try {
    if (which === "dashboard")
      await signInContext(context, stack, founder, {
        browserAuthUrl: localhostUrl(stack.config.auth.url),
        skipMfa: true,
      });
    await context.addInitScript(OBSERVE);
    const page: Page = await context.newPage();
    if (cpuThrottle > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuThrottle });
    }
    await page.goto(BENCH_PAGES[which].path, { waitUntil: "load" });
    await page.getByRole("heading", { name: BENCH_PAGES[which].heading }).waitFor({ timeout: 30_000 });
    const readyMs = (await page.evaluate("performance.now()")) as number;
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(SETTLE_MS);
    const m = (await page.evaluate(COLLECT)) as Omit<PageLoad, "readyMs">;
    return { ...m, readyMs };
  } finally {
    await context.close();
  }
}

function medianLoad(loads: PageLoad[]): PageLoad {
  const pick = (k: keyof PageLoad) => round(median(loads.map((l) => l[k])), 0);
  return {
    fcpMs: pick("fcpMs"),
    lcpMs: pick("lcpMs"),
    tbtMs: pick("tbtMs"),
    longTasks: pick("longTasks"),
    readyMs: pick("readyMs"),
    jsTransferredBytes: pick("jsTransferredBytes"),
    jsDecodedBytes: pick("jsDecodedBytes"),
    jsRequests: pick("jsRequests"),
  };
}

export async function benchPages(
  stack: RemoteStack,
  opts: { loads: number; cpuThrottles: number[]; log: (line: string) => void },
): Promise<PageResult[]> {
  const browser = await launchChromium();
  try {
    const founder = await createAuthUser(stack.config.auth);
    const results: PageResult[] = [];
    for (const cpuThrottle of opts.cpuThrottles) {
      for (const which of ["sign-in", "dashboard"] as const) {
        const loads: PageLoad[] = [];
        // One unmeasured load first: the server's own first-request work is not the page's.
        await loadOnce(browser, stack, which, cpuThrottle, founder);
        for (let i = 0; i < opts.loads; i++) loads.push(await loadOnce(browser, stack, which, cpuThrottle, founder));
        const r = { page: which, cpuThrottle, loads: loads.length, median: medianLoad(loads) };
        opts.log(
          `  ${which} (CPU ${cpuThrottle}x): LCP ${r.median.lcpMs} ms, FCP ${r.median.fcpMs} ms, TBT ${r.median.tbtMs} ms`,
        );
        results.push(r);
      }
    }
    return results;
  } finally {
    await browser.close();
  }
}
