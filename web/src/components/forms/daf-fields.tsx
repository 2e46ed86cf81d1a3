// Step 4 and /edit-daf: 'Investor's Philanthropic' or 'Custom' (then 'Custom DAF Name'), and a
// custodian from the enum list. 'None' is listed but not accepted (the contract's dafForm says
// 'Required'). A stored DAF other than the default loads as Custom (dafFromStored).
import { useId } from "react";
import type { EnumItem, Organization } from "@contract/entities";
import { dafFromStored, type DafForm } from "@contract/forms";
import { DAF_CHOICES } from "@contract/rules";
import { BoundTextField, EnumSelect } from "./form-controls";
import type { FieldBinding } from "./use-zod-form";

/** Said beside the custodian while it is None: why Next (or Done) cannot be pressed yet (requirements §5). */
const CUSTODIAN_RULE = "Choose a custodian to continue: the DAF needs one, so None is not accepted.";

export function dafValuesFromOrganization(org: Organization | null | undefined): DafForm {
  return { ...dafFromStored(org?.donor_advised_fund), custodian: org?.custodian ?? "" };
}

export interface DafFieldsProps {
  field: (name: keyof DafForm) => FieldBinding;
  enums: readonly EnumItem[];
  disabled?: boolean;
}

export function DafFields({ field, enums, disabled }: DafFieldsProps) {
  const groupId = useId();
  const daf = field("daf");
  const custodian = field("custodian");
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2" aria-labelledby={`${groupId}-legend`}>
        <legend id={`${groupId}-legend`} className="text-sm text-secondary">
          Donor-advised fund
        </legend>
        {DAF_CHOICES.map((choice) => (
          <label key={choice} className="flex items-center gap-2 text-base text-primary-text">
            <input
              type="radio"
              name={`${groupId}-daf`}
              value={choice}
              checked={daf.value === choice}
              disabled={disabled}
              onChange={() => daf.onChange(choice)}
              className="h-4 w-4 accent-primary"
            />
            {choice}
          </label>
        ))}
      </fieldset>
      {daf.value === "Custom" ? (
        <BoundTextField label="Custom DAF Name" field={field("customName")} disabled={disabled} />
      ) : null}
      <EnumSelect
        label="Custodian"
        field={custodian}
        options={enums.filter((e) => e.enum_category === "custodian")}
        disabled={disabled}
        hint={custodian.value ? undefined : CUSTODIAN_RULE}
      />
    </div>
  );
}
