// 'Update license' on /edit-profile in a real browser, with the real widget and identity emulator:
// an unverified founder goes to the check directly; a verified one is told what updating means
// (a new document check, which clears the verification until it completes) and starts it or
// cancels; a started check asks for a document again and verifies anew (docs/decisions/0092).
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { setupE2E } from "../support/e2e-harness";
import { call } from "../support/http";
import { founderAt, type ProfiledFounder } from "../support/founders";
import { captureInWidget } from "../support/steps/actions";

const e2e = setupE2E();

const EXPLAIN = "Updating your license starts a new identity check";

async function verification(f: ProfiledFounder): Promise<{
  sumsub_applicant_id: string | null;
  sumsub_completed_at: string | null;
  sumsub_review_answer: string | null;
}> {
  const r = await call(e2e.stack.app.url, "GET", `/api/persons/${f.personId}`, { token: f.token });
  expect(r.status).toBe(200);
  return r.json as {
    sumsub_applicant_id: string | null;
    sumsub_completed_at: string | null;
    sumsub_review_answer: string | null;
  };
}

/** Capture in the dialog's widget as a person would, approved by the emulated reviewer; then closes. */
async function captureAndApprove(page: Page, f: ProfiledFounder): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Update license" });
  await captureInWidget(dialog.frameLocator("iframe"));
  await expect.poll(async () => (await verification(f)).sumsub_review_answer, { timeout: 20_000 }).toBe("GREEN");
  await dialog.getByRole("button", { name: "Close" }).click();
  await dialog.waitFor({ state: "detached" });
}

describe("'Update license'", () => {
  it("unverified: the check at once; verified: what it means, Cancel keeps the verification, Start clears it until the new check completes", async () => {
    const f = await founderAt("profile", { browser: e2e });
    const { ui } = f;
    const { page } = ui;
    await ui.goto("/edit-profile");
    const open = page.getByRole("button", { name: "Update license" });
    const dialog = page.getByRole("dialog", { name: "Update license" });

    await open.click();
    await dialog.frameLocator("iframe").getByRole("button", { name: "Upload document" }).waitFor();
    expect(await dialog.getByText(EXPLAIN).count()).toBe(0);
    await captureAndApprove(page, f);

    await open.click();
    await dialog.getByText(EXPLAIN).waitFor();
    expect(await dialog.locator("iframe").count()).toBe(0);
    await ui.screen("update-license-explain");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await verification(f)).toMatchObject({
      sumsub_review_answer: "GREEN",
      sumsub_completed_at: expect.any(String),
    });

    await open.click();
    await dialog.getByRole("button", { name: "Start new check" }).click();
    // A new capture, not the old verdict; and no longer verified meanwhile.
    await dialog.frameLocator("iframe").getByRole("button", { name: "Upload document" }).waitFor();
    expect(await verification(f)).toMatchObject({ sumsub_review_answer: null, sumsub_completed_at: null });
    await ui.screen("update-license-new-check");
    await captureAndApprove(page, f);
    expect(ui.pageErrors).toEqual([]);
  });

  it("a check only opened, or started anew, is 'not complete' on Edit Profile, never blamed on a name change", async () => {
    const f = await founderAt("profile", { browser: e2e });
    const { ui } = f;
    const { page } = ui;
    const open = page.getByRole("button", { name: "Update license" });
    const dialog = page.getByRole("dialog", { name: "Update license" });
    const closeDialog = async () => {
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "detached" });
    };
    const note = async () => {
      await ui.goto("/edit-profile");
      await page.getByLabel("First name").waitFor();
      return (await page.getByRole("status").allTextContents()).join(" ");
    };

    // Only opened: the widget records the applicant, nothing more.
    await ui.goto("/edit-profile");
    await open.click();
    await dialog.frameLocator("iframe").getByRole("button", { name: "Upload document" }).waitFor();
    await expect.poll(async () => (await verification(f)).sumsub_applicant_id, { timeout: 20_000 }).toBeTruthy();
    await closeDialog();
    let said = await note();
    expect(said).not.toContain("name changed");
    expect(said).toContain("Your identity check is not complete yet.");

    // Verified, then 'Start new check', then closed before capturing.
    await open.click();
    await captureAndApprove(page, f);
    await open.click();
    await dialog.getByRole("button", { name: "Start new check" }).click();
    await dialog.frameLocator("iframe").getByRole("button", { name: "Upload document" }).waitFor();
    await closeDialog();
    said = await note();
    expect(said).not.toContain("name changed");
    expect(said).toContain("Your identity check is not complete yet.");
    await ui.screen("edit-profile-check-not-complete");
  });

  it("the widget takes the app's dark theme (docs/decisions/0150), at 375 and 1280 px", async () => {
    const f = await founderAt("profile", { browser: e2e, open: { width: 375, theme: "dark" } });
    const { ui } = f;
    const { page } = ui;
    const dialog = page.getByRole("dialog", { name: "Update license" });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await ui.goto("/edit-profile");
      await page.getByRole("button", { name: "Update license" }).click();
      const frame = dialog.frameLocator("iframe");
      await frame.getByRole("button", { name: "Upload document" }).waitFor();
      expect(await frame.locator("body").getAttribute("data-theme")).toBe("dark");
      // The node side has no DOM types: the page's getComputedStyle, typed here.
      const background = await frame
        .locator("body")
        .evaluate(
          (b) =>
            (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(b)
              .backgroundColor,
        );
      expect(background).toBe("rgb(30, 30, 30)");
      await ui.screen(`update-license-widget-${width}-dark`);
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "detached" });
    }
  });
});
