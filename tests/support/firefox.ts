// Debian's Firefox ESR through puppeteer-core over WebDriver BiDi, and the happy path's page
// (steps/actions.ts) on it: the founder's journey runs in a second engine without a second copy.
import net from "node:net";
import puppeteer, { type Browser, type ElementHandle, type Frame, type Page } from "puppeteer-core";
import type { JourneyPage, Loc, Scope } from "./steps/actions";
import { BROWSER_STEP_TIMEOUT_MS } from "./browser";
import { FIREFOX_PATH } from "./system-deps";
import { scaled } from "./machine";

/** Loopback only: a request for another host goes to a recorder; test prefs (puppeteer's, Firefox's) keep it still. */
const prefs = (recorderPort: number) => ({
  "network.proxy.type": 1,
  "network.proxy.http": "127.0.0.1",
  "network.proxy.http_port": recorderPort,
  "network.proxy.ssl": "127.0.0.1",
  "network.proxy.ssl_port": recorderPort,
  "services.settings.server": "data:,#remote-settings-dummy/v1", // still, with MOZ_DISABLE_NONLOCAL_CONNECTIONS
  "ui.prefersReducedMotion": 1, // as the Chromium suites (docs/decisions/0010)
});

export interface Firefox {
  browser: Browser;
  outside: string[]; // what Firefox asked of a host beyond loopback: the first line of each request
  close(): Promise<void>;
}

/** Headless, a fresh profile (puppeteer makes one and deletes it), 1280 × 800. */
export async function launchFirefox(): Promise<Firefox> {
  const outside: string[] = [];
  const recorder = net.createServer((socket) => {
    socket.on("error", () => undefined);
    socket.once("data", (d) => {
      outside.push(d.toString().split("\r\n")[0] ?? "");
      socket.destroy();
    });
  });
  await new Promise<void>((resolve) => recorder.listen(0, "127.0.0.1", resolve));
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX_PATH,
    headless: true,
    defaultViewport: { width: 1280, height: 800 },
    extraPrefsFirefox: prefs((recorder.address() as net.AddressInfo).port),
    timeout: scaled(30_000),
    env: { ...process.env, MOZ_DISABLE_NONLOCAL_CONNECTIONS: "1" },
  });
  return { browser, outside, close: async () => void (await browser.close(), recorder.close()) };
}

type Field = Element & {
  // an element as the steps read it (the node-side types have no DOM)
  checked: boolean;
  textContent: string | null;
  options: Array<{ label: string; value: string }>;
  dispatchEvent(event: Event): boolean;
};

function lit(text: string): string {
  if (text.includes('"')) throw new Error(`no XPath string for a name with a double quote: ${text}`);
  return `"${text}"`;
}

/** The elements of each role the steps ask for, native or by attribute. */
const ROLES: Record<Parameters<Scope["getByRole"]>[0], string> = {
  button: "self::button or @role='button'",
  dialog: "self::dialog or @role='dialog'",
  heading: "self::h1 or self::h2 or self::h3 or self::h4 or self::h5 or self::h6 or @role='heading'",
  list: "self::ul or self::ol or @role='list'",
};

/** A name as these roles take it (aria-label, else aria-labelledby's text, else the element's own), whole. */
const named = (n: string) =>
  `normalize-space(@aria-label)=${lit(n)} or not(@aria-label) and (normalize-space(id(@aria-labelledby))=${lit(n)} or not(@aria-labelledby) and normalize-space(.)=${lit(n)})`;

/** The field a label names, as Playwright finds it: label[for], a wrapping label, aria-label; part of its text unless exact. */
function labelled(text: string, exact = false): string {
  const has = exact ? `normalize-space(.)=${lit(text)}` : `contains(., ${lit(text)})`;
  const field = "*[self::input or self::select or self::textarea]";
  return `.//*[@id=//label[${has}]/@for] | .//label[${has}]//${field} | .//*[contains(@aria-label, ${lit(text)})]`;
}

/** Playwright's locators as queries run in the page: puppeteer's aria ones cost a BiDi round trip per frame of a wait. */
function scope(frame: () => Promise<Frame>, within: string): Scope {
  const at = (query: string) => locator(frame, `${within}${query}`);
  const xpath = (path: string) => at(`::-p-xpath(${JSON.stringify(path)})`);
  return {
    getByRole: (role, o = {}) => xpath(`.//*[(${ROLES[role]})${o.name ? ` and (${named(o.name)})` : ""}]`),
    getByLabel: (text, o = {}) => xpath(labelled(text, o.exact)),
    getByText: (text) => at(`::-p-text(${JSON.stringify(text)})`),
  };
}

function locator(frame: () => Promise<Frame>, selector: string): Loc {
  const timeout = BROWSER_STEP_TIMEOUT_MS;
  const wait = async (query: string, hidden = false) =>
    (await frame()).waitForSelector(query, hidden ? { hidden, timeout } : { visible: true, timeout });
  const shown = async (field = false) =>
    (await wait(field ? `${selector}:enabled` : selector)) as unknown as ElementHandle<Field>;
  const act = async () => (await frame()).locator(selector).setTimeout(timeout);
  return {
    ...scope(frame, `${selector} >>> `),
    waitFor: async (o) => void (await wait(selector, o?.state === "detached")),
    click: async () => (await act()).click(),
    fill: async (value) => {
      const field = await shown(true);
      await field.focus();
      // Through the value's own setter, not React's tracking one on the element, so React sees the change (as Playwright).
      await field.evaluate((e, v) => {
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(e), "value")?.set?.call(e, v);
        e.dispatchEvent(new Event("input", { bubbles: true }));
      }, value);
    },
    check: async () => {
      if (!(await (await shown()).evaluate((e) => e.checked))) await (await act()).click();
    },
    pressSequentially: async (text) => (await shown(true)).type(text),
    selectOption: async ({ label }) => {
      const select = await shown(true);
      const value = await select.evaluate((s, l) => [...s.options].find((o) => o.label === l)?.value, label);
      return select.select(value ?? label);
    },
    textContent: async () => (await shown()).evaluate((e) => e.textContent),
  };
}

/** The page as the journey drives it; paths resolve against `baseUrl`. */
export function journeyPage(page: Page, baseUrl: string): JourneyPage {
  page.setDefaultTimeout(BROWSER_STEP_TIMEOUT_MS);
  const main = async () => page.mainFrame();
  return {
    ...scope(main, ""),
    goto: (url) => page.goto(new URL(url, baseUrl).href),
    getByTestId: (id) => locator(main, `[data-testid=${JSON.stringify(id)}]`),
    frameLocator: (selector) =>
      scope(async () => {
        const frame = await (await page.waitForSelector(selector))?.contentFrame();
        if (!frame) throw new Error(`no frame in ${selector}`);
        return frame;
      }, ""),
    async waitForURL(test, { timeout }) {
      const deadline = Date.now() + timeout;
      while (!test(new URL(page.url()))) {
        if (Date.now() > deadline) throw new Error(`waitForURL: still at ${page.url()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}
