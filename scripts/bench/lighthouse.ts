// Lighthouse (performance category, its default mobile preset, simulated throttling) run
// programmatically against Debian's Chromium, offline, on /sign-in and a signed-in founder's
// dashboard, each run in its own Chromium with a fresh profile. For the dashboard the founder's
// session is placed in localStorage first (a same-origin document that loads no app code) and kept
// (disableStorageReset); a run counts only when it ended on its page with its heading.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import lighthouse, { type Config, type Flags, type RunnerResult } from "lighthouse";
import { localhostUrl } from "../../tests/support/browser";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/support/browser";
import {
  createAuthUser,
  signInThroughApi,
  storageKeyFor,
  MFA_SKIPPED_KEY,
  type Founder,
} from "../../tests/support/founders";
import type { RemoteStack } from "./remote-stack";
import { median, round } from "./stats";

/** The flags the e2e tests use, with the new headless mode Lighthouse expects. */
const CHROMIUM_FLAGS = ["--headless=new", ...CHROMIUM_ARGS.filter((flag) => flag !== "--headless")];
/** Lighthouse's default config: the mobile preset (Moto G Power screen, slow 4G, 4x CPU). */
const MOBILE: Config = { extends: "lighthouse:default" };

type LighthousePage = "sign-in" | "dashboard";
const PAGES: Record<LighthousePage, { path: string; heading: string }> = {
  "sign-in": { path: "/sign-in", heading: "Welcome!" },
  dashboard: { path: "/", heading: "Account Strategies" },
};

/** Performance category score (0–100) and the metrics. */
type LighthouseRun = { score: number; fcpMs: number; lcpMs: number; tbtMs: number; cls: number };

export interface LighthouseResult {
  page: LighthousePage;
  lighthouseVersion: string;
  runs: number;
  /** Each run's score, in run order. */
  scores: number[];
  /** Per-metric median over the runs (each metric on its own). */
  median: LighthouseRun;
  /** The URL the last run ended on (proof the dashboard run was not the sign-in page). */
  finalUrl: string;
  runWarnings: string[];
}

/** One Chromium with a fresh profile; `close` kills it and deletes the profile. */
async function launch(): Promise<{ port: number; close(): Promise<void> }> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-bench-lighthouse-"));
  const remove = () => fs.rmSync(userDataDir, { recursive: true, force: true, maxRetries: 3, retryDelay: 200 });
  const flags = { chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, userDataDir, handleSIGINT: false };
  const chrome = await chromeLauncher.launch({ ...flags, logLevel: "silent" }).catch((err: unknown) => {
    remove();
    throw err;
  });
  const exited = new Promise((resolve) => chrome.process.once("exit", resolve));
  return {
    port: chrome.port,
    close: async () => {
      chrome.kill();
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      remove();
    },
  };
}

/** Opens a same-origin document that loads no app code and stores the founder's session for this tab. */
async function placeSession(page: Page, stack: RemoteStack, origin: string, founder: Founder): Promise<void> {
  const session = await signInThroughApi(stack, founder);
  await page.goto(`${origin}/app-config.json`, { waitUntil: "load" });
  const key = storageKeyFor(localhostUrl(stack.config.auth.url));
  // Page source as text: the node-side types have no DOM (as in tests/support/founders.ts).
  await page.evaluate(
    `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(JSON.stringify(session))}); localStorage.setItem(${JSON.stringify(MFA_SKIPPED_KEY)}, ${JSON.stringify(session.user.id)});`,
  );
  const cdp = await page.createCDPSession();
  try {
    await cdp.send("Network.clearBrowserCache");
  } finally {
    await cdp.detach();
  }
}

async function hasHeading(page: Page, text: string): Promise<boolean> {
  const found = await page.evaluate(
    `[...document.querySelectorAll("h1,h2,h3,[role=heading]")].some((h) => h.textContent.includes(${JSON.stringify(text)}))`,
  );
  return found === true;
}

function numeric(result: RunnerResult, audit: string): number {
  const v = result.lhr.audits[audit]?.numericValue;
  if (typeof v !== "number") throw new Error(`Lighthouse gave no value for ${audit}`);
  return v;
}

