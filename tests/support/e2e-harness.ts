// The one browser-test harness: `setupE2E()` at a file's top level boots the stack (the worker's Chromium
// is shared); `e2e.open()` is a fresh context, closed after the test; `ui.screen(name)` runs axe and photographs.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { bootStack, type TestStack } from "./stack";
import type { StackOptions } from "../../scripts/stack";
import { localhostUrl, newBrowserContext, sharedChromium } from "./browser";
import { signInContext, type Founder } from "./founders";
import { storageInitScript } from "./init-script";
import { assertAccessible, saveScreenshot } from "./screens";

export type Theme = "light" | "dark";
export type Motion = "reduce" | "no-preference";

/** Reduced motion unless a test is about a transition: the delays stay, the costly fades go (docs/decisions/0010). */
export const BROWSER_MOTION: Motion = "reduce";

/** The web's theme preference (web/src/stores/theme.ts). */
export const THEME_STORAGE_KEY = "appThemeMode";

export interface OpenOptions {
  width?: number;
  height?: number;
  theme?: Theme;
  as?: Pick<Founder, "email" | "password">;
  /** With `as`: let an aal1 founder through the gate without enrolling (default true). */
  skipMfa?: boolean;
  /** The founder's motion preference (default BROWSER_MOTION): "no-preference" to see the transitions. */
  motion?: Motion;
}

export interface UiPage {
  page: Page;
  context: BrowserContext;
  goto(path: string): Promise<void>;
  /** Checks the screen as shown now: axe scan (fails on any violation) and a screenshot. */
  screen(name: string): Promise<void>;
  /** screen() at 375 and 1280 px in both themes (resized and re-themed in place), then as it was. */
  screenEachLook(name: string): Promise<void>;
  pageErrors: string[];
  read<T>(expression: string): Promise<T>;
}

export interface E2E {
  readonly stack: TestStack;
  readonly baseUrl: string;
  /** The auth service's URL as the web is told it (/app-config.json). */
  readonly browserAuthUrl: string;
  open(opts?: OpenOptions): Promise<UiPage>;
}

/** Lets a page's loading and transitions (the sign-in fade, view switches) settle before judging it. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page.waitForTimeout(250);
}

function currentTestName(): string {
  return expect.getState().currentTestName ?? "unnamed";
}

/** The stack's settings beyond the defaults (e.g. a session check without reuse, Google sign-in on). */
export interface StackSettings {
  env?: Record<string, string>;
  authSettings?: StackOptions["authSettings"];
}

export function setupE2E(settings: StackSettings = {}): E2E {
  let stack: TestStack | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  /** Pages showing something no screen() call has checked yet (navigated since). */
  const unchecked = new Set<Page>();
  let screenCount = 0;

  beforeAll(async () => {
    stack = await bootStack(settings.env, undefined, { authSettings: settings.authSettings });
    browser = await sharedChromium();
  });

  afterEach(async (ctx) => {
    screenCount = 0;
    if (ctx.task.result?.state === "fail") {
      // What the browser showed when the test failed, for the CI artifacts.
      for (const context of contexts)
        for (const [i, page] of context.pages().entries())
          await saveScreenshot(page, currentTestName(), `failure-${i}`).catch(() => undefined);
    }
    try {
      // Whatever a test left on screen unchecked is scanned too: every visited screen gets axe.
      for (const page of [...unchecked])
        if (!page.isClosed()) {
          await settle(page);
          await assertAccessible(page, `${page.url()} (end of test)`);
        }
    } finally {
      unchecked.clear();
      await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
    }
  });

  afterAll(async () => {
    await stack?.close();
  });

  const e2e: E2E = {
    get stack() {
      if (!stack) throw new Error("stack not started (call setupE2E() at the top level of the test file)");
      return stack;
    },
    get baseUrl() {
      return localhostUrl(e2e.stack.app.url);
    },
    get browserAuthUrl() {
      return localhostUrl(e2e.stack.config.auth.url);
    },
    async open(opts = {}) {
      if (!browser) throw new Error("browser not started");
      const context = await newBrowserContext(browser, {
        viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
        baseURL: e2e.baseUrl,
        reducedMotion: opts.motion ?? BROWSER_MOTION,
      });
      contexts.push(context);
      if (opts.theme) {
        const key = JSON.stringify(THEME_STORAGE_KEY);
        await context.addInitScript(
          storageInitScript(
            `if (!localStorage.getItem(${key})) localStorage.setItem(${key}, ${JSON.stringify(JSON.stringify({ data: opts.theme }))});`,
          ),
        );
      }
      if (opts.as)
        await signInContext(context, e2e.stack, opts.as, {
          browserAuthUrl: e2e.browserAuthUrl,
          skipMfa: opts.skipMfa ?? true,
        });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on("pageerror", (err) => pageErrors.push(err.message));
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame()) unchecked.add(page);
      });
      const ui: UiPage = {
        page,
        context,
        pageErrors,
        read: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
        async goto(path: string) {
          await page.goto(path);
        },
        async screen(name: string) {
          await settle(page);
          screenCount += 1;
          await saveScreenshot(page, currentTestName(), `${String(screenCount).padStart(2, "0")}-${name}`);
          await assertAccessible(page, name);
          unchecked.delete(page);
        },
        async screenEachLook(name: string) {
          const size = page.viewportSize() ?? { width: 1280, height: 800 };
          const theme = await page.evaluate("document.documentElement.dataset.theme");
          for (const width of [375, 1280])
            for (const look of ["light", "dark"]) {
              await page.setViewportSize({ width, height: size.height });
              await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(look)}`);
              await ui.screen(`${name}-${width}-${look}`);
            }
          await page.setViewportSize(size);
          await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(theme)}`);
        },
      };
      return ui;
    },
  };
  return e2e;
}
