// The selected owner's details on /edit-others (requirements §2, §5): the contract's ownerForm (birthdate,
// SSN, phone, address, city, state, zip, marital status required). Birthdate and SSN are fixed
// once recorded, so they are disabled then; an owner whose identity check recorded neither can
// have them entered once (otherwise the required rule could never be met). 'Update license'
// emails the owner a new identity-check link: only the owner can capture their own document.
import type { EnumItem, Person } from "@contract/entities";
import { ownerForm, toPersonFields, type OwnerForm } from "@contract/forms";
import { ProfileFields, profileValuesFromPerson, useZodForm, type ProfileFieldName } from "@/components/forms";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { patchPerson, useAccountMutation } from "@/api";
import { useSaveFlow } from "@/hooks/use-save-flow";
import { EditForm } from "@/components/layout/edit-layout";
import { OWNER_TOASTS } from "./owner-actions";
import { ownerName } from "./owner-status";

const OWNER_FIELDS = ["birthdate", "ssn", "phone", "maritalStatus", "address1", "address2", "city", "state", "zip"] as const satisfies readonly (keyof OwnerForm & ProfileFieldName)[];

export function ownerValuesFromPerson(p: Person): OwnerForm {
  const all = profileValuesFromPerson(p);
  return Object.fromEntries(OWNER_FIELDS.map((k) => [k, all[k]])) as OwnerForm;
}

/** The PATCH body: the editable fields, plus birthdate/SSN only when they were not recorded yet. */
export function ownerPatch(p: Person, v: OwnerForm) {
  const { birthdate, ssn, ...contact } = v;
  return toPersonFields({ ...contact, ...(p.dob ? {} : { birthdate }), ...(p.ssn ? {} : { ssn }) });
}

export interface OwnerEditorProps {
  owner: Person;
  enums: EnumItem[];
  onUpdateLicense(): void;
  sendingEmail: boolean;
}

export function OwnerEditor({ owner, enums, onUpdateLicense, sendingEmail }: OwnerEditorProps) {
  const form = useZodForm<OwnerForm>(ownerForm, ownerValuesFromPerson(owner));
  const toast = useToast();
  const { saving, save } = useSaveFlow();
  const mutation = useAccountMutation(() => patchPerson(owner.person_id, ownerPatch(owner, form.values)));

  async function done() {
    if (!form.isValid) return form.touchAll();
    const ok = await save(() => mutation.mutateAsync(), { what: "owner information", to: paths.dashboard.getHref() });
    if (ok) toast.success(OWNER_TOASTS.updated);
    else toast.error(OWNER_TOASTS.updateFailed);
  }

  return (
    <EditForm label={`Details of ${ownerName(owner)}`} saving={saving} doneDisabled={!form.isValid} onDone={() => void done()}>
      <div className="flex flex-col gap-0.5">
        <h2 className="text-lg font-medium wrap-anywhere">{ownerName(owner)}</h2>
        {owner.email ? <p className="text-sm text-secondary wrap-anywhere">{owner.email}</p> : null}
      </div>
      <ProfileFields
        field={(name) => form.field(name as keyof OwnerForm)}
        enums={enums}
        include={OWNER_FIELDS}
        disabled={{ birthdate: saving, ssn: saving }}
        locked={{
          ...(owner.dob ? { birthdate: "Fixed once recorded for the owner's identity check." } : {}),
          ...(owner.ssn ? { ssn: "Fixed once recorded; only the last four digits are shown." } : {}),
        }}
        labels={{ address1: "Street address" }}
      />
      <button
        type="button"
        onClick={onUpdateLicense}
        disabled={sendingEmail}
        className="self-start rounded text-sm font-medium text-primary-strong underline hover:no-underline disabled:text-disabled focus-visible:outline-2 focus-visible:outline-primary"
      >
        {sendingEmail ? "Sending..." : "Update license"}
      </button>
    </EditForm>
  );
}
