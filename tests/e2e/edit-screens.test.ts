// Browser suite for the edit screens (requirements §2) against the real local stack: a founder who has
// completed creation (seeded through the API with their own token) changes each screen, saves,
// reloads and sees the change persisted; refused saves show the failure toast; a user without the
// role 'user' is sent to /. Every screen is checked by axe and photographed at 1280 px light and
// 375 px dark. /edit-others is a file of its own (edit-others.test.ts), so the two run side by side.
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { DEFAULT_DAF, MESSAGES } from "../../server/src/contract/rules";
import { APP_DB_FILE } from "../../db/client";
import { ORGANIZATION, PROFILE } from "../support/entry";
import { founderAt } from "../support/founders";
import { setupE2E } from "../support/e2e-harness";
import { editScreenHelpers, saveAndLeave, screenInEveryLook, toast } from "./edit-screens-suite";

const e2e = setupE2E();
const { call, seedCompletedFounder, openAs, checkOtherLooks } = editScreenHelpers(e2e);

describe("/edit-profile", () => {
  it("changes phone, city and marital status; the change survives a reload; birthdate and SSN stay fixed", async () => {
    const s = await seedCompletedFounder();
    const ui = await openAs(s, "/edit-profile");
    const { page } = ui;
    await expect.poll(() => page.getByLabel("SSN").inputValue()).toBe("***-**-6789");
    // Fixed: shown read-only with the reason.
    expect(await page.getByLabel("SSN").isEditable()).toBe(false);
    expect(await page.getByLabel("Birthdate").isEditable()).toBe(false);
    await ui.screen("edit-profile-1280-light");

    await page.getByLabel("Phone").fill("");
    await page.getByLabel("Phone").pressSequentially("3025550199");
    expect(await page.getByLabel("Phone").inputValue()).toBe("(302)-555-0199");
    await page.getByLabel("City").fill("Dover");
    await page.getByLabel("Marital status").selectOption("marital_status_married");
    await saveAndLeave(page, "Profile updated successfully");

    await ui.goto("/edit-profile");
    await expect.poll(() => page.getByLabel("City").inputValue()).toBe("Dover");
    expect(await page.getByLabel("Phone").inputValue()).toBe("(302)-555-0199");
    expect(await page.getByLabel("Marital status").inputValue()).toBe("marital_status_married");
    expect(await page.getByLabel("Registered State").inputValue()).toBe("us_state_delaware");
    const stored = await call<{ phone: string; ssn: string; dob: string }>(
      s.token,
      "GET",
      `/api/persons/${s.personId}`,
    );
    expect(stored).toMatchObject({ phone: "3025550199", ssn: "***-**-6789", dob: PROFILE.dob });

    await checkOtherLooks(s, "/edit-profile", "edit-profile", "Phone");
  });

  it("refuses markup, emoji and invisible characters in a name and an address line with the contract's message", async () => {
    const s = await seedCompletedFounder();
    const ui = await openAs(s, "/edit-profile");
    const { page } = ui;
    await expect.poll(() => page.getByLabel("First name").inputValue()).toBe(PROFILE.first_name);
    await page.getByLabel("First name").fill("<script>alert(1)</script>");
    await page.getByLabel("Last name").fill("Lovelace \u{1F680}");
    await page.getByLabel("Address line 2 (optional)").fill("<b>Apt 2</b>");
    await page.getByLabel("Address line 2 (optional)").blur();
    await page.getByText(MESSAGES.personName("First name"), { exact: true }).waitFor();
    await page.getByText(MESSAGES.personName("Last name"), { exact: true }).waitFor();
    await page.getByText(MESSAGES.plainText("Address line 2"), { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Done" }).isDisabled()).toBe(true);
    await screenInEveryLook(ui, "edit-profile-refused-name");
    // A look-alike blank (U+3164, a "letter" that shows nothing) says what it is.
    await page.getByLabel("First name").fill("Ada\u3164");
    await page.getByText(MESSAGES.forbiddenCharacters("First name"), { exact: true }).waitFor();
    const stored = await call<{ first_name: string; address_line2: string | null }>(
      s.token,
      "GET",
      `/api/persons/${s.personId}`,
    );
    expect(stored).toMatchObject({ first_name: PROFILE.first_name, address_line2: null });
  });

  it("'Update license' for a verified founder says what updating means before any new check (the check itself: update-license.test.ts)", async () => {
    const s = await seedCompletedFounder();
    const ui = await openAs(s, "/edit-profile");
    await ui.page.getByRole("button", { name: "Update license" }).click();
    const dialog = ui.page.getByRole("dialog", { name: "Update license" });
    // The dialog's root is a zero-size wrapper; its panel is what shows.
    await dialog.getByRole("heading", { name: "Update license" }).waitFor();
    await dialog.getByRole("button", { name: "Start new check" }).waitFor();
    await ui.screen("update-license-dialog");
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
  });

  it("shows 'Failed to update profile' when the server refuses the save (the person was removed meanwhile)", async () => {
    const s = await seedCompletedFounder();
    const ui = await openAs(s, "/edit-profile");
    await ui.page.getByLabel("City").fill("Lewes");
    // The API keeps a submitted entry's primary holder (409), so the removal happens out of band.
    const db = new Database(path.join(e2e.stack.dataDir, APP_DB_FILE));
    try {
      db.pragma("foreign_keys = ON");
      db.prepare("DELETE FROM person WHERE person_id = ?").run(s.personId);
    } finally {
      db.close();
    }
    await ui.page.getByRole("button", { name: "Done" }).click();
    await toast(ui.page, "Failed to update profile");
    // The server answered, so the founder gets its request id to quote to support.
    await ui.page
      .getByRole("alert")
      .filter({ hasText: "Failed to update profile" })
      .getByText(/^Reference: [0-9a-f-]{36}$/)
      .waitFor();
    expect(new URL(ui.page.url()).pathname).toBe("/edit-profile");
  });
});

describe("/edit-daf", () => {
  it("switches to a custom DAF and another custodian; the change survives a reload", async () => {
    const s = await seedCompletedFounder();
    const ui = await openAs(s, "/edit-daf");
    const { page } = ui;
    await page.getByLabel(DEFAULT_DAF).waitFor();
    expect(await page.getByLabel(DEFAULT_DAF).isChecked()).toBe(true);
    await ui.screen("edit-daf-1280-light");
    await page.getByLabel("Custom", { exact: true }).check();
    await page.getByLabel("Custom DAF Name").fill("Lovelace Giving Fund");
    await page.getByLabel("Custodian").selectOption("custodian_fidelity");
    await saveAndLeave(page, "DAF updated successfully");

    await ui.goto("/edit-daf");
    await expect.poll(() => page.getByLabel("Custom DAF Name").inputValue()).toBe("Lovelace Giving Fund");
    expect(await page.getByLabel("Custodian").inputValue()).toBe("custodian_fidelity");
    await checkOtherLooks(s, "/edit-daf", "edit-daf", "Custodian");
  });
});

describe("/edit-foundation", () => {
  it("only the registered-agent flag is editable; its change survives a reload", async () => {
    const s = await seedCompletedFounder();
    const ui = await openAs(s, "/edit-foundation");
    const { page } = ui;
    const agent = page.getByLabel("List the tax group as registered agent");
    await agent.waitFor();
    expect(await agent.isChecked()).toBe(true);
    for (const fixed of ["First choice", "Second choice", "Located in Delaware", "This is an investment"]) {
      expect(await page.getByLabel(fixed).isEditable(), fixed).toBe(false);
    }
    expect(await page.getByLabel("First choice").inputValue()).toBe(ORGANIZATION.name_1);
    await ui.screen("edit-foundation-1280-light");
    await agent.uncheck();
    await saveAndLeave(page, "Foundation updated successfully");

    await ui.goto("/edit-foundation");
    await agent.waitFor();
    expect(await agent.isChecked()).toBe(false);
    const org = await call<{ itg_as_registered_agent: boolean; name_1: string; custodian: string }>(
      s.token,
      "GET",
      `/api/organizations/${s.organizationId}`,
    );
    expect(org).toMatchObject({
      itg_as_registered_agent: false,
      name_1: ORGANIZATION.name_1,
      custodian: "custodian_schwab",
    });
    await checkOtherLooks(s, "/edit-foundation", "edit-foundation", "First choice");
  });
});

describe("role user", () => {
  it("sends a signed-in user without the role 'user' from /edit-profile to /", async () => {
    const { ui, session } = await founderAt("signed-up", { browser: e2e, founder: { roles: ["onboarding"] } });
    expect(session.user.app_metadata.roles).toEqual(["onboarding"]);
    await ui.goto("/edit-profile");
    await ui.page.waitForURL((u) => u.pathname === "/");
    await ui.page.getByRole("heading", { name: "Welcome!" }).waitFor();
  });
});

// Last in the file: it stops the app listener, so every later request fails for real.
describe("with the API down", () => {
  it("shows 'Failed to update DAF' and 'Failed to update foundation', and stays on the screen", async () => {
    const s = await seedCompletedFounder();
    const daf = await openAs(s, "/edit-daf");
    await daf.page.getByLabel("Custodian").selectOption("custodian_fidelity");
    const foundation = await openAs(s, "/edit-foundation");
    await foundation.page.getByLabel("List the tax group as registered agent").uncheck();
    await e2e.stack.app.close();

    await daf.page.getByRole("button", { name: "Done" }).click();
    await toast(daf.page, "Failed to update DAF");
    await foundation.page.getByRole("button", { name: "Done" }).click();
    await toast(foundation.page, "Failed to update foundation");
    for (const ui of [daf, foundation]) {
      expect(await ui.page.getByRole("button", { name: "Done" }).isEnabled()).toBe(true);
      expect(["/edit-daf", "/edit-foundation"]).toContain(new URL(ui.page.url()).pathname);
    }
  });
});
