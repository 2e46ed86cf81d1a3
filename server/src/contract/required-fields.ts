// Which fields requirements §5 requires of a person, once for the server and the web; no zod here
// (docs/decisions/0183).

/** The add-on owner form's required fields (requirements §5): once an owner has given one, it stays given. */
export const OWNER_FORM_REQUIRED = [
  "dob",
  "ssn",
  "phone",
  "address_line1",
  "city",
  "state",
  "zip",
  "marital_status",
] as const;

/** Requirements §5: the profile fields a primary holder must give (address line 2 is optional): the names, then the owner form's. */
export const PROFILE_REQUIRED = ["first_name", "last_name", ...OWNER_FORM_REQUIRED] as const;

export type PersonRole = { account_primary_holder: boolean; is_addon: boolean };

/**
 * "Blank", the one definition the contract and the domain share: absent, or only whitespace (the
 * contract trims what it takes, so a stored value is blank the same way a typed one is).
 */
export const isBlank = (value: string | null | undefined): boolean =>
  value === undefined || value === null || value.trim() === "";

/** The required fields `v` leaves blank: the whole profile for a primary holder, the email for an owner. */
export function missingRequiredFields(
  v: Partial<Record<(typeof PROFILE_REQUIRED)[number] | "email", string | null | undefined>>,
  role: PersonRole,
): string[] {
  if (role.is_addon) return isBlank(v.email) ? ["email"] : [];
  if (role.account_primary_holder) return PROFILE_REQUIRED.filter((field) => isBlank(v[field]));
  return [];
}