type OneRun = { run: LighthouseRun; finalUrl: string; warnings: string[]; version: string };

async function runOnce(stack: RemoteStack, which: LighthousePage, founder: Founder): Promise<OneRun> {
  const origin = localhostUrl(stack.webAppUrl);
  const chrome = await launch();
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    // A new tab: on the launcher's initial about:blank tab Lighthouse finds no navigationStart (NO_NAVSTART).
    const page = await browser.newPage();
    const signedIn = which === "dashboard";
    if (signedIn) await placeSession(page, stack, origin, founder);
    const flags: Flags = { logLevel: "error", output: "json", onlyCategories: ["performance"] };
    const result = await lighthouse(
      `${origin}${PAGES[which].path}`,
      { ...flags, disableStorageReset: signedIn },
      MOBILE,
      page,
    );
    if (!result) throw new Error("Lighthouse returned no result");
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse ${which}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = lhr.categories.performance?.score;
    if (typeof score !== "number")
      throw new Error(`Lighthouse ${which}: no score (runWarnings: ${lhr.runWarnings.join(" | ") || "none"})`);
    const finalUrl = lhr.finalDisplayedUrl;
    if (!(await hasHeading(page, PAGES[which].heading)))
      throw new Error(`Lighthouse ${which} ended on ${finalUrl} without the heading "${PAGES[which].heading}"`);
    return {
      run: {
        score: Math.round(score * 100),
        fcpMs: numeric(result, "first-contentful-paint"),
        lcpMs: numeric(result, "largest-contentful-paint"),
        tbtMs: numeric(result, "total-blocking-time"),
        cls: numeric(result, "cumulative-layout-shift"),
      },
      finalUrl,
      warnings: lhr.runWarnings.map(String),
      version: lhr.lighthouseVersion,
    };
  } finally {
    await browser?.disconnect().catch(() => undefined);
    await chrome.close();
  }
}

/** Lighthouse's own "run it again" failures: its trace of the load was unusable, not the page. */
const TRACE_FAILURES = /\b(NO_NAVSTART|NO_FCP|NO_LCP|NO_TRACING_STARTED|NO_DCL|NO_RESOURCE_REQUEST)\b/;
const TRACE_ATTEMPTS = 3;

async function runRetryingTrace(stack: RemoteStack, which: LighthousePage, founder: Founder, log: (l: string) => void) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(stack, which, founder);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (attempt >= TRACE_ATTEMPTS || !TRACE_FAILURES.test(message)) throw err;
      log(`    lighthouse ${which}: trace unusable, run again (${message.slice(0, 80)})`);
    }
  }
}

export async function benchLighthouse(
  stack: RemoteStack,
  opts: { runs: number; log: (line: string) => void },
): Promise<LighthouseResult[]> {
  const founder = await createAuthUser(stack.config.auth);
  const results: LighthouseResult[] = [];
  for (const which of ["sign-in", "dashboard"] as const) {
    const done: OneRun[] = [];
    for (let i = 0; i < opts.runs; i++) done.push(await runRetryingTrace(stack, which, founder, opts.log));
    const pick = (k: keyof LighthouseRun, digits = 0) => round(median(done.map((d) => d.run[k])), digits);
    const r: LighthouseResult = {
      page: which,
      lighthouseVersion: done[0]?.version ?? "?",
      runs: done.length,
      scores: done.map((d) => d.run.score),
      median: {
        score: pick("score"),
        fcpMs: pick("fcpMs"),
        lcpMs: pick("lcpMs"),
        tbtMs: pick("tbtMs"),
        cls: pick("cls", 3),
      },
      finalUrl: done[done.length - 1]?.finalUrl ?? "",
      runWarnings: [...new Set(done.flatMap((d) => d.warnings))],
    };
    opts.log(`  lighthouse ${which}: score ${r.median.score} [${r.scores.join(", ")}], TBT ${r.median.tbtMs} ms`);
    results.push(r);
  }
  return results;
}
