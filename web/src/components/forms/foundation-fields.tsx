// Step 1 and /edit-foundation: the two name choices (must end with LLC, at most 100 characters:
// the contract's foundationForm) and the three flags of requirements §2.
import type { Organization } from "@contract/entities";
import type { FoundationForm } from "@contract/forms";
import { DELAWARE } from "@contract/rules";
import { BoundTextField, CheckboxField } from "./form-controls";
import type { CheckBinding, FieldBinding } from "./use-zod-form";

const FOUNDATION_LABELS = {
  name1: "First choice",
  name2: "Second choice",
  locatedInDelaware: "Located in Delaware",
  itgAsRegisteredAgent: "List the tax group as registered agent",
  isInvestment: "This is an investment",
} as const satisfies Record<keyof FoundationForm, string>;

/** One line beside the labels of the requirements for the terms a founder may not know. */
const FOUNDATION_HINTS = {
  itgAsRegisteredAgent:
    "Every Delaware LLC needs a registered agent to receive its legal mail; tick to have the tax group be yours.",
  isInvestment: "Tick if the LLC will hold and manage investments, which is what this structure is built for.",
} as const;

/** A new foundation starts in Delaware (§9: the registered state constant) with the other flags off. */
export function foundationValuesFromOrganization(org: Organization | null | undefined): FoundationForm {
  return {
    name1: org?.name_1 ?? "",
    name2: org?.name_2 ?? "",
    locatedInDelaware: org ? org.registered_state === DELAWARE : true,
    itgAsRegisteredAgent: org?.itg_as_registered_agent ?? false,
    isInvestment: org?.activity_is_investment ?? false,
  };
}

/** The organization fields of a foundation form (names trimmed, as the contract validates them). */
export function organizationFieldsFromFoundation(v: FoundationForm) {
  return {
    name_1: v.name1.trim(),
    name_2: v.name2.trim(),
    registered_state: v.locatedInDelaware ? DELAWARE : null,
    itg_as_registered_agent: v.itgAsRegisteredAgent,
    activity_is_investment: v.isInvestment,
  } as const;
}

export interface FoundationFieldsProps {
  field: (name: "name1" | "name2") => FieldBinding;
  check: (name: "locatedInDelaware" | "itgAsRegisteredAgent" | "isInvestment") => CheckBinding;
  disabled?: Partial<Record<keyof FoundationForm, boolean>>;
  /** Fields fixed here, each with the reason shown under its read-only value. */
  locked?: Partial<Record<keyof FoundationForm, string>>;
}

export function FoundationFields({ field, check, disabled = {}, locked = {} }: FoundationFieldsProps) {
  return (
    <div className="flex flex-col gap-4">
      <BoundTextField
        label={FOUNDATION_LABELS.name1}
        field={field("name1")}
        disabled={disabled.name1}
        lockedReason={locked.name1}
        placeholder="Example Foundation LLC"
      />
      <BoundTextField
        label={FOUNDATION_LABELS.name2}
        field={field("name2")}
        disabled={disabled.name2}
        lockedReason={locked.name2}
        placeholder="Example Family Foundation LLC"
      />
      <CheckboxField
        label={FOUNDATION_LABELS.locatedInDelaware}
        check={check("locatedInDelaware")}
        disabled={disabled.locatedInDelaware}
        lockedReason={locked.locatedInDelaware}
      />
      <CheckboxField
        label={FOUNDATION_LABELS.itgAsRegisteredAgent}
        check={check("itgAsRegisteredAgent")}
        disabled={disabled.itgAsRegisteredAgent}
        lockedReason={locked.itgAsRegisteredAgent}
        hint={FOUNDATION_HINTS.itgAsRegisteredAgent}
      />
      <CheckboxField
        label={FOUNDATION_LABELS.isInvestment}
        check={check("isInvestment")}
        disabled={disabled.isInvestment}
        lockedReason={locked.isInvestment}
        hint={FOUNDATION_HINTS.isInvestment}
      />
    </div>
  );
}
