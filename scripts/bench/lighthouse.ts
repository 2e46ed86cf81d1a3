// Section 4c, Lighthouse: the `lighthouse` package (performance category only) run programmatically
// against Debian's Chromium, offline, for /sign-in (anonymous) and a signed-in founder's dashboard
// (`/`, heading "Account Strategies"), with Lighthouse's desktop preset and its default (mobile)
// preset. Both presets use Lighthouse's simulated throttling (Lantern): the score and the metrics
// are what the page would do on the preset's network and CPU, computed from an unthrottled load.
//
// Every run gets its own Chromium (chrome-launcher, fresh temporary profile, killed and deleted
// afterwards) and its own Lighthouse run. For the dashboard the founder's supabase-js session has
// to be in localStorage before Lighthouse navigates: puppeteer-core connects to that Chromium,
// opens a small same-origin document (/app-config.json, so no app script or asset is cached),
// writes the session under the auth client's storage key plus the tab's "TOTP enrolment skipped"
// flag, clears the HTTP cache, and hands the page to Lighthouse with disableStorageReset (else
// Lighthouse would wipe the origin's storage first). A dashboard run counts only when it really
// ended on the dashboard: final URL not /sign-in and the heading present in the page afterwards.
// Note that a signed-in load first paints the sign-in screen ("Welcome!") while the second-factor
// gate runs, and the dashboard follows after the gate's deliberate 1 s (requirements §9): Lighthouse's LCP
// element for the dashboard is then that first heading, so the table also gives the last visual
// change observed in the (unthrottled) load, which is when the dashboard appeared.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import lighthouse, { type Config, type Flags, type RunnerResult } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { localhostUrl } from "../../tests/support/browser";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/support/browser";
import { BENCH_PAGES } from "./page-metrics";
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

export type LighthousePreset = "desktop" | "mobile";
type LighthousePage = "sign-in" | "dashboard";

interface LighthouseRun {
  /** Performance category score, 0–100. */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  totalByteWeight: number;
  /**
   * Last visual change as observed in the unthrottled load (not simulated): for the dashboard this
   * is when the dashboard replaced the sign-in gate's screen.
   */
  observedLastVisualChangeMs: number;
}

export interface LighthouseResult {
  page: LighthousePage;
  preset: LighthousePreset;
  lighthouseVersion: string;
  runs: number;
  /** Each run's score, in run order. */
  scores: number[];
  /** Per-metric median over the runs (each metric on its own). */
  median: LighthouseRun;
  /** The URL the last run ended on (proof the dashboard run was not the sign-in page). */
  finalUrl: string;
  /** Lighthouse's description of the LCP element in the last run. */
  lcpElement?: string;
  /** Lighthouse's benchmarkIndex of this machine (its CPU speed estimate), median. */
  benchmarkIndex: number;
  /** Every distinct runWarning over the runs. */
  runWarnings: string[];
}

const CONFIGS: Record<LighthousePreset, Config> = {
  desktop: desktopConfig,
  // Lighthouse's default config is the mobile preset (Moto G Power screen, slow 4G, 4x CPU).
  mobile: { extends: "lighthouse:default" },
};

