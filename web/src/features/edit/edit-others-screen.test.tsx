import { fakeApi } from "@/testing/fake-api";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Person } from "@contract/entities";
import { allDataFixture, personFixture, serveFounder } from "@/testing/founder-fixtures";
import { renderScreen } from "@/testing/render-screen";
import EditOthersScreen from "./edit-others-screen";
import { ownerStatus } from "./owner-status";

const addon = (id: number, over: Partial<Person> = {}) =>
  personFixture({
    person_id: id,
    account_primary_holder: false,
    is_addon: true,
    email: `owner${id}@example.com`,
    first_name: null,
    last_name: null,
    dob: null,
    ssn: null,
    phone: null,
    address_line1: null,
    city: null,
    state: null,
    zip: null,
    marital_status: null,
    sumsub_applicant_id: null,
    sumsub_completed_at: null,
    sumsub_review_answer: null,
    ...over,
  });

const verified = addon(21, {
  first_name: "Grace",
  last_name: "Hopper",
  dob: "1980-01-02",
  ssn: "***-**-1111",
  phone: "3025550101",
  address_line1: "2 Side St",
  city: "Dover",
  state: "us_state_delaware",
  zip: "19901",
  marital_status: "marital_status_single",
  sumsub_completed_at: "2026-11-02T09:00:00",
  sumsub_review_answer: "GREEN",
});
const emailed = addon(22, { sumsub_email_sent_at: "2026-11-03T09:00:00" });
const rejected = addon(23, { sumsub_review_answer: "RED" });
const fresh = addon(24);

