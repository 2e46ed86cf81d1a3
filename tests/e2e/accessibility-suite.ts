// axe on every screen and dialog of the catalogue (tests/support/screen-catalogue.ts) at 375 and
// 1280 px in both themes: 0 violations. Checked in parts (tests/e2e/accessibility-N.test.ts) that
// run side by side, each founder signed in once, each screen loaded once per theme.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootStack, type TestStack } from "../support/stack";
import { sharedChromium } from "../support/browser";
import { seedFounders, SHOTS, ShotBrowser, THEMES, variantCount, WIDTHS, type Shot } from "../support/screen-catalogue";
import type { Theme } from "../support/e2e-harness";
import { axeViolations, saveScreenshot } from "../support/screens";
import { scaled } from "../support/machine";

/** A floor the catalogue's count can never silently drop under (today's catalogue holds more). */
const MIN_SCREENS = 120;

/** How many files the catalogue is checked in (tests/e2e/accessibility-1..N.test.ts). */
const ACCESSIBILITY_PARTS = 3;

/** The catalogue in `parts` runs of consecutive shots with about as many variants each. */
function shotParts(parts: number, shots: readonly Shot[] = SHOTS): Shot[][] {
  const total = variantCount(shots);
  const result: Shot[][] = Array.from({ length: parts }, () => []);
  let seen = 0;
  for (const shot of shots) {
    // The part a shot belongs to: where the middle of its variants falls in the whole.
    const size = variantCount([shot]);
    const part = Math.min(parts - 1, Math.floor(((seen + size / 2) / total) * parts));
    result[part]!.push(shot);
    seen += size;
  }
  return result;
}

/** `work` on each item, one after another. */
async function inTurn<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await work(item));
  return results;
}

/** Declares the axe suite for part `part` (1-based) of ACCESSIBILITY_PARTS. */
export function describeAccessibilityPart(part: number): void {
  const shotsOfPart = shotParts(ACCESSIBILITY_PARTS)[part - 1];
  if (!shotsOfPart) throw new Error(`no accessibility part ${part} of ${ACCESSIBILITY_PARTS}`);
  let stack: TestStack | undefined;
  let shots: ShotBrowser | undefined;
  const checked: string[] = [];

  beforeAll(async () => {
    stack = await bootStack();
    shots = new ShotBrowser(await sharedChromium(), stack, await seedFounders(stack));
  }, scaled(180_000));

  afterAll(async () => {
    await shots?.close();
    await stack?.close();
  });

  /** The violations of one screen in one theme, at each of its widths, as readable lines (none: []). */
  async function violationsOf(shot: Shot, theme: Theme): Promise<string[]> {
    if (!shots) throw new Error("not started");
    const found: string[] = [];
    const nameAt = (width: number) => `${shot.name}-${theme}-${width}`;
    await shots.visit(
      shot,
      theme,
      async (page, width) => {
        const violations = await axeViolations(page);
        checked.push(nameAt(width));
        if (violations.length) await saveScreenshot(page, "accessibility", nameAt(width));
        found.push(
          ...violations.map(
            (v) =>
              `${nameAt(width)}: ${v.id} (${v.impact ?? "?"}) ${v.help} — ${v.nodes
                .slice(0, 3)
                .map((n) => n.target.join(" "))
                .join(", ")}`,
          ),
        );
      },
      async (page, width) => void (await saveScreenshot(page, "accessibility", `failed-${nameAt(width)}`)),
    );
    return found;
  }

  describe(`axe: every screen and dialog, both themes, both widths (browser), part ${part} of ${ACCESSIBILITY_PARTS}`, () => {
    for (const shot of shotsOfPart) {
      const widths = shot.widths ?? WIDTHS;
      it(`${shot.name}: 0 violations at ${widths.join(" and ")} px, light and dark`, async () => {
        // Both themes side by side (mostly waiting), except the enrol view, whose loads undo each other.
        const check = (theme: Theme) => violationsOf(shot, theme);
        const found = shot.enrol ? await inTurn(THEMES, check) : await Promise.all(THEMES.map(check));
        const violations = found.flat();
        expect(violations).toEqual([]);
      });
    }

    it(`checked every screen of part ${part}, and the ${ACCESSIBILITY_PARTS} parts hold the whole catalogue`, () => {
      console.log(
        `axe part ${part}: ${checked.length} screens checked (${shotsOfPart.length} screens and dialogs × widths × themes), 0 violations expected`,
      );
      expect(checked.length).toBe(variantCount(shotsOfPart));
      // The parts together are the catalogue: each screen in exactly one part, none left out.
      const inParts = shotParts(ACCESSIBILITY_PARTS).flat();
      expect(inParts.map((s) => s.name)).toEqual(SHOTS.map((s) => s.name));
      expect(variantCount(inParts)).toBeGreaterThanOrEqual(MIN_SCREENS);
    });
  });
}
