// The person fields of requirements §2/§5 (step 2, /edit-profile, /edit-others), SSN and phone
// formatted while typing; rules and messages are the contract's profileForm / ownerForm.
import { useState } from "react";
import type { EnumItem, Person } from "@contract/entities";
import { DEFAULT_MARITAL_STATUS, birthdateRange, digitsOnly, formatPhone, formatSsn } from "@contract/rules";
import type { ProfileForm } from "@contract/forms";
import { BoundTextField, EnumSelect } from "./form-controls";
import type { FieldBinding } from "./use-zod-form";

/** formatSsn for a field that may hold the API's mask (***-**-1234), never mixed with new digits. */
/** @internal */ export function formatSsnInput(next: string, previous: string): string {
  if (!previous.includes("*")) return formatSsn(next);
  if (next.length < previous.length) return "";
  return formatSsn(digitsOnly(next).replace(digitsOnly(previous), ""));
}

export type ProfileFieldName = keyof ProfileForm;

/** Every profile field in screen order. */
const PROFILE_FIELDS: readonly ProfileFieldName[] = [
  "firstName",
  "lastName",
  "birthdate",
  "ssn",
  "phone",
  "address1",
  "address2",
  "city",
  "state",
  "zip",
  "maritalStatus",
];

const PROFILE_LABELS: Record<ProfileFieldName, string> = {
  firstName: "First name",
  lastName: "Last name",
  birthdate: "Birthdate",
  ssn: "SSN",
  phone: "Phone",
  address1: "Address line 1",
  address2: "Address line 2 (optional)",
  city: "City",
  state: "State",
  zip: "Zip",
  maritalStatus: "Marital status",
};

/** The first and last name given at sign-up (user_metadata), to start a new profile (docs/decisions/0097). */
export function namesFromMetadata(meta: Record<string, unknown> | null | undefined): {
  firstName: string;
  lastName: string;
} {
  const text = (v: unknown) => (typeof v === "string" ? v.trim().replace(/\s+/g, " ") : "");
  const full = text(meta?.full_name);
  const given = text(meta?.name);
  if (given && full.startsWith(`${given} `)) return { firstName: given, lastName: full.slice(given.length + 1) };
  const whole = full || given;
  const cut = whole.lastIndexOf(" ");
  return cut > 0
    ? { firstName: whole.slice(0, cut), lastName: whole.slice(cut + 1) }
    : { firstName: whole, lastName: "" };
}

/** A saved person's values; without one, `names` (namesFromMetadata) start the name fields. */
export function profileValuesFromPerson(
  p: Person | null | undefined,
  names?: { firstName: string; lastName: string },
): ProfileForm {
  return {
    firstName: p?.first_name ?? names?.firstName ?? "",
    lastName: p?.last_name ?? names?.lastName ?? "",
    birthdate: p?.dob ?? "",
    ssn: p?.ssn ?? "",
    phone: formatPhone(p?.phone ?? ""),
    address1: p?.address_line1 ?? "",
    address2: p?.address_line2 ?? "",
    city: p?.city ?? "",
    state: p?.state ?? "",
    zip: p?.zip ?? "",
    // §3: single is the default marital status for a new profile.
    maritalStatus: p ? (p.marital_status ?? "") : DEFAULT_MARITAL_STATUS,
  };
}

export interface ProfileFieldsProps {
  field: (name: ProfileFieldName) => FieldBinding;
  enums: readonly EnumItem[];
  /** Which fields to show (default: all); /edit-others leaves out the names. */
  include?: readonly ProfileFieldName[];
  disabled?: Partial<Record<ProfileFieldName, boolean>>;
  /** Label overrides, e.g. { state: "Registered State" } on /edit-profile. */
  labels?: Partial<Record<ProfileFieldName, string>>;
  /** Fields fixed here, each with the reason shown under its read-only value. */
  locked?: Partial<Record<ProfileFieldName, string>>;
}

/** Show/Hide for the SSN: masked while typing unless the founder asks to see it. */
function RevealButton({ shown, onToggle }: { shown: boolean; onToggle(): void }) {
  return (
    <button
      type="button"
      aria-pressed={shown}
      onClick={onToggle}
      className="rounded px-2 py-1 text-xs font-medium uppercase tracking-wide text-primary-strong hover:bg-primary-tint focus-visible:outline-2 focus-visible:outline-primary"
    >
      {shown ? "Hide" : "Show"}
    </button>
  );
}

export function ProfileFields({
  field,
  enums,
  include = PROFILE_FIELDS,
  disabled = {},
  labels = {},
  locked = {},
}: ProfileFieldsProps) {
  const [ssnShown, setSsnShown] = useState(false);
  const label = (n: ProfileFieldName) => labels[n] ?? PROFILE_LABELS[n];
  const shown = new Set(include);
  const byCategory = (c: EnumItem["enum_category"]) => enums.filter((e) => e.enum_category === c);
  const text = (n: ProfileFieldName, extra: Partial<Parameters<typeof BoundTextField>[0]> = {}) =>
    shown.has(n) ? (
      <BoundTextField
        key={n}
        label={label(n)}
        field={field(n)}
        disabled={disabled[n]}
        lockedReason={locked[n]}
        {...extra}
      />
    ) : null;
  const select = (n: "state" | "maritalStatus", category: EnumItem["enum_category"], className = "") =>
    shown.has(n) ? (
      <EnumSelect
        label={label(n)}
        field={field(n)}
        options={byCategory(category)}
        disabled={disabled[n]}
        className={className}
      />
    ) : null;
  const ssnEditable = !locked.ssn && !disabled.ssn;

  // Reading order at every width: who you are, how to reach you, then the address as one block.
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {text("firstName", { autoComplete: "given-name" })}
        {text("lastName", { autoComplete: "family-name" })}
        {text("birthdate", {
          type: "date",
          autoComplete: "bday",
          min: birthdateRange().earliest,
          max: birthdateRange().latest,
        })}
        {select("maritalStatus", "marital_status")}
        {text("ssn", {
          format: formatSsnInput,
          inputMode: "numeric",
          placeholder: "123-45-6789",
          autoComplete: "off",
          type: ssnEditable && !ssnShown ? "password" : "text",
          trailing: ssnEditable ? <RevealButton shown={ssnShown} onToggle={() => setSsnShown((v) => !v)} /> : undefined,
        })}
        {text("phone", {
          type: "tel",
          format: formatPhone,
          inputMode: "tel",
          placeholder: "(123)-456-7890",
          autoComplete: "tel-national",
        })}
      </div>
      {shown.has("address1") || shown.has("city") ? (
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-sm font-medium text-primary-text">Address</legend>
          {text("address1", { autoComplete: "address-line1" })}
          {text("address2", { autoComplete: "address-line2" })}
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-[2fr_2fr_1fr]">
            {text("city", { autoComplete: "address-level2" })}
            {select("state", "us_state")}
            {text("zip", { inputMode: "numeric", autoComplete: "postal-code" })}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
