// Browser actions on the founder's screens that check nothing (no vitest here), shared by the bench's
// journey and the checked suites.
import type { FrameLocator, Page } from "playwright-core";

export type Verdict = "Approve (GREEN)" | "Reject (RED)";

/** An identity check in the emulator's widget: document, selfie, verdict; `where` is its iframe or hosted page. */
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