beforeEach(() => {
  fakeApi.reset();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe("owner status", () => {
  it("names where each owner's identity check stands", () => {
    expect(ownerStatus(verified)).toEqual({ kind: "verified" });
    expect(ownerStatus(emailed)).toEqual({ kind: "email-sent", label: "Verification email sent 11/3/2026" });
    expect(ownerStatus(rejected)).toEqual({ kind: "rejected", label: "Identity check not passed" });
    expect(ownerStatus(fresh)).toEqual({ kind: "awaiting", label: "Awaiting identity check" });
  });
});

describe("/edit-others", () => {
  it("says why Done is disabled: a marital status of None reads 'Required', on load and when chosen", async () => {
    const noStatus = { ...verified, marital_status: null };
    serveFounder(allDataFixture({ persons: [personFixture(), noStatus] }));
    renderScreen(<EditOthersScreen />);
    const status = await screen.findByLabelText("Marital status");
    expect(status).toHaveAccessibleDescription("Required");
    expect(screen.getByRole("button", { name: "Done" })).toBeDisabled();
    await userEvent.selectOptions(status, "Single");
    expect(status).not.toHaveAccessibleDescription("Required");
    expect(screen.getByRole("button", { name: "Done" })).toBeEnabled();
    // Chosen again, None says so at once: the select keeps the focus, no blur comes first.
    await userEvent.selectOptions(status, "None");
    expect(status).toHaveAccessibleDescription("Required");
  });

  it("lists the owners; those without a completed check are disabled with their state", async () => {
    serveFounder(allDataFixture({ persons: [personFixture(), verified, emailed, rejected, fresh] }));
    renderScreen(<EditOthersScreen />);
    const grace = await screen.findByRole("button", { name: /Grace Hopper/ });
    expect(grace).toBeEnabled();
    expect(grace).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "owner22@example.com" })).toBeDisabled();
    expect(screen.getByText("Verification email sent 11/3/2026")).toBeInTheDocument();
    expect(screen.getByText("Identity check not passed")).toBeInTheDocument();
    expect(screen.getByText("Awaiting identity check")).toBeInTheDocument();
    // The primary holder is not an "other" owner.
    expect(screen.queryByRole("button", { name: /Ada Lovelace/ })).not.toBeInTheDocument();
  });

  it("edits the selected owner: birthdate and SSN read-only with the reason, the rest editable, and confirms", async () => {
    serveFounder(allDataFixture({ persons: [personFixture(), verified] }));
    fakeApi.on("PATCH", "/api/persons/{id}", { ok: true });
    renderScreen(<EditOthersScreen />);
    const form = await screen.findByRole("form", { name: "Details of Grace Hopper" });
    // Fixed once recorded: read-only values with the reason, not greyed-out boxes.
    expect(within(form).getByLabelText("Birthdate")).toHaveAttribute("readonly");
    expect(within(form).getByLabelText("SSN")).toHaveAttribute("readonly");
    expect(within(form).getByLabelText("SSN")).toHaveAccessibleDescription(/^Fixed once recorded/);
    const street = within(form).getByLabelText("Street address");
    await userEvent.clear(street);
    await userEvent.type(street, "9 New Rd");
    await userEvent.click(within(form).getByRole("button", { name: "Done" }));
    expect(await screen.findByText("Owner information updated successfully")).toBeInTheDocument();
    const [patch] = fakeApi.callsTo("PATCH", "/api/persons/{id}");
    expect(patch!.path).toBe("/api/persons/21");
    expect(patch!.body).toMatchObject({ address_line1: "9 New Rd", phone: "3025550101" });
    expect(patch!.body).not.toHaveProperty("ssn");
    expect(patch!.body).not.toHaveProperty("dob");
  });

  it("applies the owner rules ('Required') and says 'Failed to update owner information' on a refusal", async () => {
    serveFounder(allDataFixture({ persons: [personFixture(), verified] }));
    fakeApi.fail("PATCH", "/api/persons/{id}", 400, "Refused");
    renderScreen(<EditOthersScreen />);
    const form = await screen.findByRole("form", { name: "Details of Grace Hopper" });
    const city = within(form).getByLabelText("City");
    await userEvent.clear(city);
    await userEvent.tab();
    expect(within(form).getByText("Required")).toBeInTheDocument();
    expect(within(form).getByRole("button", { name: "Done" })).toBeDisabled();
    await userEvent.type(city, "Lewes");
    await userEvent.click(within(form).getByRole("button", { name: "Done" }));
    expect(await screen.findByText("Failed to update owner information")).toBeInTheDocument();
  });

  it("adds an owner: creates the add-on, links it to the organization and emails it, with one toast for the whole", async () => {
    let persons = [personFixture(), verified];
    serveFounder(() => allDataFixture({ persons }));
    fakeApi.on("POST", "/api/persons/", (c) => {
      persons = [...persons, addon(30, { email: (c.body as { email: string }).email })];
      return { status: 201, body: { person_id: 30 } };
    });
    fakeApi.on("POST", "/api/organization_users/", {
      status: 201,
      body: { organization_id: 5, person_id: 30, primary_holder: false },
    });
    fakeApi.on("POST", "/api/sumsub/send_sumsub_emails", {
      results: [{ person_id: 30, status: "sent", sumsub_email_sent_at: "2026-11-04T09:00:00" }],
    });
    renderScreen(<EditOthersScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Add owner" }));
    const dialog = await screen.findByRole("dialog", { name: "Add owner" });
    const email = within(dialog).getByLabelText("Email");
    await userEvent.type(email, "owner21@example.com");
    expect(within(dialog).getByText("Email already exists")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Add" })).toBeDisabled();
    await userEvent.clear(email);
    await userEvent.type(email, "new.owner@example.com");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(await screen.findByRole("button", { name: "new.owner@example.com" })).toBeDisabled();
    expect(screen.getAllByRole("status").map((t) => t.textContent)).toEqual(["New owner added successfully"]);
    expect(fakeApi.callsTo("POST", "/api/persons/")[0]!.body).toEqual({
      account_id: 7,
      account_primary_holder: false,
      is_addon: true,
      email: "new.owner@example.com",
    });
    expect(fakeApi.callsTo("POST", "/api/organization_users/")[0]!.body).toEqual({
      organization_id: 5,
      person_id: 30,
      primary_holder: false,
    });
    expect(fakeApi.callsTo("POST", "/api/sumsub/send_sumsub_emails")[0]!.body).toEqual([30]);
  });

  it("a verified owner without a name: the email once (as the heading), birthdate and SSN read-only though not recorded, and never sent", async () => {
    const unnamed = addon(25, {
      ...verified,
      person_id: 25,
      email: "nameless@example.com",
      first_name: null,
      last_name: null,
      dob: null,
      ssn: null,
    });
    serveFounder(allDataFixture({ persons: [personFixture(), unnamed] }));
    fakeApi.on("PATCH", "/api/persons/{id}", { ok: true });
    renderScreen(<EditOthersScreen />);
    const form = await screen.findByRole("form", { name: "Details of nameless@example.com" });
    expect(within(form).getByRole("heading", { name: "nameless@example.com" })).toBeInTheDocument();
    expect(within(form).getAllByText("nameless@example.com")).toHaveLength(1);
    for (const label of ["Birthdate", "SSN"]) {
      const field = within(form).getByLabelText(label);
      expect(field).toHaveValue("");
      expect(field).toHaveAttribute("readonly");
      expect(field).toHaveAccessibleDescription("Not recorded; it cannot be entered here.");
    }
    await userEvent.click(within(form).getByRole("button", { name: "Done" }));
    expect(await screen.findByText("Owner information updated successfully")).toBeInTheDocument();
    const [patch] = fakeApi.callsTo("PATCH", "/api/persons/{id}");
    expect(patch!.body).not.toHaveProperty("dob");
    expect(patch!.body).not.toHaveProperty("ssn");
  });

  it("says 'Failed to add new owner' when the server refuses the owner, and keeps the dialog open", async () => {
    serveFounder(allDataFixture({ persons: [personFixture()] }));
    fakeApi.fail("POST", "/api/persons/", 409, "Email already exists");
    renderScreen(<EditOthersScreen />);
    expect(await screen.findByText("No additional owners added yet")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Add owner" }));
    const dialog = await screen.findByRole("dialog", { name: "Add owner" });
    await userEvent.type(within(dialog).getByLabelText("Email"), "someone@example.com");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Failed to add new owner")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Add owner" })).toBeInTheDocument();
    expect(fakeApi.callsTo("POST", "/api/organization_users/")).toHaveLength(0);
  });

  it("says 'Failed to add owner to organization' when the link is refused", async () => {
    serveFounder(allDataFixture({ persons: [personFixture()] }));
    fakeApi.on("POST", "/api/persons/", { status: 201, body: { person_id: 30 } });
    fakeApi.fail("POST", "/api/organization_users/", 404, "Organization not found");
    renderScreen(<EditOthersScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Add owner" }));
    const dialog = await screen.findByRole("dialog", { name: "Add owner" });
    await userEvent.type(within(dialog).getByLabelText("Email"), "someone@example.com");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Failed to add owner to organization")).toBeInTheDocument();
    expect(fakeApi.callsTo("POST", "/api/sumsub/send_sumsub_emails")).toHaveLength(0);
  });

  it("resends the verification email to a pending owner, and says so when it fails", async () => {
    serveFounder(allDataFixture({ persons: [personFixture(), emailed] }));
    fakeApi.on("POST", "/api/sumsub/send_sumsub_emails", {
      results: [{ person_id: 22, status: "sent", sumsub_email_sent_at: "2026-11-05T09:00:00" }],
    });
    renderScreen(<EditOthersScreen />);
    await userEvent.click(
      await screen.findByRole("button", { name: "Resend verification email to owner22@example.com" }),
    );
    expect(await screen.findByText("Verification emails sent successfully")).toBeInTheDocument();
    expect(fakeApi.callsTo("POST", "/api/sumsub/send_sumsub_emails")[0]!.body).toEqual([22]);
    // Owners not verified yet are mailed anyway: no re-issue asked for.
    expect(fakeApi.callsTo("POST", "/api/sumsub/send_sumsub_emails")[0]!.query.get("reissue")).toBeNull();
    fakeApi.fail("POST", "/api/sumsub/send_sumsub_emails", 502, "Failed to send verification emails");
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Resend verification email to owner22@example.com" })).toBeEnabled(),
    );
    await userEvent.click(screen.getByRole("button", { name: "Resend verification email to owner22@example.com" }));
    expect(await screen.findByText("Failed to send verification emails")).toBeInTheDocument();
  });

  it("'Update license' asks the server to re-issue a link to the selected (verified) owner, and says when none was sent", async () => {
    serveFounder(allDataFixture({ persons: [personFixture(), verified] }));
    fakeApi.on("POST", "/api/sumsub/send_sumsub_emails", {
      results: [{ person_id: 21, status: "sent", sumsub_email_sent_at: "2026-11-05T09:00:00" }],
    });
    renderScreen(<EditOthersScreen />);
    const form = await screen.findByRole("form", { name: "Details of Grace Hopper" });
    await userEvent.click(within(form).getByRole("button", { name: "Update license" }));
    expect(await screen.findByText("Verification emails sent successfully")).toBeInTheDocument();
    const first = fakeApi.callsTo("POST", "/api/sumsub/send_sumsub_emails")[0]!;
    expect(first.body).toEqual([21]);
    // The selected owner is verified: without reissue=true the server would skip them.
    expect(first.query.get("reissue")).toBe("true");
    // A server that still skipped them sent nothing, and the toast says so.
    fakeApi.on("POST", "/api/sumsub/send_sumsub_emails", {
      results: [{ person_id: 21, status: "already_verified", sumsub_email_sent_at: null }],
    });
    await waitFor(() => expect(within(form).getByRole("button", { name: "Update license" })).toBeEnabled());
    await userEvent.click(within(form).getByRole("button", { name: "Update license" }));
    expect(await screen.findByText("Failed to send verification emails")).toBeInTheDocument();
    // The mail could not be sent (502): the failure toast again.
    fakeApi.fail("POST", "/api/sumsub/send_sumsub_emails", 502, "Failed to send verification emails");
    await waitFor(() => expect(within(form).getByRole("button", { name: "Update license" })).toBeEnabled());
    await userEvent.click(within(form).getByRole("button", { name: "Update license" }));
    await waitFor(() =>
      expect(screen.getAllByText("Failed to send verification emails").length).toBeGreaterThanOrEqual(1),
    );
    expect(fakeApi.callsTo("POST", "/api/sumsub/send_sumsub_emails")).toHaveLength(3);
  });
});
