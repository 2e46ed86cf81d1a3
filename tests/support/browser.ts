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
