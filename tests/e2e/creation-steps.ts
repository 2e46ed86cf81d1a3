// The creation flow's screens as named browser steps with the checks a visit must pass
// (requirements §2, §4); each starts where the one before left the page.
import { expect } from "vitest";
import type { Page } from "playwright-core";
import type { AllData } from "../../server/src/contract/entities";
import type { E2E, UiPage } from "../support/e2e-harness";
import type { Founder, SignedUpFounder } from "../support/founders";
import { accountOf } from "../support/founders";
import { apiCall } from "../support/api";
import { httpApi } from "../support/http";
import { MailboxClient } from "../support/mail";
import { FORM_ENTRY, labelOf } from "../support/entry";
import {
  addOwnerInDialog,
  attestAndSubmit,
  chooseCustodian,
  enterCustomDaf,
  enterFoundationNames,
} from "../support/steps/actions";

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/;

const { profile: ENTRY, organization: ORG, daf: DAF } = FORM_ENTRY;

/** The additional owners the journey adds: the second is edited, the first deleted. */
export interface JourneyOwners {
  first: string;
  second: string;
  secondEdited: string;
}

const next = (page: Page) => page.getByRole("button", { name: "Next" });

export async function expectPath(page: Page, pattern: RegExp): Promise<string> {
  await page.waitForURL((u) => pattern.test(u.pathname));
  return new URL(page.url()).pathname;
}

async function expectCurrentStep(page: Page, label: string) {
  await expect.poll(() => page.locator('[aria-current="step"]').innerText()).toContain(label);
}

async function expectEveryStepDone(page: Page) {
  const steps = page.getByRole("navigation", { name: "Creation steps" }).getByRole("listitem");
  await expect
    .poll(() => steps.allTextContents())
    .toEqual(["Foundation", "Profile", "Others", "DAF", "Review"].map((l) => `✓${l} (completed)`));
}

