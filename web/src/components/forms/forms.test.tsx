// The shared §5 form parts as a person uses them: messages on blur, formatters while typing,
// enabled/disabled submit.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { EnumItem, Organization } from "@contract/entities";
import { dafForm, foundationForm, ownerEmailSchema, profileForm } from "@contract/forms";
import { MESSAGES, todayIso } from "@contract/rules";
import { DafFields, dafValuesFromOrganization } from "./daf-fields";
import { FoundationFields, foundationValuesFromOrganization } from "./foundation-fields";
import { OwnerEmailDialog } from "./owner-email-dialog";
import { formatSsnInput, namesFromMetadata, ProfileFields, profileValuesFromPerson } from "./profile-fields";
import { useZodForm } from "./use-zod-form";

const ENUMS: EnumItem[] = [
  { enum_id: "us_state_delaware", enum_label: "Delaware", enum_category: "us_state" },
  { enum_id: "us_state_new_york", enum_label: "New York", enum_category: "us_state" },
  { enum_id: "marital_status_single", enum_label: "Single", enum_category: "marital_status" },
  { enum_id: "marital_status_married", enum_label: "Married", enum_category: "marital_status" },
  { enum_id: "custodian_fidelity", enum_label: "Fidelity Investments", enum_category: "custodian" },
];

function ProfileHarness() {
  const form = useZodForm(profileForm, profileValuesFromPerson(null));
  return (
    <>
      <ProfileFields field={form.field} enums={ENUMS} />
      <button type="button" disabled={!form.isValid}>
        Next
      </button>
    </>
  );
}

describe("namesFromMetadata: a new profile starts from the name given at sign-up", () => {
  it.each([
    [{ full_name: "Ada Lovelace", name: "Ada" }, "Ada", "Lovelace"],
    [{ full_name: "Mary Ann Evans", name: "Mary Ann" }, "Mary Ann", "Evans"],
    [{ full_name: "Ada  King Lovelace" }, "Ada King", "Lovelace"],
    [{ name: "Ada" }, "Ada", ""],
    [{ full_name: 42 }, "", ""],
    [null, "", ""],
  ] as const)("%j → %s / %s", (meta, firstName, lastName) => {
    expect(namesFromMetadata(meta as Record<string, unknown> | null)).toEqual({ firstName, lastName });
  });

  it("fills a profile not saved yet", () => {
    const names = { firstName: "Ada", lastName: "Lovelace" };
    expect(profileValuesFromPerson(null, names)).toMatchObject(names);
  });
});

