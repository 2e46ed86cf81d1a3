// Browser suite for /ria (requirements §2, §5) against the real local stack: the questionnaire is answered,
// saved to the account and still there after a reload; the tax form downloads as a real PDF printing
// the answers on screen (fetched with the bearer token), and its receipt holds only for those answers
// (docs/decisions/0191); with the API stopped, Done shows the failure toast.
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { accountOf, founderAt } from "../support/founders";
import { httpApi } from "../support/http";
import { setupE2E } from "../support/e2e-harness";
import { screenInEveryLook } from "./edit-screens-suite";
import { labelOf } from "../support/entry";
import { pdfText } from "../support/pdf";

const e2e = setupE2E();

const riskStep = (page: Page, n: number) =>
  page.getByRole("group", { name: "Risk score (1 to 5)" }).getByRole("radio", { name: String(n), exact: true });

/** Downloads the tax form (the receipt can be acknowledged only after it), then ticks the box. */
async function downloadAndAcknowledge(page: Page): Promise<void> {
  const box = page.getByLabel("Acknowledge receipt");
  expect(await box.isDisabled()).toBe(true);
  await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download tax form" }).click()]);
  await expect.poll(() => box.isEnabled()).toBe(true);
  await box.check();
}

/** Downloads the tax form and reads what it prints. */
async function downloadedText(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download tax form" }).click(),
  ]);
  expect(await download.failure()).toBeNull();
  return pdfText(await readFile((await download.path())!));
}

const ANSWERS = {
  "Primary goal": "primary_goal_growth",
  "Horizon years": "horizon_years_5_10",
  "Liquidity needs": "liquidity_needs_low",
  "Federal tax bracket": "federal_tax_bracket_24",
  State: "us_state_new_york",
} as const;

