// The selected owner's details on /edit-others (requirements §2, §5): the contract's ownerForm
// (phone, address, city, state, zip, marital status required). Birthdate and SSN are disabled
// (read-only, docs/decisions/0090) whether recorded or not: the founder never types another
// person's identity data here. 'Update license' emails the owner a new identity-check link: only
// the owner can capture their own document.
import type { EnumItem, Person } from "@contract/entities";
import { ownerForm, toPersonFields, type OwnerForm } from "@contract/forms";
import { ProfileFields, profileValuesFromPerson, useZodForm, type ProfileFieldName } from "@/components/forms";
import { patchPerson, useAccountMutation } from "@/api";
import { useSaveAndReturn } from "@/hooks/use-save-and-return";
import { KeptEditsRestored } from "@/components/kept-edits-notice";
import { useKeptEdits } from "@/hooks/use-kept-edits";
import { useUnsavedChangesGuard } from "@/hooks/use-unsaved-changes-guard";
import { EditForm } from "@/components/layout/edit-layout";
import { OWNER_TOASTS } from "./owner-actions";
import { ownerName } from "./owner-status";

const OWNER_FIELDS = [
  "birthdate",
  "ssn",
  "phone",
  "maritalStatus",
  "address1",
  "address2",
  "city",
  "state",
  "zip",
] as const satisfies readonly (keyof OwnerForm & ProfileFieldName)[];

function ownerValuesFromPerson(p: Person): OwnerForm {
  const all = profileValuesFromPerson(p);
  return Object.fromEntries(OWNER_FIELDS.map((k) => [k, all[k]])) as OwnerForm;
}

/** The PATCH body: the editable fields only. */
function ownerPatch(v: OwnerForm) {
  const { birthdate: _dob, ssn: _ssn, ...contact } = v;
  return toPersonFields(contact);
}

const OWNER_LOCKED = {
  birthdate: "Fixed once recorded for the owner's identity check.",
  ssn: "Fixed once recorded; only the last four digits are shown.",
  notRecorded: "Not recorded; it cannot be entered here.",
} as const;

/** Which kept edits are this owner's (stores/kept-edits.ts). */
export const OWNER_KEPT_PREFIX = "owner:";

export interface OwnerEditorProps {
  owner: Person;
  enums: EnumItem[];
  onUpdateLicense(): void;
  sendingEmail: boolean;
}

export function OwnerEditor({ owner, enums, onUpdateLicense, sendingEmail }: OwnerEditorProps) {
  const form = useZodForm<OwnerForm>(ownerForm, ownerValuesFromPerson(owner), { showInitialErrors: true });
  const { saving, saveAndReturn } = useSaveAndReturn("owner information", {
    saved: OWNER_TOASTS.updated,
    failed: OWNER_TOASTS.updateFailed,
  });
  const kept = useKeptEdits(form, `${OWNER_KEPT_PREFIX}${owner.person_id}`, "this owner's details");
  useUnsavedChangesGuard(form.dirty && !saving);
  const mutation = useAccountMutation(() => patchPerson(owner.person_id, ownerPatch(form.values)));

  async function done() {
    if (!form.isValid) return form.touchAll();
    await saveAndReturn(() => mutation.mutateAsync(), kept.keep);
  }

  return (
    <EditForm
      label={`Details of ${ownerName(owner)}`}
      saving={saving}
      doneDisabled={!form.isValid}
      onDone={() => void done()}
    >
      <div className="flex flex-col gap-0.5">
        <h2 className="text-lg font-medium wrap-anywhere">{ownerName(owner)}</h2>
        {/* Without a name the heading is the email already. */}
        {owner.email && ownerName(owner) !== owner.email ? (
          <p className="text-sm text-secondary wrap-anywhere">{owner.email}</p>
        ) : null}
      </div>
      <KeptEditsRestored restored={kept.restored} />
      <ProfileFields
        field={(name) => form.field(name as keyof OwnerForm)}
        enums={enums}
        include={OWNER_FIELDS}
        locked={{
          birthdate: owner.dob ? OWNER_LOCKED.birthdate : OWNER_LOCKED.notRecorded,
          ssn: owner.ssn ? OWNER_LOCKED.ssn : OWNER_LOCKED.notRecorded,
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
