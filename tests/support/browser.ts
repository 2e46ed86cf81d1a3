// Debian's chromium through playwright-core (no browser download), with the flags this project needs.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from "playwright-core";
import { CHROMIUM_PATH } from "./system-deps";
import { scaled } from "./machine";

/** Playwright's own disabled Chromium features (playwright-core 1.65, chromiumSwitches; the Windows- and Edge-only ones left out). */
const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
];

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // No address-bar WebUI popups (docs/decisions/0022). Chromium honours only the last
  // --disable-features, so this repeats Playwright's own list.
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"].join(",")}`,
];

export { CHROMIUM_PATH };

/** extraArgs: e.g. --host-resolver-rules, to reach a stack by a production-like host name. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** The browser of this test process: one per worker, kept from file to file (each file's contexts are its own). */
export function sharedChromium(): Promise<Browser> {
  const key = Symbol.for("founder-foundation.shared-chromium");
  const slot = globalThis as { [key]?: Promise<Browser> };
  if (!slot[key]) {
    const launched = launchChromium();
    slot[key] = launched;
    // Another launch next time if this one failed or the browser went away.
    const forget = () => slot[key] === launched && delete slot[key];
    launched.then((b) => b.on("disconnected", forget), forget);
  }
  return slot[key];
}

/** Playwright's own limit for an action, a wait or a navigation (30 s), for this machine (tests/support/machine.ts). */
export const BROWSER_STEP_TIMEOUT_MS = scaled(30_000);

/** A browser context whose actions, waits and navigations have this machine's limit: every test context is made here. */
export async function newBrowserContext(browser: Browser, opts: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(opts);
  context.setDefaultTimeout(BROWSER_STEP_TIMEOUT_MS);
  return context;
}

/** The stack listens on 127.0.0.1; browsers use localhost, which the app's config document names. */
export function localhostUrl(url: string): string {
  const u = new URL(url);
  if (u.hostname === "127.0.0.1") u.hostname = "localhost";
  return u.toString().replace(/\/$/, "");
}