/** One Chromium with a fresh profile; `close` kills its process group and deletes the profile. */
async function launch(): Promise<{ port: number; close(): Promise<void> }> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-bench-lighthouse-"));
  let chrome: chromeLauncher.LaunchedChrome;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: CHROMIUM_FLAGS,
      userDataDir,
      handleSIGINT: false,
      logLevel: "silent",
    });
  } catch (err) {
    fs.rmSync(userDataDir, { recursive: true, force: true });
    throw err;
  }
  const proc = chrome.process;
  const exited = new Promise<void>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve();
    else proc.once("exit", () => resolve());
  });
  return {
    port: chrome.port,
    async close() {
      try {
        chrome.kill();
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      } finally {
        fs.rmSync(userDataDir, { recursive: true, force: true, maxRetries: 3, retryDelay: 200 });
      }
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

/** Whether the page shows a heading with this text (checked after Lighthouse finished). */
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

/** A figure of the unthrottled trace, from the `metrics` audit's details. */
function observed(result: RunnerResult, key: string): number {
  const item = (result.lhr.audits.metrics?.details as { items?: Array<Record<string, unknown>> } | undefined)
    ?.items?.[0];
  const v = item?.[key];
  if (typeof v !== "number") throw new Error(`Lighthouse gave no ${key}`);
  return v;
}

interface OneRun {
  run: LighthouseRun;
  finalUrl: string;
  lcpElement?: string;
  benchmarkIndex: number;
  warnings: string[];
  version: string;
}

async function runOnce(
  stack: RemoteStack,
  which: LighthousePage,
  preset: LighthousePreset,
  founder: Founder,
): Promise<OneRun> {
  const origin = localhostUrl(stack.webAppUrl);
  const url = `${origin}${BENCH_PAGES[which].path}`;
  const chrome = await launch();
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    // A new tab: on the launcher's initial about:blank tab Lighthouse finds no navigationStart
    // for the page in its trace (NO_NAVSTART).
    const page = await browser.newPage();
    const signedIn = which === "dashboard";
    if (signedIn) await placeSession(page, stack, origin, founder);
    const flags: Flags = {
      logLevel: "error",
      output: "json",
      onlyCategories: ["performance"],
      disableStorageReset: signedIn,
    };
    const result = await lighthouse(url, flags, CONFIGS[preset], page);
    if (!result) throw new Error("Lighthouse returned no result");
    const { lhr } = result;
    if (lhr.runtimeError)
      throw new Error(`Lighthouse ${which} (${preset}): ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = lhr.categories.performance?.score;
    if (typeof score !== "number")
      throw new Error(
        `Lighthouse ${which} (${preset}): no performance score (runWarnings: ${lhr.runWarnings.join(" | ") || "none"})`,
      );
    const finalUrl = lhr.finalDisplayedUrl;
    if (which === "dashboard" && new URL(finalUrl).pathname.startsWith("/sign-in"))
      throw new Error(`Lighthouse dashboard (${preset}) ended on ${finalUrl}: not signed in`);
    if (!(await hasHeading(page, BENCH_PAGES[which].heading)))
      throw new Error(
        `Lighthouse ${which} (${preset}) ended on ${finalUrl} without the heading "${BENCH_PAGES[which].heading}"`,
      );
    const lcpItems = (
      lhr.audits["largest-contentful-paint-element"]?.details as
        { items?: Array<{ items?: Array<{ node?: { nodeLabel?: string; snippet?: string } }> }> } | undefined
    )?.items;
    const lcpNode = lcpItems?.[0]?.items?.[0]?.node;
    return {
      run: {
        score: Math.round(score * 100),
        fcpMs: numeric(result, "first-contentful-paint"),
        lcpMs: numeric(result, "largest-contentful-paint"),
        tbtMs: numeric(result, "total-blocking-time"),
        cls: numeric(result, "cumulative-layout-shift"),
        speedIndexMs: numeric(result, "speed-index"),
        totalByteWeight: numeric(result, "total-byte-weight"),
        observedLastVisualChangeMs: observed(result, "observedLastVisualChange"),
      },
      finalUrl,
      lcpElement: lcpNode ? `${lcpNode.nodeLabel ?? ""} ${lcpNode.snippet ?? ""}`.trim() : undefined,
      benchmarkIndex: lhr.environment.benchmarkIndex,
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

/** One run; a run whose trace Lighthouse could not use (a loaded machine drops trace events) is run again. */
async function runRetryingTrace(
  stack: RemoteStack,
  which: LighthousePage,
  preset: LighthousePreset,
  founder: Founder,
  log: (line: string) => void,
): Promise<OneRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(stack, which, preset, founder);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (attempt >= TRACE_ATTEMPTS || !TRACE_FAILURES.test(message)) throw err;
      log(`    lighthouse ${which} (${preset}): trace unusable, run again (${message.slice(0, 80)})`);
    }
  }
}

function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const pick = (k: keyof LighthouseRun, digits = 0) => round(median(runs.map((r) => r[k])), digits);
  return {
    score: pick("score"),
    fcpMs: pick("fcpMs"),
    lcpMs: pick("lcpMs"),
    tbtMs: pick("tbtMs"),
    cls: pick("cls", 3),
    speedIndexMs: pick("speedIndexMs"),
    totalByteWeight: pick("totalByteWeight"),
    observedLastVisualChangeMs: pick("observedLastVisualChangeMs"),
  };
}

export async function benchLighthouse(
  stack: RemoteStack,
  opts: { runs: number; presets: LighthousePreset[]; log: (line: string) => void },
): Promise<LighthouseResult[]> {
  const started = performance.now();
  const founder = await createAuthUser(stack.config.auth);
  const results: LighthouseResult[] = [];
  for (const preset of opts.presets) {
    for (const which of ["sign-in", "dashboard"] as const) {
      const done: OneRun[] = [];
      for (let i = 0; i < opts.runs; i++) done.push(await runRetryingTrace(stack, which, preset, founder, opts.log));
      const last = done[done.length - 1];
      if (!last) throw new Error("no Lighthouse run");
      const r: LighthouseResult = {
        page: which,
        preset,
        lighthouseVersion: last.version,
        runs: done.length,
        scores: done.map((d) => d.run.score),
        median: medianRun(done.map((d) => d.run)),
        finalUrl: last.finalUrl,
        lcpElement: last.lcpElement,
        benchmarkIndex: round(median(done.map((d) => d.benchmarkIndex)), 0),
        runWarnings: [...new Set(done.flatMap((d) => d.warnings))],
      };
      opts.log(
        `  lighthouse ${which} (${preset}): score ${r.median.score} [${r.scores.join(", ")}], LCP ${r.median.lcpMs} ms, TBT ${r.median.tbtMs} ms, ended on ${new URL(r.finalUrl).pathname}`,
      );
      for (const w of r.runWarnings) opts.log(`    runWarning: ${w}`);
      results.push(r);
    }
  }
  opts.log(`  lighthouse: ${results.length * opts.runs} runs in ${round((performance.now() - started) / 1000, 0)} s`);
  return results;
}
