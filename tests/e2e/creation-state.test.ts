// One creation state, shown the same everywhere (docs/decisions/0145, 0146), in a real browser:
// - a typed link cannot skip a step: a later step redirects to the first one not done, and nothing
//   of it is saved;
// - a new identity check after submission reads the same on step 3, the stepper and the dashboard,
//   and converges again once the check completes;
// - Edit Foundation gives the real reason its names are read-only;
// - Approve's dialog says when each fee is charged and what is attested; after Submit the toasts and
//   the dashboard say what happens next; the menu's pages with no screen say "Coming soon".
// Each changed screen is checked (axe + screenshot) at 375 and 1280 px, in both themes.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { setupE2E, type UiPage } from "../support/e2e-harness";
import { createOrganization, createStrategy, founderAt, linkOwner } from "../support/founders";
import { httpApi } from "../support/http";
import { captureInWidget } from "../support/steps/actions";
import { expectPath, watchFailedApiCalls } from "./creation-steps";

const e2e = setupE2E();

/**
 * The screen as it is now, checked at 375 and 1280 px in both themes (the page starts at 375 px, light).
 * A modal dialog hides the theme toggle: `dialog` closes it around each toggle and opens it again.
 */
async function screenEveryWay(
  ui: UiPage,
  name: string,
  dialog?: { close(): Promise<void>; open(): Promise<void> },
): Promise<void> {
  const { page } = ui;
  const toggle = async () => {
    await dialog?.close();
    await page.getByRole("button", { name: /^Switch to (dark|light) theme$/ }).click();
    await dialog?.open();
  };
  await ui.screen(`${name}-375-light`);
  await toggle();
  await ui.screen(`${name}-375-dark`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await ui.screen(`${name}-1280-dark`);
  await toggle();
  await ui.screen(`${name}-1280-light`);
  await page.setViewportSize({ width: 375, height: 800 });
}

const steps = (page: Page) =>
  page.getByRole("navigation", { name: "Creation steps" }).getByRole("listitem").allTextContents();

describe("one creation state (browser)", () => {
  it("a typed link to a later step leads to the first step not done; nothing of the skipped steps is saved", async () => {
    const f = await founderAt("profile", { browser: e2e, open: { width: 375, theme: "light" } });
    const api = httpApi(e2e.stack.app.url);
    // Step 1 done in the app, as the web saves it; no identity check yet.
    const strategyId = await createStrategy(api, f.token, f.accountId);
    const organizationId = await createOrganization(api, f.token, strategyId);
    await linkOwner(api, f.token, organizationId, f.personId, true);
    const { ui } = f;
    const { page } = ui;
    const writes: string[] = [];
    page.on("request", (r) => {
      const { origin, pathname } = new URL(r.url());
      if (origin === new URL(e2e.baseUrl).origin && pathname.startsWith("/api/") && r.method() !== "GET")
        writes.push(`${r.method()} ${pathname}`);
    });
    const failed = watchFailedApiCalls(page);

    for (const skipped of [4, 5]) {
      await ui.goto(`/create-foundation/${strategyId}/${skipped}`);
      await expectPath(page, new RegExp(`^/create-foundation/${strategyId}/3$`));
      await page.getByRole("heading", { name: "Verify your identity" }).waitFor();
      await expect
        .poll(() => steps(page))
        .toEqual(["✓Foundation (completed)", "✓Profile (completed)", "3Others", "4DAF", "5Review"]);
      expect(await page.getByLabel("Custodian").count()).toBe(0);
      expect(await page.getByRole("button", { name: "Approve" }).count()).toBe(0);
    }
    await screenEveryWay(ui, "step-3-after-typed-link");
    // The widget's token is the only write a visit to step 3 makes; no DAF, no submission.
    expect(writes.filter((w) => !w.startsWith("POST /api/sumsub/"))).toEqual([]);
    expect(failed).toEqual([]);

    // Not submitted: Edit Foundation does not claim the names are fixed; step 1 changes them.
    await ui.goto("/edit-foundation");
    const first = page.getByLabel("First choice");
    await first.waitFor();
    await expect.poll(() => first.getAttribute("aria-describedby")).toBeTruthy();
    const describedBy = (await first.getAttribute("aria-describedby"))!.split(" ")[0]!;
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe(
      "Change it in step 1 of your foundation's setup until you submit it for filing.",
    );
    expect(await page.getByText("Fixed once submitted for filing.").count()).toBe(0);
    await screenEveryWay(ui, "edit-foundation-in-progress");
    expect(ui.pageErrors).toEqual([]);
  });

  it("a new identity check after submission: step 3, the stepper and the dashboard tell one story, until the check completes", async () => {
    const f = await founderAt("submitted", { browser: e2e, open: { width: 375, theme: "light" } });
    const { ui } = f;
    const { page } = ui;

    await ui.goto("/edit-foundation");
    await page.getByLabel("First choice").waitFor();
    await page.getByText("Fixed once submitted for filing.").first().waitFor();

    // 'Update license' → 'Start new check': the verification is cleared until the new check completes.
    await ui.goto("/edit-profile");
    await page.getByRole("button", { name: "Update license" }).click();
    const dialog = page.getByRole("dialog", { name: "Update license" });
    await dialog.getByRole("button", { name: "Start new check" }).click();
    await dialog.frameLocator("iframe").getByRole("button", { name: "Upload document" }).waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });

    // The dashboard: waiting for the check, and where to do it.
    await ui.goto("/");
    await page.getByText("Waiting for your identity check", { exact: true }).waitFor();
    expect(await page.getByText("Submitted for filing", { exact: true }).count()).toBe(0);
    const next = page.getByRole("list", { name: "What happens next" });
    await next.getByText("Your identity check must be done again").waitFor();
    await screenEveryWay(ui, "dashboard-identity-again");
    await next.getByRole("link", { name: "Verify your identity" }).click();
    await expectPath(page, new RegExp(`^/create-foundation/${f.strategyId}/3$`));

    // Step 3: the note says the check is open again, the widget works, the stepper marks step 3.
    await page.getByText(/^Submitted on \d+\/\d+\/\d{4}\. Your identity check must be completed again/).waitFor();
    expect(await page.getByText("can no longer be changed here").count()).toBe(0);
    await page.getByText("Identity: a new check is needed", { exact: true }).waitFor();
    await expect
      .poll(() => steps(page))
      .toEqual([
        "✓Foundation (completed)",
        "✓Profile (completed)",
        "!Others (needs your action)",
        "✓DAF (completed)",
        "✓Review (completed)",
      ]);
    const widget = page.frameLocator("iframe");
    await widget.getByRole("button", { name: "Upload document" }).waitFor();
    await screenEveryWay(ui, "step-3-identity-again");

    // The check completes: every screen says so.
    await captureInWidget(widget);
    await expect
      .poll(() => steps(page), { timeout: 20_000 })
      .toEqual(["Foundation", "Profile", "Others", "DAF", "Review"].map((l) => `✓${l} (completed)`));
    await page.getByText(/^Submitted on \d+\/\d+\/\d{4}\. These details can no longer be changed here/).waitFor();
    await ui.goto("/");
    await page.getByText("Submitted for filing", { exact: true }).waitFor();
    await page.getByText("Your identity is verified").waitFor();
    expect(ui.pageErrors).toEqual([]);
  });

  it("Approve says when each fee is charged and what is attested; after Submit, what happens next and when", async () => {
    const owner = `owner-${Date.now()}@example.com`;
    const f = await founderAt("identity", { browser: e2e, owners: [owner], open: { width: 375, theme: "light" } });
    const { ui } = f;
    const { page } = ui;
    await ui.goto(`/create-foundation/${f.strategyId}/5`);
    await page.getByRole("button", { name: "Approve" }).click();
    const dialog = page.getByRole("dialog", { name: "Submit your foundation?" });
    await dialog.getByText("Nothing is charged when you submit.").waitFor();
    await dialog.getByText(/^Once, when we file your LLC/).waitFor();
    // The fees with when and how each is charged are the terms in full: no link to a page repeating them.
    expect(await dialog.getByRole("link").count()).toBe(0);
    const box = dialog.getByLabel("The information is true and complete");
    expect(await box.getAttribute("aria-describedby")).toBeTruthy();
    await dialog.getByText("By ticking this box you attest that:").waitFor();
    const approve = page.getByRole("button", { name: "Approve" });
    await screenEveryWay(ui, "approve-dialog", {
      close: async () => {
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "detached" });
      },
      open: async () => {
        await approve.click();
        // The dialog's own element has no box (its panel is fixed): wait for what is in it.
        await dialog.getByRole("button", { name: "Cancel" }).waitFor();
      },
    });
    await box.check();
    await dialog.getByRole("button", { name: "Submit" }).click();
    // The requirement's toast stays; a second one says the foundation is submitted.
    await page.getByRole("status").filter({ hasText: "Verification emails sent successfully" }).waitFor();
    await page
      .getByRole("status")
      .filter({ hasText: "Your foundation is submitted. What happens next is on your dashboard." })
      .waitFor();
    await expectPath(page, /^\/$/);
    const next = page.getByRole("list", { name: "What happens next" });
    await next.getByText("Additional owners verified: 0 of 1").waitFor();
    await next.getByText("We file your LLC with the State of Delaware.").waitFor();
    await next.getByText(/^Within 2 business days after every owner is verified/).waitFor();
    await next.getByText(/^The \$10,000 set-up fee is invoiced when we file/).waitFor();
    await page.getByText("Submitted for filing", { exact: true }).waitFor();
    // Wait for the toasts to go, so the screenshots show the dashboard itself.
    await page.getByRole("status").first().waitFor({ state: "detached" });
    await screenEveryWay(ui, "dashboard-submitted-next");
    // The side menu (permanent at 1280 px): the entries with no page yet say so.
    await page.setViewportSize({ width: 1280, height: 900 });
    const menu = page.getByRole("navigation", { name: "Main" });
    // The permanent menu mounts on the resize's re-render: wait for it before counting.
    await menu.getByText("Coming soon").first().waitFor();
    expect(await menu.getByText("Coming soon").count()).toBe(3);
    expect(ui.pageErrors).toEqual([]);
  });
});