describe("ProfileFields", () => {
  it("masks the SSN while typing until Show is pressed, and marks address line 2 optional", async () => {
    const user = userEvent.setup();
    render(<ProfileHarness />);
    const ssn = screen.getByLabelText("SSN");
    await user.type(ssn, "123456789");
    expect(ssn).toHaveAttribute("type", "password");
    const toggle = screen.getByRole("button", { name: "Show" });
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    await user.click(toggle);
    expect(ssn).toHaveAttribute("type", "text");
    expect(ssn).toHaveValue("123-45-6789");
    expect(screen.getByRole("button", { name: "Hide" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByLabelText("Address line 2 (optional)")).toBeInTheDocument();
  });

  it("reads in blocks at every width: the address fields come together, in order, after the personal ones", () => {
    render(<ProfileHarness />);
    const order = [...document.querySelectorAll("input, select")].map(
      (e) => document.querySelector(`label[for="${e.id}"]`)?.textContent,
    );
    expect(order).toEqual([
      "First name",
      "Last name",
      "Birthdate",
      "Marital status",
      "SSN",
      "Phone",
      "Address line 1",
      "Address line 2 (optional)",
      "City",
      "State",
      "Zip",
    ]);
    expect(screen.getByRole("group", { name: "Address" })).toContainElement(screen.getByLabelText("Zip"));
  });

  it("formats SSN and phone while typing", async () => {
    const user = userEvent.setup();
    render(<ProfileHarness />);
    await user.type(screen.getByLabelText("SSN"), "123456789");
    expect(screen.getByLabelText("SSN")).toHaveValue("123-45-6789");
    await user.type(screen.getByLabelText("Phone"), "2125550123");
    expect(screen.getByLabelText("Phone")).toHaveValue("(212)-555-0123");
    await user.type(screen.getByLabelText("SSN"), "abc");
    expect(screen.getByLabelText("SSN")).toHaveValue("123-45-6789");
  });

  it("drops a leading US country code from a phone number and takes ten digits at most", async () => {
    const user = userEvent.setup();
    render(<ProfileHarness />);
    const phone = screen.getByLabelText("Phone");
    await user.click(phone);
    await user.paste("+1 (302) 555-0199");
    expect(phone).toHaveValue("(302)-555-0199");
    await user.clear(phone);
    // An 11th digit is not taken, so no message about length follows a number that looks whole
    // (docs/decisions/0095).
    await user.type(phone, "30255501999");
    expect(phone).toHaveValue("(302)-555-0199");
    await user.tab();
    expect(phone).not.toHaveAccessibleDescription("Phone number must be at least 14 characters");
    await user.clear(phone);
    await user.type(phone, "302555");
    await user.tab();
    expect(phone).toHaveAccessibleDescription("Phone number must be at least 14 characters");
  });

  it("takes the birthdate of an adult alive today: not in the future, 18 to 120 years ago", async () => {
    const user = userEvent.setup();
    render(<ProfileHarness />);
    const birthdate = screen.getByLabelText("Birthdate");
    const year = new Date().getFullYear();
    const today = todayIso();
    expect(birthdate).toHaveAttribute("max", `${year - 18}${today.slice(4)}`);
    expect(birthdate).toHaveAttribute("min", `${year - 120}${today.slice(4)}`);
    for (const [typed, message] of [
      [`${year + 1}-01-01`, "Birthdate cannot be in the future"],
      [today, "Must be at least 18 years old"],
      ["1800-01-01", "Birthdate must be within the last 120 years"],
    ] as const) {
      await user.clear(birthdate);
      await user.type(birthdate, typed);
      await user.tab();
      expect(birthdate).toHaveAccessibleDescription(message);
    }
    await user.clear(birthdate);
    await user.type(birthdate, "1985-03-14");
    await user.tab();
    expect(birthdate).not.toHaveAccessibleDescription();
  });

  it("says 'Required' on blur of an empty field, and the SSN/phone/zip messages for short values", async () => {
    const user = userEvent.setup();
    render(<ProfileHarness />);
    expect(screen.queryByText("Required")).not.toBeInTheDocument();
    await user.click(screen.getByLabelText("City"));
    await user.tab();
    expect(screen.getByLabelText("City")).toHaveAccessibleDescription("Required");
    await user.type(screen.getByLabelText("SSN"), "12345");
    await user.tab();
    expect(screen.getByText("SSN must be at least 11 characters")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Phone"), "212");
    await user.tab();
    expect(screen.getByText("Phone number must be at least 14 characters")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Zip"), "100");
    await user.tab();
    expect(screen.getByText("Zip code must be at least 5 characters")).toBeInTheDocument();
    await user.type(screen.getByLabelText("First name"), "x".repeat(51));
    await user.tab();
    expect(screen.getByText("First name cannot exceed 50 characters")).toBeInTheDocument();
  });

  it("refuses markup, emoji and invisible characters in names and address lines with the contract's messages", async () => {
    const user = userEvent.setup();
    render(<ProfileHarness />);
    await user.type(screen.getByLabelText("First name"), "<script>alert(1)</script>");
    await user.tab();
    expect(screen.getByLabelText("First name")).toHaveAccessibleDescription(MESSAGES.personName("First name"));
    await user.type(screen.getByLabelText("Last name"), "Lovelaceㅤ");
    await user.tab();
    expect(screen.getByLabelText("Last name")).toHaveAccessibleDescription(MESSAGES.forbiddenCharacters("Last name"));
    await user.type(screen.getByLabelText("Address line 2 (optional)"), "<b>Apt 2</b>");
    await user.tab();
    expect(screen.getByLabelText("Address line 2 (optional)")).toHaveAccessibleDescription(
      MESSAGES.plainText("Address line 2"),
    );
    await user.type(screen.getByLabelText("SSN"), "000000000");
    await user.type(screen.getByLabelText("Phone"), "0000000000");
    await user.tab();
    expect(screen.getByText(MESSAGES.ssnNeverIssued)).toBeInTheDocument();
    expect(screen.getByLabelText("Phone")).toHaveAccessibleDescription(MESSAGES.phoneImpossible);
  });

  it("keeps Next disabled until every required field is valid; address line 2 is optional", async () => {
    const user = userEvent.setup();
    render(<ProfileHarness />);
    const next = screen.getByRole("button", { name: "Next" });
    await user.type(screen.getByLabelText("First name"), "Grace");
    await user.type(screen.getByLabelText("Last name"), "Hopper");
    await user.type(screen.getByLabelText("Birthdate"), "1985-03-14");
    await user.type(screen.getByLabelText("SSN"), "123456789");
    await user.type(screen.getByLabelText("Phone"), "2125550123");
    await user.type(screen.getByLabelText("Address line 1"), "1 Main St");
    await user.type(screen.getByLabelText("City"), "New York");
    await user.type(screen.getByLabelText("Zip"), "10001");
    expect(next).toBeDisabled();
    await user.selectOptions(screen.getByLabelText("State"), "New York");
    expect(screen.getByLabelText("Marital status")).toHaveValue("marital_status_single");
    expect(next).toBeEnabled();
    await user.selectOptions(screen.getByLabelText("Marital status"), "None");
    expect(next).toBeDisabled();
  });

  it("replaces a masked SSN with newly typed digits instead of mixing them", () => {
    expect(formatSsnInput("***-**-67891", "***-**-6789")).toBe("1");
    expect(formatSsnInput("***-**-678", "***-**-6789")).toBe("");
    expect(formatSsnInput("1234", "123")).toBe("123-4");
  });
});

function FoundationHarness({ org = null }: { org?: Organization | null }) {
  const form = useZodForm(foundationForm, foundationValuesFromOrganization(org));
  return (
    <>
      <FoundationFields field={form.field} check={form.check} />
      <button type="button" disabled={!form.isValid}>
        Next
      </button>
    </>
  );
}

describe("FoundationFields", () => {
  it("requires both names to end with LLC and stay within 100 characters", async () => {
    const user = userEvent.setup();
    render(<FoundationHarness />);
    await user.type(screen.getByLabelText("First choice"), "Acme Giving");
    await user.tab();
    expect(screen.getByLabelText("First choice")).toHaveAccessibleDescription("Name must end with LLC");
    await user.type(screen.getByLabelText("Second choice"), `${"A".repeat(98)} llc`);
    await user.tab();
    expect(screen.getByLabelText("Second choice")).toHaveAccessibleDescription(
      "Foundation name cannot exceed 100 characters",
    );
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    await user.type(screen.getByLabelText("First choice"), " llc ");
    await user.clear(screen.getByLabelText("Second choice"));
    await user.type(screen.getByLabelText("Second choice"), "Acme Two LLC");
    expect(screen.getByRole("button", { name: "Next" })).toBeEnabled();
    expect(screen.getByLabelText("Located in Delaware")).toBeChecked();
  });

  it("needs a name before LLC, and a second choice that differs from the first (case and spaces aside)", async () => {
    const user = userEvent.setup();
    render(<FoundationHarness />);
    await user.type(screen.getByLabelText("First choice"), "LLC");
    await user.tab();
    expect(screen.getByLabelText("First choice")).toHaveAccessibleDescription(MESSAGES.llcNameBefore);
    await user.clear(screen.getByLabelText("First choice"));
    await user.type(screen.getByLabelText("First choice"), "Acme Giving llc");
    await user.type(screen.getByLabelText("Second choice"), "Acme  Giving LLC");
    await user.tab();
    expect(screen.getByLabelText("Second choice")).toHaveAccessibleDescription(MESSAGES.sameNames);
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    await user.clear(screen.getByLabelText("Second choice"));
    await user.type(screen.getByLabelText("Second choice"), "Acme Philanthropy LLC");
    expect(screen.getByRole("button", { name: "Next" })).toBeEnabled();
  });

  it("refuses a name a state would not register (an emoji) with the contract's message", async () => {
    const user = userEvent.setup();
    render(<FoundationHarness />);
    await user.type(screen.getByLabelText("First choice"), "\u{1F680} Rocket Giving LLC");
    await user.tab();
    expect(screen.getByLabelText("First choice")).toHaveAccessibleDescription(MESSAGES.legalName);
    await user.type(screen.getByLabelText("Second choice"), "Rocket Giving LLC");
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
  });
});

function DafHarness({ org }: { org: Organization | null }) {
  const form = useZodForm(dafForm, dafValuesFromOrganization(org));
  return (
    <>
      <DafFields field={form.field} enums={ENUMS} />
      <button type="button" disabled={!form.isValid}>
        Next
      </button>
    </>
  );
}

describe("DafFields", () => {
  it("defaults to Investor's Philanthropic; custodian None is not accepted", async () => {
    const user = userEvent.setup();
    render(<DafHarness org={null} />);
    expect(screen.getByLabelText("Investor's Philanthropic")).toBeChecked();
    expect(screen.queryByLabelText("Custom DAF Name")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText("Custodian"), "Fidelity Investments");
    expect(screen.getByRole("button", { name: "Next" })).toBeEnabled();
    await user.selectOptions(screen.getByLabelText("Custodian"), "None");
    await user.tab();
    expect(screen.getByLabelText("Custodian")).toHaveAccessibleDescription("Required");
  });

  it("Custom needs a name; a stored non-default DAF loads as Custom", async () => {
    const user = userEvent.setup();
    const { unmount } = render(<DafHarness org={null} />);
    await user.selectOptions(screen.getByLabelText("Custodian"), "Fidelity Investments");
    await user.click(screen.getByLabelText("Custom"));
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    await user.type(screen.getByLabelText("Custom DAF Name"), "x".repeat(101));
    await user.tab();
    expect(screen.getByText("Custom DAF Name cannot exceed 100 characters")).toBeInTheDocument();
    unmount();
    render(
      <DafHarness org={{ donor_advised_fund: "Acme Donor Fund", custodian: "custodian_fidelity" } as Organization} />,
    );
    expect(screen.getByLabelText("Custom")).toBeChecked();
    expect(screen.getByLabelText("Custom DAF Name")).toHaveValue("Acme Donor Fund");
    expect(screen.getByRole("button", { name: "Next" })).toBeEnabled();
  });
});

describe("OwnerEmailDialog", () => {
  it("validates format, uniqueness (any case) and length, and enables Add only for a new valid email", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => true);
    const onClose = vi.fn();
    render(
      <OwnerEmailDialog
        open
        title="Add additional owner"
        submitLabel="Add"
        existingEmails={["taken@example.com"]}
        onSubmit={onSubmit}
        onClose={onClose}
      />,
    );
    const email = screen.getByLabelText("Email");
    const add = screen.getByRole("button", { name: "Add" });
    expect(add).toBeDisabled();
    await user.type(email, "not-an-email");
    expect(screen.getByText("Please enter a valid email address")).toBeInTheDocument();
    expect(add).toBeDisabled();
    await user.clear(email);
    await user.type(email, "TAKEN@example.com");
    expect(screen.getByText("Email already exists")).toBeInTheDocument();
    expect(add).toBeDisabled();
    await user.clear(email);
    await user.type(email, `${"a".repeat(95)}@example.com`);
    expect(screen.getByText("Email cannot exceed 100 characters")).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, "new@example.com");
    expect(add).toBeEnabled();
    await user.click(add);
    expect(onSubmit).toHaveBeenCalledWith("new@example.com");
    expect(onClose).toHaveBeenCalled();
  });

  it("has no browser check of its own: Add is enabled exactly when the contract accepts the address", async () => {
    const user = userEvent.setup();
    render(
      <OwnerEmailDialog
        open
        title="Add additional owner"
        submitLabel="Add"
        existingEmails={[]}
        onSubmit={async () => true}
        onClose={() => undefined}
      />,
    );
    const email = screen.getByLabelText("Email");
    expect(email).toHaveAttribute("type", "text");
    expect(email).toHaveAttribute("inputmode", "email");
    expect(email.closest("form")).toHaveAttribute("novalidate");
    const add = screen.getByRole("button", { name: "Add" });
    for (const typed of [
      "émile@exämple.com",
      "<script>x</script>@x.com",
      "a<v@x.com>",
      "c,v@x.com",
      "v@x.com",
      "V@X.com",
    ]) {
      await user.clear(email);
      await user.type(email, typed);
      const accepted = ownerEmailSchema([]).safeParse(typed).success;
      expect(add.hasAttribute("disabled"), typed).toBe(!accepted);
      if (!accepted) expect(email).toHaveAccessibleDescription(MESSAGES.email);
    }
    expect(add).toBeEnabled();
  });
});
