// Every screen a browser test visits is checked the same way: an axe scan in the theme it is
// shown in (any violation fails the test) and a screenshot under test-artifacts/.
import AxeBuilder from "@axe-core/playwright";
import axe from "axe-core";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";

const ARTIFACTS_DIR = fileURLToPath(new URL("../../test-artifacts/e2e", import.meta.url));

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80);
}

class AccessibilityError extends Error {}

export type AxeViolation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/** axe.run in the page itself, or null when this document has no axe yet. */
const RUN_IN_PAGE = `typeof window.axe?.run === "function" ? axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations) : null`;

/**
 * axe's violations on the page and each frame in it. A page without frames gets axe-core's own
 * axe.run, loaded once per document; one with frames, AxeBuilder's scan of every frame (docs/decisions/0010).
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const frameless = () => page.frames().length === 1;
  if (frameless()) {
    let violations = await page.evaluate<AxeViolation[] | null>(RUN_IN_PAGE);
    if (!violations) {
      await page.evaluate(axe.source);
      violations = await page.evaluate<AxeViolation[] | null>(RUN_IN_PAGE);
    }
    if (violations && frameless()) return violations;
  }
  return (await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze()).violations;
}

/** Runs axe on the page as it is now; throws naming each violation and its elements. */
export async function assertAccessible(page: Page, screenName: string): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length === 0) return;
  const lines = violations.map(
    (v) =>
      `- ${v.id} (${v.impact ?? "?"}): ${v.help}\n    ${v.nodes
        .slice(0, 5)
        .map((n) => `${n.target.join(" ")} — ${n.failureSummary?.replace(/\n/g, " ") ?? ""}`)
        .join("\n    ")}`,
  );
  throw new AccessibilityError(`Accessibility violations on screen "${screenName}":\n${lines.join("\n")}`);
}

/** Groups written by this run: a group's folder is emptied on first use, so no stale shots remain. */
const freshGroups = new Set<string>();

export async function saveScreenshot(page: Page, group: string, name: string): Promise<string> {
  const dir = path.join(ARTIFACTS_DIR, slug(group));
  if (!freshGroups.has(dir)) {
    fs.rmSync(dir, { recursive: true, force: true });
    freshGroups.add(dir);
  }
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${slug(name)}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Waits until a signed-in screen has taken focus (web/src/lib/focus.ts): a click before it can be lost. */
export async function focusSettled(page: Page): Promise<void> {
  // A locator, not waitForFunction: the app's CSP (script-src 'self') refuses evaluated strings.
  await page.locator("#main-content :focus").waitFor();
}
