// Debian's chromium through playwright-core (no browser download), with the flags the project's
// machines need.
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // Chromium 15x builds the address bar's suggestion popups as WebUI pages: two per browser context,
  // each in a renderer of its own, although a headless browser never shows them. The suite opens
  // hundreds of contexts; without these the browser's CPU for the axe suite fell by ~40 %
  // (docs/decisions/0022). Playwright merges this list with its own --disable-features.
  "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
];

/** Debian's Chromium, or CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** extraArgs: e.g. --host-resolver-rules, to reach a stack by a production-like host name. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** The stack listens on 127.0.0.1; browsers use localhost, which the app's config document names. */
export function localhostUrl(url: string): string {
  const u = new URL(url);
  if (u.hostname === "127.0.0.1") u.hostname = "localhost";
  return u.toString().replace(/\/$/, "");
}
