// axe on every screen and dialog of the product (issue 17): the screen list `npm run screenshots`
// photographs (tests/support/screen-catalogue.ts, one source), each at 375 and 1280 px in the
// light and the dark theme, must have 0 violations. Founders are seeded once through the API and
// each signs in once; every screen then opens in a fresh context from that session, directly at
// its own address.
// The run prints how many screens were checked and fails if that falls below the catalogue's size.
import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootStack, type TestStack } from "../support/stack";
import { launchChromium } from "../support/browser";
import { seedFounders, SHOTS, ShotBrowser, THEMES, variantCount, WIDTHS, type Shot } from "../support/screen-catalogue";
import { saveScreenshot } from "../support/screens";

/** A floor the count can never silently drop under (today's catalogue holds more). */
const MIN_SCREENS = 120;

let stack: TestStack | undefined;
let browser: Browser | undefined;
let shots: ShotBrowser | undefined;
const checked: string[] = [];

beforeAll(async () => {
  stack = await bootStack();
  browser = await launchChromium();
  shots = new ShotBrowser(browser, stack, await seedFounders(stack));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/** The violations of one screen in one width and theme, as readable lines (none: []). */
async function violationsOf(shot: Shot, width: number, theme: "light" | "dark"): Promise<string[]> {
  if (!shots) throw new Error("not started");
  const name = `${shot.name}-${theme}-${width}`;
  const { context, page } = await shots.open(shot, width, theme);
  try {
    await shots.show(shot, page);
    const result = await new AxeBuilder({ page }).analyze();
    checked.push(name);
    if (result.violations.length) await saveScreenshot(page, "accessibility", name);
    return result.violations.map((v) => `${name}: ${v.id} (${v.impact ?? "?"}) ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  } catch (err) {
    await saveScreenshot(page, "accessibility", `failed-${name}`).catch(() => undefined);
    throw err;
  } finally {
    await context.close();
  }
}

/** `work` on each item, one after another. */
async function inTurn<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await work(item));
  return results;
}

describe("axe: every screen and dialog, both themes, both widths (browser)", () => {
  for (const shot of SHOTS) {
    const widths = shot.widths ?? WIDTHS;
    it(`${shot.name}: 0 violations at ${widths.join(" and ")} px, light and dark`, async () => {
      // Every width and theme of a screen runs side by side, each in a fresh context: most of a
      // screen's time is waiting (the sign-in gate's delay, network idle), not CPU. Except the
      // enrol view: each one removes the founder's unfinished factors and enrols anew under the
      // app's one factor name, so side by side they would undo each other.
      const variants = widths.flatMap((width) => THEMES.map((theme) => ({ width, theme })));
      const check = ({ width, theme }: (typeof variants)[number]) => violationsOf(shot, width, theme);
      const found = shot.enrol ? await inTurn(variants, check) : await Promise.all(variants.map(check));
      const violations = found.flat();
      expect(violations).toEqual([]);
    });
  }

  it("checked every screen of the catalogue", () => {
    console.log(`axe: ${checked.length} screens checked (${SHOTS.length} screens and dialogs × widths × themes), 0 violations expected`);
    expect(checked.length).toBe(variantCount(SHOTS));
    expect(checked.length).toBeGreaterThanOrEqual(MIN_SCREENS);
  });
});
