// A person's record stays complete (requirements §5) through PUT and PATCH: the person after the change
// must still meet the requirements of their role, and an add-on owner cannot blank an owner-form
// field they already gave (the web's owner form requires them all). POST checks its body with the
// same missingRequiredFields, so both refuse the same blanks.
import type { PersonRow } from "../../../db/schema";
import { MESSAGES } from "../contract/rules";
import { isBlank, missingRequiredFields, OWNER_FORM_REQUIRED } from "../contract/required-fields";
import { toPersonDto, type PersonFields } from "../repositories/persons";
import { invalid } from "../errors";

/** Throws 400 naming the first field the change would leave blank; nothing is written. */
export function assertStillComplete(existing: PersonRow, changes: PersonFields): void {
  const stored = toPersonDto(existing);
  const applied: PersonFields = { ...stored };
  for (const [key, value] of Object.entries(changes) as [keyof PersonFields, string | null | undefined][]) {
    if (value !== undefined) applied[key] = value;
  }
  const role = { account_primary_holder: existing.accountPrimaryHolder, is_addon: existing.isAddon };
  const blanked = existing.isAddon
    ? OWNER_FORM_REQUIRED.filter((field) => !isBlank(stored[field]) && isBlank(applied[field]))
    : [];
  const field = missingRequiredFields(applied, role)[0] ?? blanked[0];
  if (field) throw invalid(field, `${field}: ${MESSAGES.required}`);
}
