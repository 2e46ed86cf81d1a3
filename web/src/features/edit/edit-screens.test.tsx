import { fakeApi } from "@/testing/fake-api";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { allDataFixture, organizationFixture, personFixture, serveFounder } from "@/testing/founder-fixtures";
import { renderScreen } from "@/testing/render-screen";
import { MESSAGES } from "@contract/rules";
import EditDafScreen from "./edit-daf-screen";
import EditFoundationScreen from "./edit-foundation-screen";
import EditProfileScreen, { RECHECK_MESSAGES } from "./edit-profile-screen";

beforeEach(() => {
  fakeApi.reset();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const done = () => screen.getByRole("button", { name: "Done" });

describe("/edit-profile", () => {
  it("shows birthdate and the masked SSN read-only with the reason, the state as 'Registered State', and an 'Update license' link", async () => {
    serveFounder(allDataFixture());
    renderScreen(<EditProfileScreen />);
    expect(await screen.findByLabelText("Birthdate")).toHaveAttribute("readonly");
    expect(screen.getByLabelText("Birthdate")).toHaveAccessibleDescription(
      /^Fixed once recorded for your identity check/,
    );
    expect(screen.getByLabelText("Birthdate")).toHaveValue("1990-12-10");
    expect(screen.getByLabelText("SSN")).toHaveAttribute("readonly");
    expect(screen.getByLabelText("SSN")).toHaveValue("***-**-6789");
    expect(screen.getByLabelText("Registered State")).toHaveValue("us_state_delaware");
    expect(screen.getByLabelText("First name")).toBeEnabled();
    expect(screen.getByLabelText("Phone")).toHaveValue("(302)-555-0147");
    expect(screen.getByRole("button", { name: "Update license" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeEnabled();
  });

  it("a verified founder changing their name is told the identity check must be redone; a check not complete is sent to 'Update license' with no guessed cause", async () => {
    serveFounder(allDataFixture());
    const { unmount } = renderScreen(<EditProfileScreen />);
    const first = await screen.findByLabelText("First name");
    expect(screen.queryByText(RECHECK_MESSAGES.willClear)).not.toBeInTheDocument();
    await userEvent.clear(first);
    await userEvent.type(first, "Augusta");
    expect(screen.getByText(RECHECK_MESSAGES.willClear)).toBeInTheDocument();
    await userEvent.clear(first);
    await userEvent.type(first, "Ada");
    expect(screen.queryByText(RECHECK_MESSAGES.willClear)).not.toBeInTheDocument();
    unmount();

    // As the server leaves it after the change: verification cleared, the applicant kept.
    fakeApi.reset();
    serveFounder(
      allDataFixture({
        persons: [personFixture({ first_name: "Augusta", sumsub_completed_at: null, sumsub_review_answer: null })],
      }),
    );
    renderScreen(<EditProfileScreen />);
    expect(await screen.findByText(RECHECK_MESSAGES.notComplete)).toBeInTheDocument();
    expect(screen.queryByText(/because your name changed/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Update license" })).toBeInTheDocument();
  });

  it("applies the profile rules: 'Required', phone and zip formats; Done disabled while invalid", async () => {
    serveFounder(allDataFixture());
    renderScreen(<EditProfileScreen />);
    const city = await screen.findByLabelText("City");
    await userEvent.clear(city);
    fireEvent.blur(city);
    expect(screen.getByText("Required")).toBeInTheDocument();
    expect(done()).toBeDisabled();
    await userEvent.type(city, "Wilmington");
    const phone = screen.getByLabelText("Phone");
    await userEvent.clear(phone);
    await userEvent.type(phone, "55512");
    fireEvent.blur(phone);
    expect(phone).toHaveValue("(555)-12");
    expect(screen.getByText("Phone number must be at least 14 characters")).toBeInTheDocument();
    const zip = screen.getByLabelText("Zip");
    await userEvent.clear(zip);
    await userEvent.type(zip, "123");
    fireEvent.blur(zip);
    expect(screen.getByText("Zip code must be at least 5 characters")).toBeInTheDocument();
    expect(done()).toBeDisabled();
  });

  it("refuses a control or text-direction character in a name with the contract's message; Done disabled", async () => {
    serveFounder(allDataFixture());
    renderScreen(<EditProfileScreen />);
    const last = await screen.findByLabelText("Last name");
    fireEvent.change(last, { target: { value: "Love\u202Elace" } });
    fireEvent.blur(last);
    expect(await screen.findByText(MESSAGES.forbiddenCharacters("Last name"))).toBeInTheDocument();
    expect(done()).toBeDisabled();
    fireEvent.change(last, { target: { value: "Lovelace" } });
    await waitFor(() => expect(screen.queryByText(MESSAGES.forbiddenCharacters("Last name"))).not.toBeInTheDocument());
  });

  it("sends only the editable fields, phone as digits, and confirms", async () => {
    serveFounder(allDataFixture());
    fakeApi.on("PATCH", "/api/persons/{id}", { ok: true });
    renderScreen(<EditProfileScreen />);
    const phone = await screen.findByLabelText("Phone");
    await userEvent.clear(phone);
    await userEvent.type(phone, "2125550000");
    await userEvent.selectOptions(screen.getByLabelText("Marital status"), "marital_status_married");
    await userEvent.click(done());
    expect(await screen.findByText("Profile updated successfully")).toBeInTheDocument();
    const [patch] = fakeApi.callsTo("PATCH", "/api/persons/{id}");
    expect(patch!.path).toBe("/api/persons/11");
    expect(patch!.body).toEqual({
      first_name: "Ada",
      last_name: "Lovelace",
      phone: "2125550000",
      address_line1: "1 Main St",
      address_line2: null,
      city: "Dover",
      state: "us_state_delaware",
      zip: "19901",
      marital_status: "marital_status_married",
    });
  });

  it("says 'Failed to update profile' when the server refuses", async () => {
    serveFounder(allDataFixture());
    fakeApi.fail("PATCH", "/api/persons/{id}", 400, "Invalid us state format");
    renderScreen(<EditProfileScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Done" }));
    expect(await screen.findByText("Failed to update profile")).toBeInTheDocument();
  });

  it("explains that there is nothing to edit before the profile exists", async () => {
    serveFounder(allDataFixture({ persons: [] }));
    renderScreen(<EditProfileScreen />);
    expect(await screen.findByText(/There is no profile to edit yet/)).toBeInTheDocument();
  });
});

describe("/edit-daf", () => {
  it("loads a custom DAF as Custom, requires its name, and refuses custodian None", async () => {
    serveFounder(allDataFixture({ organization: organizationFixture({ donor_advised_fund: "Family Giving Fund" }) }));
    renderScreen(<EditDafScreen />);
    expect(await screen.findByLabelText("Custom")).toBeChecked();
    const name = screen.getByLabelText("Custom DAF Name");
    expect(name).toHaveValue("Family Giving Fund");
    await userEvent.clear(name);
    fireEvent.blur(name);
    expect(screen.getByText("Required")).toBeInTheDocument();
    expect(done()).toBeDisabled();
    await userEvent.type(name, "Other Fund");
    await userEvent.selectOptions(screen.getByLabelText("Custodian"), "");
    expect(done()).toBeDisabled();
  });

  it("saves the DAF and custodian on the organization with its other fields unchanged", async () => {
    serveFounder(allDataFixture());
    fakeApi.on("PUT", "/api/organizations/{id}", (c) => ({
      body: { ...organizationFixture(), ...(c.body as object) },
    }));
    renderScreen(<EditDafScreen />);
    await userEvent.click(await screen.findByLabelText("Custom"));
    await userEvent.type(screen.getByLabelText("Custom DAF Name"), "Lovelace Giving");
    await userEvent.selectOptions(screen.getByLabelText("Custodian"), "custodian_fidelity");
    await userEvent.click(done());
    expect(await screen.findByText("DAF updated successfully")).toBeInTheDocument();
    expect(fakeApi.callsTo("PUT", "/api/organizations/{id}")[0]!.body).toEqual({
      name_1: "Ada Foundation LLC",
      name_2: "Ada Family LLC",
      registered_state: "us_state_delaware",
      itg_as_registered_agent: false,
      activity_is_investment: true,
      donor_advised_fund: "Lovelace Giving",
      custodian: "custodian_fidelity",
    });
  });

  it("says 'Failed to update DAF' when the server refuses", async () => {
    serveFounder(allDataFixture());
    fakeApi.fail("PUT", "/api/organizations/{id}", 400, "Refused");
    renderScreen(<EditDafScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Done" }));
    expect(await screen.findByText("Failed to update DAF")).toBeInTheDocument();
  });
});

describe("/edit-foundation", () => {
  it("shows the names, Delaware and investment as fixed, read-only values with the reason; only the registered-agent flag changes", async () => {
    serveFounder(allDataFixture());
    fakeApi.on("PUT", "/api/organizations/{id}", (c) => ({
      body: { ...organizationFixture(), ...(c.body as object) },
    }));
    renderScreen(<EditFoundationScreen />);
    expect(await screen.findByLabelText("First choice")).toHaveAttribute("readonly");
    expect(screen.getByLabelText("First choice")).toHaveAccessibleDescription("Fixed once submitted for filing.");
    expect(screen.getByLabelText("First choice")).toHaveValue("Ada Foundation LLC");
    expect(screen.getByLabelText("Second choice")).toHaveAttribute("readonly");
    expect(screen.getByLabelText(/^Located in Delaware/)).toBeDisabled();
    expect(screen.getByLabelText(/^This is an investment/)).toBeDisabled();
    const agent = screen.getByLabelText("List the tax group as registered agent");
    expect(agent).toBeEnabled();
    await userEvent.click(agent);
    await userEvent.click(done());
    expect(await screen.findByText("Foundation updated successfully")).toBeInTheDocument();
    expect(fakeApi.callsTo("PUT", "/api/organizations/{id}")[0]!.body).toMatchObject({
      name_1: "Ada Foundation LLC",
      itg_as_registered_agent: true,
      activity_is_investment: true,
    });
  });

  it("says 'Failed to update foundation' when the server refuses", async () => {
    serveFounder(allDataFixture());
    fakeApi.fail("PUT", "/api/organizations/{id}", 400, "Refused");
    renderScreen(<EditFoundationScreen />);
    await userEvent.click(await screen.findByRole("button", { name: "Done" }));
    expect(await screen.findByText("Failed to update foundation")).toBeInTheDocument();
    await waitFor(() => expect(done()).toBeEnabled());
  });
});
