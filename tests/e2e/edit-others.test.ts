// Browser suite for /edit-others (requirements §2) against the real local stack: a founder who has
// completed creation (seeded through the API with their own token) sees their additional owners,
// edits a verified one (persisted), resends and adds owners (toasts, real mail, the bell), and sees
// the failure toasts when the server refuses. Every screen is checked by axe and photographed.
import { describe, expect, it } from "vitest";
import { MailboxClient, findLink } from "../support/mail";
import { setupE2E } from "../support/e2e-harness";
import { editScreenHelpers, screenInEveryLook, HOSTED_LINK, saveAndLeave, toast } from "./edit-screens-suite";
import { scaled } from "../support/machine";
import { OWNER } from "../support/entry";

const e2e = setupE2E();
const OWNER_NAME = `${OWNER.first_name} ${OWNER.last_name}`;
const { call, seedCompletedFounder, addVerifiedOwner, openAs, checkOtherLooks } = editScreenHelpers(e2e);

describe("/edit-others", () => {
  it("lists owners with their state, edits a verified owner (persisted), adds an owner (toasts, email, notification)", async () => {
    const s = await seedCompletedFounder();
    const verifiedEmail = `grace-${s.accountId}@example.com`;
    await addVerifiedOwner(s, verifiedEmail);
    const pendingEmail = `pending-${s.accountId}@example.com`;
    await call(s.token, "POST", "/api/persons/", {
      account_id: s.accountId,
      account_primary_holder: false,
      is_addon: true,
      email: pendingEmail,
    });

    const ui = await openAs(s, "/edit-others");
    const { page } = ui;
    const grace = page.getByRole("button", { name: new RegExp(OWNER_NAME) });
    await grace.waitFor();
    expect(await grace.getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByRole("button", { name: pendingEmail, exact: true }).isDisabled()).toBe(true);
    await page.getByText("Awaiting identity check").waitFor();
    const form = page.getByRole("form", { name: `Details of ${OWNER_NAME}` });
    expect(await form.getByLabel("Birthdate").isEditable()).toBe(false);
    expect(await form.getByLabel("SSN").inputValue()).toBe("***-**-4321");
    await ui.screen("edit-others-1280-light");

    await form.getByLabel("Street address").fill("9 New Road");
    await form.getByLabel("Zip").fill("19958");
    await saveAndLeave(page, "Owner information updated successfully");
    await ui.goto("/edit-others");
    await expect
      .poll(() =>
        page
          .getByRole("form", { name: `Details of ${OWNER_NAME}` })
          .getByLabel("Street address")
          .inputValue(),
      )
      .toBe("9 New Road");
    expect(
      await page
        .getByRole("form", { name: `Details of ${OWNER_NAME}` })
        .getByLabel("Zip")
        .inputValue(),
    ).toBe("19958");

    // Resend to the pending owner: a real mail arrives.
    const mailbox = new MailboxClient(e2e.stack.mail!.url);
    await page.getByRole("button", { name: `Resend verification email to ${pendingEmail}` }).click();
    await toast(page, "Verification emails sent successfully");
    await mailbox.latest(pendingEmail, { subject: "verify your identity" });
    await page
      .getByText(/^Verification email sent \d+\/\d+\/\d{4}$/)
      .first()
      .waitFor();

    // Add an owner through the dialog: a real event the bell counts (one 'Owner added' for the new
    // owner; linking them to the organization adds no second notice).
    const badge = page.getByTestId("notifications-badge");
    await page.waitForLoadState("networkidle");
    const unreadBefore = Number(await badge.textContent());
    expect(unreadBefore).toBeGreaterThanOrEqual(3);
    const newEmail = `new-${s.accountId}@example.com`;
    await page.getByRole("button", { name: "Add owner" }).click();
    const dialog = page.getByRole("dialog", { name: "Add owner" });
    await dialog.getByLabel("Email").fill(verifiedEmail);
    await dialog.getByText("Email already exists").waitFor();
    await ui.screen("add-owner-dialog");
    // One rule, the contract's: an address it refuses says why and keeps Add disabled, and the browser
    // has no check of its own to get in the way (requirements §5, Owner email).
    for (const refused of ["émile@exämple.com", "<script>x</script>@x.com", "a<v@x.com>"]) {
      await dialog.getByLabel("Email").fill(refused);
      await dialog.getByText("Please enter a valid email address").waitFor();
      expect(await dialog.getByRole("button", { name: "Add" }).isDisabled(), refused).toBe(true);
      expect(await ui.read<boolean>(`document.querySelector('[role="dialog"] form').checkValidity()`)).toBe(true);
    }
    await screenInEveryLook(ui, "add-owner-dialog-refused");
    await dialog.getByLabel("Email").fill(newEmail);
    // Every toast that appears from here on, in order.
    await page.evaluate(`(() => {
      const region = document.querySelector('[aria-live="polite"]');
      const before = new Set(region.children);
      window.toastsSeen = [];
      new MutationObserver((changes) => {
        for (const change of changes) for (const node of change.addedNodes) if (!before.has(node)) window.toastsSeen.push(node.textContent);
      }).observe(region, { childList: true });
    })()`);
    await dialog.getByRole("button", { name: "Add" }).click();
    await toast(page, "New owner added successfully");
    await page.getByRole("button", { name: newEmail, exact: true }).waitFor();
    await expect.poll(async () => Number(await badge.textContent())).toBe(unreadBefore + 1);
    await mailbox.latest(newEmail, { subject: "verify your identity" });
    await page.waitForLoadState("networkidle");
    // One action, one toast: not one per call (create, link, mail) it took.
    expect(await ui.read("window.toastsSeen")).toEqual(["New owner added successfully"]);
    const all = await call<{
      persons: { person_id: number; email: string }[];
      organization_users: { person_id: number; primary_holder: boolean }[];
    }>(s.token, "GET", `/api/accounts/${s.accountId}/all_data`);
    const added = all.persons.find((p) => p.email === newEmail);
    expect(all.organization_users).toContainEqual(
      expect.objectContaining({ person_id: added?.person_id, primary_holder: false }),
    );

    await checkOtherLooks(s, "/edit-others", "edit-others", "Street address");
  });

  it("'Update license' on a verified owner emails them a fresh identity-check link", async () => {
    const s = await seedCompletedFounder();
    const email = `license-${s.accountId}@example.com`;
    const ownerId = await addVerifiedOwner(s, email);
    const mailbox = new MailboxClient(e2e.stack.mail!.url);
    const first = await mailbox.latest(email, { subject: "verify your identity" });
    const ui = await openAs(s, "/edit-others");
    const form = ui.page.getByRole("form", { name: `Details of ${OWNER_NAME}` });
    await form.getByRole("button", { name: "Update license" }).click();
    await toast(ui.page, "Verification emails sent successfully");
    // A second mail (not the one the owner verified with) with a working hosted link.
    await expect
      .poll(async () => (await mailbox.latest(email, { subject: "verify your identity" })).ID, {
        timeout: scaled(15_000),
      })
      .not.toBe(first.ID);
    const link = findLink(await mailbox.latest(email, { subject: "verify your identity" }), HOSTED_LINK);
    expect((await fetch(link)).status).toBe(200);
    // The owner stays verified (and selectable) until the provider reviews the new check.
    const owner = await call<{ sumsub_completed_at: string | null; sumsub_email_sent_at: string | null }>(
      s.token,
      "GET",
      `/api/persons/${ownerId}`,
    );
    expect(owner.sumsub_completed_at).not.toBeNull();
    expect(owner.sumsub_email_sent_at).not.toBeNull();
    expect(await ui.page.getByRole("button", { name: new RegExp(OWNER_NAME) }).isEnabled()).toBe(true);
  });

  it("choosing 'None' as an owner's marital status says 'Required' at once, so a disabled Done has its reason", async () => {
    const s = await seedCompletedFounder();
    await addVerifiedOwner(s, `nostatus-${s.accountId}@example.com`);
    const ui = await openAs(s, "/edit-others", { width: 375 });
    const form = ui.page.getByRole("form", { name: `Details of ${OWNER_NAME}` });
    const status = form.getByLabel("Marital status");
    const done = form.getByRole("button", { name: "Done" });
    await status.selectOption({ label: "None" });
    await form.getByText("Required", { exact: true }).waitFor();
    expect(await done.isDisabled()).toBe(true);
    expect(await status.getAttribute("aria-invalid")).toBe("true");
    await ui.screenEachLook("edit-others-owner-required");
    await status.selectOption({ label: "Single" });
    expect(await done.isEnabled()).toBe(true);
    expect(await form.getByText("Required", { exact: true }).count()).toBe(0);
  });

  it("shows 'Failed to update owner information' when the owner was removed meanwhile", async () => {
    const s = await seedCompletedFounder();
    const ownerId = await addVerifiedOwner(s, `gone-${s.accountId}@example.com`);
    const ui = await openAs(s, "/edit-others");
    const form = ui.page.getByRole("form", { name: `Details of ${OWNER_NAME}` });
    await form.getByLabel("City").fill("Lewes");
    await call(s.token, "DELETE", `/api/persons/${ownerId}`);
    await form.getByRole("button", { name: "Done" }).click();
    await toast(ui.page, "Failed to update owner information");
  });

  it("shows 'Failed to add new owner' when the server refuses the owner", async () => {
    const s = await seedCompletedFounder();
    const ui = await openAs(s, "/edit-others");
    await ui.page.getByText("No additional owners added yet").waitFor();
    // Another session adds the same owner first: the server refuses the duplicate for real.
    const email = `race-${s.accountId}@example.com`;
    await ui.page.getByRole("button", { name: "Add owner" }).click();
    const dialog = ui.page.getByRole("dialog", { name: "Add owner" });
    await dialog.getByLabel("Email").fill(email);
    await call(s.token, "POST", "/api/persons/", {
      account_id: s.accountId,
      account_primary_holder: false,
      is_addon: true,
      email,
    });
    await dialog.getByRole("button", { name: "Add" }).click();
    await toast(ui.page, "Failed to add new owner");
    expect(await dialog.getByLabel("Email").inputValue()).toBe(email);
  });
});
