// Browser actions on the founder's screens that check nothing of their own (no vitest here), so the
// bench's journey (tests/support/founder-journey.ts, run outside vitest) and the checked suites
// (steps/creation.ts, tests/e2e) share one definition of each.
import type { FrameLocator, Page } from "playwright-core";

export type Verdict = "Approve (GREEN)" | "Reject (RED)";

/**
 * An identity check captured in the provider's widget (the offline identity emulator's) as a person
 * would: document, selfie, then the emulated reviewer's verdict. `where`: the widget's iframe
 * (`page.frameLocator("iframe")`: the creation step, the edit dialogs) or the hosted page itself
 * (the link mailed to an additional owner).
 */
export async function captureInWidget(where: Page | FrameLocator, verdict: Verdict = "Approve (GREEN)"): Promise<void> {
  await where.getByRole("button", { name: "Upload document" }).click();
  await where.getByRole("button", { name: "Take selfie" }).click();
  await where.getByRole("button", { name: verdict }).click();
}

/** Step 3's Add owner dialog, the address accepted: the owner is in the list. */
export async function addOwnerInDialog(page: Page, email: string): Promise<void> {
  await page.getByRole("button", { name: "Add owner" }).click();
  const dialog = page.getByRole("dialog", { name: "Add additional owner" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Add" }).click();
  await dialog.waitFor({ state: "detached" });
  await page.getByRole("list", { name: "Additional owners" }).getByText(email).waitFor();
}

/** The sign-in form as a founder fills it: email, Continue, password, Sign in, then Skip on the offered enrolment. */
export async function signInThroughForm(page: Page, founder: { email: string; password: string }): Promise<void> {
  await page.getByLabel("Email").fill(founder.email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Password").fill(founder.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByRole("button", { name: "Skip" }).click();
}