async function ownerActions(page: Page, email: string, action: "Edit Email" | "Delete") {
  await page.getByRole("button", { name: `Actions for ${email}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
}

function mailbox(e2e: E2E): MailboxClient {
  const url = e2e.stack.mail?.url;
  if (!url) throw new Error("the embedded mailbox is not running");
  return new MailboxClient(url);
}

/** The API calls that answered 4xx/5xx from now on (a new founder's normal states are not errors). */
export function watchFailedApiCalls(page: Page): string[] {
  const failedCalls: string[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/api/") && response.status() >= 400)
      failedCalls.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return failedCalls;
}

/** The dashboard of a founder with nothing yet: one clear next step, and what it takes (docs/decisions/0097). */
export async function expectEmptyDashboard(ui: UiPage): Promise<void> {
  const { page } = ui;
  await ui.goto("/");
  await page.getByRole("heading", { name: "Welcome!" }).waitFor();
  await page.getByText("No foundations have been created yet.").waitFor();
  await page.getByRole("heading", { name: "Start your Founder Foundation" }).waitFor();
  await page.getByText("It takes about 10 minutes. Have these at hand:").waitFor();
  await ui.screen("dashboard-empty");
}

/** Add Strategy → the strategy card with its fees and terms → Select; the new strategy's id. */
export async function chooseStrategy(ui: UiPage): Promise<number> {
  const { page } = ui;
  await page.getByRole("button", { name: "Add Strategy" }).click();
  await expectPath(page, /^\/create-foundation$/);
  await page.getByRole("heading", { name: "Choose strategy" }).waitFor();
  for (const term of [
    "$10,000",
    "$2500, starting in year 2",
    "0.4%",
    "0.9%",
    "5% of realized capital gains, or $1500 per year",
  ]) {
    await page.getByText(term, { exact: true }).waitFor();
  }
  await page.getByRole("button", { name: "More..." }).click();
  await page.getByText(/It is not legal, tax or investment advice/).waitFor();
  // Open, the expander says how to close it.
  expect(await page.getByRole("button", { name: "Less", exact: true }).getAttribute("aria-expanded")).toBe("true");
  await ui.screen("choose-strategy");
  await page.getByRole("button", { name: "Select" }).click();
  await page.getByRole("button", { name: "Saving..." }).waitFor();
  const step1Path = await expectPath(page, /^\/create-foundation\/\d+\/1$/);
  return Number(step1Path.split("/")[2]);
}

/** Step 1: the foundation's names, their messages, the two boxes → step 2. No organization yet is a 200 null, not a 404 in the console. */
export async function nameFoundation(ui: UiPage, failedCalls: readonly string[]): Promise<void> {
  const { page } = ui;
  await page.getByRole("heading", { name: "Choose your foundation name" }).waitFor();
  expect(failedCalls).toEqual([]);
  await expectCurrentStep(page, "Foundation");
  await page.getByLabel("First choice").fill("Acme Giving");
  await page.getByLabel("First choice").blur();
  await page.getByText("Name must end with LLC").waitFor();
  await page.getByLabel("Second choice").fill(`${"A".repeat(98)} LLC`);
  await page.getByLabel("Second choice").blur();
  await page.getByText("Foundation name cannot exceed 100 characters").waitFor();
  expect(await next(page).isDisabled()).toBe(true);
  await ui.screen("step-1-errors");
  await enterFoundationNames(page);
  expect(await page.getByLabel("Located in Delaware").isChecked()).toBe(true);
  await page.getByLabel("List the tax group as registered agent").check();
  await page.getByLabel("This is an investment").check();
  await next(page).click();
  await expectPath(page, /^\/create-foundation\/\d+\/2$/);
}

/** Step 2: the profile, with the formatters and messages → step 3 (the identity check). */
export async function fillProfile(ui: UiPage, founder: Pick<Founder, "firstName" | "lastName">): Promise<void> {
  const { page } = ui;
  await page.getByRole("heading", { name: "Enter your personal information" }).waitFor();
  await expectCurrentStep(page, "Profile");
  // A new profile starts from the name given at sign-up, editable (docs/decisions/0097).
  expect(await page.getByLabel("First name").inputValue()).toBe(founder.firstName);
  expect(await page.getByLabel("Last name").inputValue()).toBe(founder.lastName);
  // Step 1 is done: the stepper links back to it.
  expect(await page.getByRole("navigation", { name: "Creation steps" }).getByRole("link").allInnerTexts()).toEqual([
    expect.stringContaining("Foundation"),
  ]);
  await page.getByLabel("City").focus();
  await page.getByLabel("City").blur();
  await page.getByText("Required", { exact: true }).waitFor();
  await page.getByLabel("First name").fill(ENTRY.first_name);
  await page.getByLabel("Last name").fill(ENTRY.last_name);
  await page.getByLabel("Birthdate").fill(ENTRY.dob);
  await page.getByLabel("SSN").pressSequentially("12345");
  await page.getByLabel("SSN").blur();
  expect(await page.getByLabel("SSN").inputValue()).toBe("123-45");
  await page.getByText("SSN must be at least 11 characters").waitFor();
  // Continue typing at the end, as a person returning to the field would.
  await page.getByLabel("SSN").focus();
  await page.keyboard.press("End");
  await page.keyboard.type("6789");
  expect(await page.getByLabel("SSN").inputValue()).toBe("123-45-6789");
  await page.getByLabel("Phone").pressSequentially(ENTRY.phone);
  expect(await page.getByLabel("Phone").inputValue()).toBe("(212)-555-0123");
  // An eleventh digit is not taken (docs/decisions/0095).
  await page.getByLabel("Phone").press("9");
  expect(await page.getByLabel("Phone").inputValue()).toBe("(212)-555-0123");
  await page.getByLabel("Address line 1").fill(ENTRY.address_line1);
  await page.getByLabel("Address line 2").fill(ENTRY.address_line2);
  await page.getByLabel("City").fill(ENTRY.city);
  await page.getByLabel("State").selectOption({ label: labelOf(ENTRY.state) });
  await page.getByLabel("Zip").fill("100");
  await page.getByLabel("Zip").blur();
  await page.getByText("Zip code must be at least 5 characters").waitFor();
  expect(await next(page).isDisabled()).toBe(true);
  await ui.screen("step-2-errors");
  await page.getByLabel("Zip").fill("1000A");
  await page.getByText("Zip code must be 5 digits, or 5+4 digits (12345-6789)").waitFor();
  await page.getByLabel("Birthdate").fill("1800-01-01");
  await page.getByLabel("Birthdate").blur();
  await page.getByText("Birthdate must be within the last 120 years").waitFor();
  await page.getByLabel("Birthdate").fill(ENTRY.dob);
  await page.getByLabel("Zip").fill(ENTRY.zip);
  await page.getByLabel("Marital status").selectOption({ label: labelOf(ENTRY.marital_status) });
  await next(page).click();
  await page.getByRole("button", { name: "Saving..." }).waitFor();
  await expectPath(page, /^\/create-foundation\/\d+\/3$/);
  await page.getByText("Confirm your identity").waitFor();
}

/** The dashboard's card for the strategy in progress. */
const inProgressCard = (page: Page) => page.getByRole("link", { name: `Creating ${ORG.name_1}` });

/** The dashboard shows the strategy in progress at the identity check, dated today. */
export async function expectInProgressCard(ui: UiPage): Promise<void> {
  const { page } = ui;
  await ui.goto("/");
  const card = inProgressCard(page);
  await card.waitFor();
  await card.getByText("IN PROGRESS").waitFor();
  await card.getByText(/Verifying your identity · 50%/).waitFor();
  expect(await card.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("50");
  const today = new Date();
  await card.getByText(`${today.getMonth() + 1}/${today.getDate()}/${today.getFullYear()}`).waitFor();
  await ui.screen("dashboard-in-progress");
}

/** Reloading step 2 resumes with the saved values (the SSN as the API masks it). */
export async function expectProfileResumed(ui: UiPage, strategyId: number): Promise<void> {
  const { page } = ui;
  await ui.goto(`/create-foundation/${strategyId}/2`);
  await page.getByRole("heading", { name: "Enter your personal information" }).waitFor();
  expect(await page.getByLabel("First name").inputValue()).toBe(ENTRY.first_name);
  expect(await page.getByLabel("SSN").inputValue()).toBe("***-**-6789");
  expect(await page.getByLabel("Phone").inputValue()).toBe("(212)-555-0123");
  expect(await page.getByLabel("Marital status").inputValue()).toBe(ENTRY.marital_status);
}

/** From the dashboard, the in-progress card leads back to where the founder stopped: step 3. */
export async function continueFromCard(ui: UiPage): Promise<void> {
  await ui.goto("/");
  await inProgressCard(ui.page).click();
  await expectPath(ui.page, /^\/create-foundation\/\d+\/3$/);
}

/** Step 3, first part: the identity check in the real widget; then the owners' part of the step. */
export async function passIdentityInWidget(ui: UiPage): Promise<void> {
  const { page } = ui;
  await page.getByText("Confirm your identity").waitFor();
  await page.getByText("Identity: not verified yet · Additional owners: next", { exact: true }).waitFor();
  await expectCurrentStep(page, "Others");
  expect(await next(page).isDisabled()).toBe(true);
  const frame = page.frameLocator("iframe");
  await frame.getByRole("button", { name: "Upload document" }).waitFor();
  await ui.screen("step-3-identity");
  await frame.getByRole("button", { name: "Upload document" }).click();
  await frame.getByRole("button", { name: "Take selfie" }).click();
  await frame.getByRole("heading", { name: "Under review" }).waitFor();
  await page.getByText("Identity: under review · Additional owners: next", { exact: true }).waitFor();
  await frame.getByRole("button", { name: "Approve (GREEN)" }).click();
  await page.getByRole("heading", { name: "Additional owners", exact: true }).waitFor();
  // The stepper still says 'Others'; the heading and a progress line say where the founder is.
  await page.getByText("Identity: verified ✓", { exact: true }).waitFor();
  await page.getByText("No additional owners added yet").waitFor();
  await page.getByText("We'll email them to capture their license").waitFor();
}

/** Step 3, second part: the Add dialog's rules, two owners added, the second's address edited, the first deleted (after a Cancel) → step 4. */
export async function manageOwners(ui: UiPage, founder: Pick<Founder, "email">, owners: JourneyOwners): Promise<void> {
  const { page } = ui;
  // The dialog's rules: format, then uniqueness.
  await page.getByRole("button", { name: "Add owner" }).click();
  const dialog = page.getByRole("dialog", { name: "Add additional owner" });
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByText("Please enter a valid email address").waitFor();
  expect(await dialog.getByRole("button", { name: "Add" }).isDisabled()).toBe(true);
  await ui.screen("step-3-add-owner-invalid");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await dialog.waitFor({ state: "detached" });

  await addOwnerInDialog(page, owners.first);
  await addOwnerInDialog(page, owners.second);
  await page.getByRole("button", { name: "Add owner" }).click();
  await dialog.getByLabel("Email").fill(owners.first.toUpperCase());
  await dialog.getByText("Email already exists").waitFor();
  expect(await dialog.getByRole("button", { name: "Add" }).isDisabled()).toBe(true);
  // The founder is an owner already, not an additional one.
  await dialog.getByLabel("Email").fill(founder.email.toUpperCase());
  await dialog.getByText("This is your own address; enter the other owner's address").waitFor();
  expect(await dialog.getByRole("button", { name: "Add" }).isDisabled()).toBe(true);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await dialog.waitFor({ state: "detached" });

  await ownerActions(page, owners.second, "Edit Email");
  const editDialog = page.getByRole("dialog", { name: "Edit Email" });
  expect(await editDialog.getByLabel("Email").inputValue()).toBe(owners.second);
  await editDialog.getByLabel("Email").fill(owners.secondEdited);
  await editDialog.getByRole("button", { name: "Save" }).click();
  await editDialog.waitFor({ state: "detached" });
  const list = page.getByRole("list", { name: "Additional owners" });
  await list.getByText(owners.secondEdited).waitFor();
  // Deleting asks first; Cancel keeps the owner.
  await ownerActions(page, owners.first, "Delete");
  const confirm = page.getByRole("dialog", { name: "Delete this owner?" });
  await confirm.getByText(`${owners.first} will be removed from your foundation`).waitFor();
  await ui.screen("step-3-delete-owner");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await confirm.waitFor({ state: "detached" });
  await list.getByText(owners.first).waitFor();
  await ownerActions(page, owners.first, "Delete");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await confirm.waitFor({ state: "detached" });
  await list.getByText(owners.first).waitFor({ state: "detached" });
  expect(await list.getByRole("listitem").count()).toBe(1);
  expect(await list.getByRole("listitem").first().innerText()).toContain(owners.secondEdited);
  await ui.screen("step-3-owners");

  // A verified founder reloading step 3 goes straight to the owners.
  await page.reload();
  await page.getByRole("heading", { name: "Additional owners", exact: true }).waitFor();
  expect(await page.locator("iframe").count()).toBe(0);
  await next(page).click();
  await expectPath(page, /^\/create-foundation\/\d+\/4$/);
}

/** Step 4: a custom DAF, and the custodian it needs (None is refused, and the field says why) → step 5. */
export async function chooseDafAndCustodian(ui: UiPage): Promise<void> {
  const { page } = ui;
  await expectCurrentStep(page, "DAF");
  expect(await page.getByLabel("Investor's Philanthropic").isChecked()).toBe(true);
  await enterCustomDaf(page);
  // Custodian None: Next is disabled, and the field says why (requirements §5).
  expect(await next(page).isDisabled()).toBe(true);
  expect(await page.getByLabel("Custodian").getAttribute("aria-describedby")).toBeTruthy();
  await page.getByText("Choose a custodian to continue: the DAF needs one, so None is not accepted.").waitFor();
  await ui.screen("step-4-custodian-none");
  await chooseCustodian(page);
  expect(await page.getByText("Choose a custodian to continue").count()).toBe(0);
  await ui.screen("step-4-daf");
  await next(page).click();
  await expectPath(page, /^\/create-foundation\/\d+\/5$/);
}

/** Step 5: the review of every value, then Approve with its dialog (Escape and Cancel send nothing) → submitted, on the dashboard. */
export async function reviewAndApprove(e2e: E2E, ui: UiPage, owners: JourneyOwners): Promise<void> {
  const { page } = ui;
  await expectCurrentStep(page, "Review");
  for (const text of [
    ORG.name_1,
    ORG.name_2,
    `${ENTRY.first_name} ${ENTRY.last_name}`,
    "***-**-6789",
    new Date(`${ENTRY.dob}T00:00`).toLocaleDateString("en-US"),
    labelOf(ENTRY.marital_status),
    "(212)-555-0123",
    ENTRY.address_line1,
    ENTRY.address_line2,
    `${ENTRY.city}, ${labelOf(ENTRY.state)} ${ENTRY.zip}`,
    owners.secondEdited,
    "Custom",
    DAF.donor_advised_fund,
    labelOf(DAF.custodian),
  ]) {
    await page.getByText(text, { exact: true }).first().waitFor();
  }
  expect(await page.getByText(owners.first).count()).toBe(0);
  await ui.screen("step-5-review");
  // Each section links to its step; the stepper links every completed step.
  expect(await page.getByRole("link", { name: /^Edit / }).allInnerTexts()).toHaveLength(4);
  expect(await page.getByRole("navigation", { name: "Creation steps" }).getByRole("link").count()).toBe(4);
  // Approve asks first (docs/decisions/0096): what is filed, who is mailed, the fees, an attestation.
  await page.getByRole("button", { name: "Approve" }).click();
  const approveDialog = page.getByRole("dialog", { name: "Submit your foundation?" });
  await approveDialog.getByText(ORG.name_1, { exact: true }).waitFor();
  await approveDialog.getByText(ORG.name_2, { exact: true }).waitFor();
  expect(await approveDialog.getByRole("list", { name: "Owners who will be e-mailed" }).innerText()).toBe(
    owners.secondEdited,
  );
  await approveDialog.getByText("$10,000", { exact: true }).waitFor();
  const submit = approveDialog.getByRole("button", { name: "Submit" });
  expect(await submit.isDisabled()).toBe(true);
  await ui.screen("step-5-approve-dialog");
  // Escape returns to the review with nothing sent, focus back on Approve.
  await page.keyboard.press("Escape");
  await approveDialog.waitFor({ state: "detached" });
  await expect.poll(() => page.evaluate("document.activeElement?.textContent")).toBe("Approve");
  await page.getByRole("button", { name: "Approve" }).click();
  await approveDialog.getByRole("button", { name: "Cancel" }).click();
  await approveDialog.waitFor({ state: "detached" });
  expect(await mailbox(e2e).inbox(owners.secondEdited)).toEqual([]);
  await page.getByRole("button", { name: "Approve" }).click();
  // The box starts unticked each time the approveDialog opens.
  expect(await approveDialog.getByLabel("The information is true and complete").isChecked()).toBe(false);
  await attestAndSubmit(approveDialog);
  await approveDialog.getByRole("button", { name: "Submitting..." }).waitFor();
  await page.getByRole("status").filter({ hasText: "Verification emails sent successfully" }).waitFor();
  await expectPath(page, /^\/$/);
}

/** The dashboard after Approve: the foundation is submitted, nothing in progress. */
export async function expectSubmittedDashboard(ui: UiPage): Promise<void> {
  const { page } = ui;
  await page.getByRole("heading", { name: "Foundations" }).waitFor();
  await page.getByText(/^Submitted \d+\/\d+\/\d{4}$/).waitFor();
  expect(await page.getByText("IN PROGRESS").count()).toBe(0);
  await ui.screen("dashboard-submitted");
}

/** Only the remaining owner was mailed (the deleted one and the address before the edit were not). */
export async function expectOnlyRemainingOwnerMailed(e2e: E2E, owners: JourneyOwners): Promise<void> {
  const mail = await mailbox(e2e).latest(owners.secondEdited, { subject: "verify your identity" });
  expect(mail.To.map((t) => t.Address)).toEqual([owners.secondEdited]);
  expect(await mailbox(e2e).inbox(owners.first)).toEqual([]);
  expect(await mailbox(e2e).inbox(owners.second)).toEqual([]);
}

/** Every value entered is what the API returns; the record as read (for the read-only check after). */
export async function expectStoredEntry(
  e2e: E2E,
  founder: SignedUpFounder,
  strategyId: number,
  owners: JourneyOwners,
): Promise<AllData> {
  const accountId = await accountOf(httpApi(e2e.stack.app.url), { userId: founder.id, token: founder.token });
  const all = await apiCall<AllData>(e2e.stack.app.url, founder.token, "GET", `/api/accounts/${accountId}/all_data`);
  expect(all.strategies).toHaveLength(1);
  expect(all.strategies[0]).toMatchObject({ strategy_id: strategyId, strategy_type: "strategy_type_founder" });
  expect(all.strategies[0]!.entry_completed_at).toMatch(TIMESTAMP);
  expect(all.organizations).toHaveLength(1);
  const org = all.organizations[0]!;
  expect(org).toMatchObject({
    strategy_id: strategyId,
    name_1: ORG.name_1,
    name_2: ORG.name_2,
    registered_state: "us_state_delaware",
    itg_as_registered_agent: true,
    activity_is_investment: true,
    donor_advised_fund: DAF.donor_advised_fund,
    custodian: DAF.custodian,
  });
  const holder = all.account.primary_account_holder!;
  expect(holder).toMatchObject({
    account_primary_holder: true,
    is_addon: false,
    ...ENTRY,
    ssn: "***-**-6789",
    sumsub_review_answer: "GREEN",
  });
  expect(holder.sumsub_applicant_id).toMatch(/^[0-9a-f]{24}$/);
  expect(holder.sumsub_completed_at).toMatch(TIMESTAMP);
  const others = all.persons.filter((p) => !p.account_primary_holder);
  expect(others).toHaveLength(1);
  expect(others[0]).toMatchObject({ email: owners.secondEdited, is_addon: true });
  expect(others[0]!.sumsub_email_sent_at).toMatch(TIMESTAMP);
  expect(all.organization_users).toEqual(
    expect.arrayContaining([
      { organization_id: org.organization_id, person_id: holder.person_id, primary_holder: true },
      { organization_id: org.organization_id, person_id: others[0]!.person_id, primary_holder: false },
    ]),
  );
  expect(all.organization_users).toHaveLength(2);
  return all;
}

/** The submitted flow is read-only: no second Approve, fields disabled; the stored submission unchanged. */
export async function expectReadOnlyAfterSubmit(
  e2e: E2E,
  ui: UiPage,
  founder: SignedUpFounder,
  submitted: AllData,
): Promise<void> {
  const { page } = ui;
  const strategyId = submitted.strategies[0]!.strategy_id;
  await ui.goto(`/create-foundation/${strategyId}/5`);
  await page.getByText(/^Submitted on \d+\/\d+\/\d{4}\. These details can no longer be changed here/).waitFor();
  // The date is said once (the step's note), and the subtitle no longer asks for an approval.
  expect(await page.getByText(/Submitted on \d+\/\d+\/\d{4}/).count()).toBe(1);
  await page.getByText("Your foundation as it was submitted.").waitFor();
  expect(await page.getByText("then approve to submit").count()).toBe(0);
  expect(await page.getByRole("link", { name: /^Edit / }).count()).toBe(0);
  await page.getByRole("heading", { name: "Your submitted foundation" }).waitFor();
  expect(await page.getByRole("button", { name: "Approve" }).count()).toBe(0);
  expect(await page.getByRole("button", { name: "Go to dashboard" }).isEnabled()).toBe(true);
  await expectEveryStepDone(page);
  await ui.screen("step-5-submitted");
  await ui.goto(`/create-foundation/${strategyId}/1`);
  await page.getByLabel("First choice").waitFor();
  expect(await page.getByLabel("First choice").isDisabled()).toBe(true);
  // After submission every step reads as done, on the first step as on the last.
  await expectEveryStepDone(page);
  await page.getByRole("button", { name: "Next" }).click();
  await expectPath(page, new RegExp(`^/create-foundation/${strategyId}/2$`));
  expect(await page.getByLabel("City").isDisabled()).toBe(true);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByText(/^When you submitted, we emailed each owner a link/).waitFor();
  expect(await page.getByRole("button", { name: /^Actions for/ }).count()).toBe(0);
  const after = await apiCall<AllData>(
    e2e.stack.app.url,
    founder.token,
    "GET",
    `/api/accounts/${submitted.account.account_id}/all_data`,
  );
  expect(after.strategies[0]!.entry_completed_at).toBe(submitted.strategies[0]!.entry_completed_at);
}

/** Select is disabled once the account has its foundation: one Founder Foundation per account. */
export async function expectOneFoundationPerAccount(ui: UiPage): Promise<void> {
  const { page } = ui;
  await ui.goto("/");
  await page.getByRole("button", { name: "Add Strategy" }).click();
  await page.getByRole("heading", { name: "Choose strategy" }).waitFor();
  await expect.poll(() => page.getByRole("button", { name: "Select" }).isDisabled()).toBe(true);
}
