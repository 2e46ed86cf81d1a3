// A founder's own text, as long as the rules allow and in one word, never makes a
// page scroll sideways at the narrowest width (requirements §2: 375 px): the dashboard's cards, the
// top bar and its menu, the review, the edit screens, the approve dialog and the notifications.
import { describe, expect, it } from "vitest";
import { setupE2E, type UiPage } from "../support/e2e-harness";
import { founderAt } from "../support/founders";
import { PROFILE } from "../support/entry";

const e2e = setupE2E();

/** One word, so nothing but a break inside it keeps it in 375 px. */
const word = (stem: string, length: number) => stem.padEnd(length, "x");
const organization = {
  name_1: `${word("Philanthropy", 95)} LLC`,
  name_2: `${word("Stewardship", 95)} LLC`,
  registered_state: "us_state_delaware",
  itg_as_registered_agent: true,
  activity_is_investment: false,
};
const profile = {
  ...PROFILE,
  first_name: word("Maximiliana", 50),
  last_name: word("Featherstonehaugh", 50),
  address_line1: word("Longstreetname", 60),
  address_line2: word("Suite", 60),
  city: word("Wilmington", 50),
};
const daf = { donor_advised_fund: word("CustomFund", 100), custodian: "custodian_schwab" };
const owner = (tag: string) => `${word(tag, 60)}@example.com`;

/** The innermost elements reaching past the right edge, for the failure's message. */
const PAST_THE_EDGE = `[...document.querySelectorAll("body *")]
  .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && ![...e.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 1))
  .slice(0, 5).map((e) => e.tagName + " " + String(e.className).slice(0, 80)).join("; ")`;

async function expectNoSidewaysScroll(ui: UiPage, what: string): Promise<void> {
  await ui.page.waitForLoadState("networkidle").catch(() => undefined);
  const width = await ui.read<number>("document.scrollingElement.scrollWidth");
  const culprits = width > 375 ? await ui.read<string>(PAST_THE_EDGE) : "";
  expect.soft(width, `${what} is ${width} px wide (${culprits})`).toBeLessThanOrEqual(375);
}

async function visit(ui: UiPage, path: string, ready: string): Promise<void> {
  await ui.goto(path);
  await ui.page.getByRole("heading", { name: ready }).first().waitFor();
}

describe("long words at 375 px", () => {
  it("in progress: the dashboard card, the review, every edit screen and the menu stay 375 px wide", async () => {
    const f = await founderAt("identity", {
      browser: e2e,
      founder: { email: `${word("founder", 80)}@example.com` },
      organization,
      profile,
      daf,
      owners: [owner("firstowner"), owner("secondowner")],
      open: { width: 375 },
    });
    const { ui } = f;
    await visit(ui, "/", "Account Strategies");
    await ui.page.getByText("IN PROGRESS").waitFor();
    await expectNoSidewaysScroll(ui, "the dashboard");
    await ui.screen("dashboard-long-name-375");
    await ui.page.getByRole("button", { name: "Open menu" }).click();
    await expectNoSidewaysScroll(ui, "the menu drawer");
    await ui.page.getByRole("button", { name: "Close menu" }).click();

    await visit(ui, `/create-foundation/${f.strategyId}/5`, "Review and approve");
    await expectNoSidewaysScroll(ui, "step 5");
    await ui.screen("review-long-words-375");
    await ui.page.getByRole("button", { name: "Approve" }).click();
    await ui.page
      .getByRole("dialog", { name: "Submit your foundation?" })
      .getByText(organization.name_1)
      .first()
      .waitFor();
    await expectNoSidewaysScroll(ui, "the approve dialog");
    await ui.screen("approve-long-words-375");
    await ui.page.keyboard.press("Escape");

    for (const [path, heading] of [
      ["/edit-profile", "Edit Profile"],
      ["/edit-foundation", "Edit Foundation"],
      ["/edit-daf", "Edit DAF"],
      ["/edit-others", "Other owners"],
    ] as const) {
      await visit(ui, path, heading);
      await expectNoSidewaysScroll(ui, path);
    }
    await ui.screen("edit-others-long-words-375");
  });

  it("submitted: the submitted card, the summary, the review and the notifications stay 375 px wide", async () => {
    const { ui, strategyId } = await founderAt("submitted", {
      browser: e2e,
      organization,
      profile,
      daf,
      open: { width: 375, theme: "dark" },
    });
    await visit(ui, "/", "Account Strategies");
    await ui.page.getByRole("heading", { name: "Foundations" }).waitFor();
    await expectNoSidewaysScroll(ui, "the submitted dashboard");
    await ui.screen("dashboard-submitted-long-name-375-dark");
    await ui.page.getByRole("button", { name: /^Notifications/ }).click();
    await ui.page.getByText("Foundation submitted").first().waitFor();
    await expectNoSidewaysScroll(ui, "the notifications");
    await ui.screen("notifications-long-name-375-dark");
    await ui.page.keyboard.press("Escape");

    await visit(ui, `/create-foundation/${strategyId}/5`, "Your submitted foundation");
    await expectNoSidewaysScroll(ui, "the submitted review");
  });
});