describe("/ria", () => {
  it("answers the questionnaire, needs the receipt acknowledged, and the answers survive a reload", async () => {
    const founder = await founderAt("signed-up", { browser: e2e });
    const { ui } = founder;
    const { page } = ui;
    await ui.goto("/ria");
    await page.getByLabel("Primary goal").waitFor();
    await ui.screen("ria-1280-light-empty");

    // Tabbing through the empty form is not a mistake: nothing turns red.
    await page.getByLabel("Primary goal").focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press("Tab");
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
    expect(await page.getByText("Required", { exact: true }).count()).toBe(0);
    // A number out of range says so (not "Invalid format"), after the change.
    await page.getByLabel("Loss capacity (%)").fill("150");
    await page.getByLabel("Loss capacity (%)").blur();
    await page.getByText("Loss capacity must be between 0 and 100", { exact: true }).waitFor();

    // The score is a scale of five whole steps: a value off it cannot be entered (docs/decisions/0095).
    await riskStep(page, 4).check();
    await page.getByLabel("Loss capacity (%)").fill("25");
    for (const [label, value] of Object.entries(ANSWERS))
      await page.getByLabel(label, { exact: true }).selectOption(value);
    const done = page.getByRole("button", { name: "Done" });
    expect(await done.isDisabled()).toBe(true);
    await downloadAndAcknowledge(page);
    expect(await done.isEnabled()).toBe(true);
    await ui.screen("ria-1280-light-filled");
    await done.click();
    await page.getByText("RIA information updated successfully", { exact: true }).waitFor();
    await page.waitForURL((u) => u.pathname === "/");

    await ui.goto("/ria");
    await expect.poll(() => riskStep(page, 4).isChecked()).toBe(true);
    expect(await page.getByLabel("Loss capacity (%)").inputValue()).toBe("25");
    for (const [label, value] of Object.entries(ANSWERS))
      expect(await page.getByLabel(label, { exact: true }).inputValue(), label).toBe(value);
    // The receipt is acknowledged anew on each visit.
    expect(await page.getByLabel("Acknowledge receipt").isChecked()).toBe(false);

    const narrow = await e2e.open({ as: founder, width: 375, theme: "dark" });
    await narrow.goto("/ria");
    await expect.poll(() => riskStep(narrow.page, 4).isChecked()).toBe(true);
    await narrow.screen("ria-375-dark");
    expect(
      await narrow.read<number>("document.documentElement.scrollWidth - document.documentElement.clientWidth"),
    ).toBeLessThanOrEqual(0);
    // The other two looks, with a changed answer marked (after a change, not on focus).
    for (const look of [
      { width: 1280, theme: "dark" },
      { width: 375, theme: "light" },
    ] as const) {
      const other = await e2e.open({ as: founder, ...look });
      await other.goto("/ria");
      await expect.poll(() => riskStep(other.page, 4).isChecked()).toBe(true);
      await other.page.getByLabel("Loss capacity (%)").fill("150");
      await other.page.getByLabel("Loss capacity (%)").blur();
      await other.page.getByText("Loss capacity must be between 0 and 100", { exact: true }).waitFor();
      await other.screen(`ria-${look.width}-${look.theme}`);
    }
  });

  it("the tax form prints the answers on screen before Done; an answer changed after it unticks the receipt", async () => {
    const founder = await founderAt("signed-up", { browser: e2e });
    const accountId = await accountOf(httpApi(e2e.stack.app.url), { userId: founder.id, token: founder.token });
    const { ui } = founder;
    const { page } = ui;
    await ui.goto("/ria");
    // Nothing answered: the form would print nothing, so nothing downloads and the box stays shut.
    await page.getByRole("button", { name: "Download tax form" }).click();
    await page.getByText("Answer all seven questions first: the tax form prints your answers.").waitFor();
    expect(await page.getByLabel("Acknowledge receipt").isDisabled()).toBe(true);
    await screenInEveryLook(ui, "ria-answer-first");

    await riskStep(page, 4).check();
    await page.getByLabel("Loss capacity (%)").fill("25");
    for (const [label, value] of Object.entries(ANSWERS))
      await page.getByLabel(label, { exact: true }).selectOption(value);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download tax form" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`tax-form-${accountId}.pdf`);
    expect(await download.failure()).toBeNull();
    const printed = pdfText(await readFile((await download.path())!));
    for (const shown of ["4", "25%", ...Object.values(ANSWERS).map(labelOf)]) expect(printed).toContain(shown);
    expect(printed).not.toContain("not answered");
    const box = page.getByLabel("Acknowledge receipt");
    await expect.poll(() => box.isEnabled()).toBe(true);
    await box.check();

    // Another answer than the form prints: the receipt is taken back until the form is downloaded again.
    await riskStep(page, 2).check();
    await expect.poll(() => box.isChecked()).toBe(false);
    expect(await box.isDisabled()).toBe(true);
    await page.getByText("Your answers changed since the download").waitFor();
    expect(await page.getByRole("button", { name: "Done" }).isDisabled()).toBe(true);
    await screenInEveryLook(ui, "ria-answers-changed");
    const again = await downloadedText(page);
    expect(again).toMatch(/^2$/m);
    expect(again).not.toMatch(/^4$/m);
    await expect.poll(() => box.isEnabled()).toBe(true);
  });

  // Last in the file: it stops the app listener.
  it("shows 'Failed to update RIA information' when the API is down", async () => {
    const { ui } = await founderAt("signed-up", { browser: e2e });
    const { page } = ui;
    await ui.goto("/ria");
    await riskStep(page, 2).check();
    await page.getByLabel("Loss capacity (%)").fill("10");
    for (const [label, value] of Object.entries(ANSWERS))
      await page.getByLabel(label, { exact: true }).selectOption(value);
    await downloadAndAcknowledge(page);
    await e2e.stack.app.close();
    await page.getByRole("button", { name: "Done" }).click();
    await page.getByText("Failed to update RIA information", { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/ria");
    expect(await page.getByRole("button", { name: "Done" }).isEnabled()).toBe(true);
  });
});
