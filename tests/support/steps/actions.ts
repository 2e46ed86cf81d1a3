// Browser actions on the founder's screens that check nothing (no vitest here), shared by the bench's
// journey and the checked suites.
import type { Page } from "playwright-core";
import { FORM_ENTRY, labelOf } from "../entry";

/** What the happy path uses of a page: playwright-core's Page has it, so has Firefox's (../firefox.ts). */
export interface Scope {
  getByRole(role: "button" | "dialog" | "heading" | "list", opts?: { name?: string; exact?: boolean }): Loc;
  getByLabel(text: string, opts?: { exact?: boolean }): Loc;
  getByText(text: string): Loc;
}
export interface Loc extends Scope {
  waitFor(opts?: { state?: "detached" }): Promise<void>;
  click(): Promise<void>;
  fill(value: string): Promise<void>;
  check(): Promise<void>;
  pressSequentially(text: string): Promise<void>;
  selectOption(option: { label: string }): Promise<unknown>;
  textContent(): Promise<string | null>;
}
export interface JourneyPage extends Scope {
  goto(url: string): Promise<unknown>;
  getByTestId(id: string): Loc;
  frameLocator(selector: "iframe"): Scope;
  waitForURL(test: (url: URL) => boolean, opts: { timeout: number }): Promise<void>;
}

export type Verdict = "Approve (GREEN)" | "Reject (RED)";

/** An identity check in the emulator's widget: document, selfie, verdict; `where` is its iframe or hosted page. */
export async function captureInWidget(where: Scope, verdict: Verdict = "Approve (GREEN)"): Promise<void> {
  await where.getByRole("button", { name: "Upload document" }).click();
  await where.getByRole("button", { name: "Take selfie" }).click();
  await where.getByRole("button", { name: verdict }).click();
}

/** Step 3's Add owner dialog, the address accepted: the owner is in the list. */
export async function addOwnerInDialog(page: Scope, email: string): Promise<void> {
  await page.getByRole("button", { name: "Add owner" }).click();
  const dialog = page.getByRole("dialog", { name: "Add additional owner" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Add" }).click();
  await dialog.waitFor({ state: "detached" });
  await page.getByRole("list", { name: "Additional owners" }).getByText(email).waitFor();
}

const { profile: p, organization, daf } = FORM_ENTRY;

export async function enterFoundationNames(page: Scope): Promise<void> {
  await page.getByLabel("First choice").fill(organization.name_1);
  await page.getByLabel("Second choice").fill(organization.name_2);
}

/** Step 2: every field of the profile, into empty fields. */
export async function enterProfile(page: Scope): Promise<void> {
  await page.getByLabel("First name").fill(p.first_name);
  await page.getByLabel("Last name").fill(p.last_name);
  await page.getByLabel("Birthdate").fill(p.dob);
  await page.getByLabel("SSN").pressSequentially(p.ssn);
  await page.getByLabel("Phone").pressSequentially(p.phone);
  await page.getByLabel("Address line 1").fill(p.address_line1);
  await page.getByLabel("Address line 2").fill(p.address_line2);
  await page.getByLabel("City").fill(p.city);
  await page.getByLabel("State").selectOption({ label: labelOf(p.state) });
  await page.getByLabel("Zip").fill(p.zip);
  await page.getByLabel("Marital status").selectOption({ label: labelOf(p.marital_status) });
}

/** Step 4: a custom DAF by name (its custodian is chosen apart: step 4's checks sit between). */
export async function enterCustomDaf(page: Scope): Promise<void> {
  await page.getByLabel("Custom", { exact: true }).check();
  await page.getByLabel("Custom DAF Name").fill(daf.donor_advised_fund);
}

export async function chooseCustodian(page: Scope): Promise<void> {
  await page.getByLabel("Custodian").selectOption({ label: labelOf(daf.custodian) });
}

/** Step 5's Approve dialog: the attestation ticked, then Submit. */
export async function attestAndSubmit(approveDialog: Loc): Promise<void> {
  await approveDialog.getByLabel("The information is true and complete").check();
  await approveDialog.getByRole("button", { name: "Submit" }).click();
}

/** The sign-in form as a founder fills it: email, Continue, password, Sign in, then Skip on the offered enrolment. */
export async function signInThroughForm(page: Page, founder: { email: string; password: string }): Promise<void> {
  await page.getByLabel("Email").fill(founder.email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Password").fill(founder.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByRole("button", { name: "Skip" }).click();
}
