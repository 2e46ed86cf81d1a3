// /edit-profile (requirements §2 "Edit Profile"): the step 2 fields and rules, birthdate and SSN fixed.
import { useState } from "react";
import type { EnumItem, Person } from "@contract/entities";
import { profileForm, toPersonFields, type ProfileForm } from "@contract/forms";
import { ProfileFields, profileValuesFromPerson, useZodForm } from "@/components/forms";
import { patchPerson, useAccountMutation, useFounderData } from "@/api";
import { useSaveAndReturn } from "@/hooks/use-save-and-return";
import { KeptEditsRestored } from "@/components/kept-edits-notice";
import { useKeptEdits } from "@/hooks/use-kept-edits";
import { useUnsavedChangesGuard } from "@/hooks/use-unsaved-changes-guard";
import { useCurrentUser } from "@/stores/session";
import { DataGate, EditForm, EditScreen } from "@/components/layout/edit-layout";
import { NotReady } from "./not-ready";
import { UpdateLicenseDialog } from "./update-license-dialog";

/** Birthdate and SSN are fixed once recorded: shown read-only, with why. */
const IDENTITY_LOCKED = {
  birthdate: "Fixed once recorded for your identity check. Contact support to correct it.",
  ssn: "Fixed once recorded; only the last four digits are shown. Contact support to correct it.",
} as const;

const PROFILE_TOASTS = { saved: "Profile updated successfully", failed: "Failed to update profile" } as const;

function editableProfileFields(v: ProfileForm) {
  const { birthdate: _dob, ssn: _ssn, ...rest } = v;
  return toPersonFields(rest);
}

/** The form's name differs from the stored one (case and spaces at the ends ignored, as saved). */
function nameChanged(person: Person, v: Pick<ProfileForm, "firstName" | "lastName">): boolean {
  const same = (a: string | null, b: string) => (a ?? "").trim() === b.trim();
  return !same(person.first_name, v.firstName) || !same(person.last_name, v.lastName);
}

/** @internal */ export const RECHECK_MESSAGES = {
  willClear:
    "Your identity was verified under your current name. If you change it, the identity check must be done again: save, then use 'Update license' to verify with a document in your new name.",
  // No cause is given: a check under way looks the same whether it was opened, started anew with
  // 'Update license', or cleared by a rename, and a wrong reason misleads.
  notComplete: "Your identity check is not complete yet. Use 'Update license' to finish it.",
} as const;

/**
 * A verified founder's name change clears the verification (the server does it; the agreements'
 * rule): said before saving. A check on record that is not complete says so and where to finish it.
 */
function IdentityRecheckNote({ person, nameChanged: changed }: { person: Person; nameChanged: boolean }) {
  const verified = person.sumsub_review_answer === "GREEN" && Boolean(person.sumsub_completed_at);
  const underWay =
    !person.sumsub_completed_at && Boolean(person.sumsub_applicant_id) && person.sumsub_review_answer === null;
  const message = verified && changed ? RECHECK_MESSAGES.willClear : underWay ? RECHECK_MESSAGES.notComplete : null;
  return (
    <p role="status" className={message ? "rounded border border-divider bg-background px-3 py-2 text-sm" : "sr-only"}>
      {message}
    </p>
  );
}

function ProfileEditor({ person, enums }: { person: Person; enums: EnumItem[] }) {
  const form = useZodForm(profileForm, profileValuesFromPerson(person));
  const user = useCurrentUser();
  const [licenseOpen, setLicenseOpen] = useState(false);
  const { saving, saveAndReturn } = useSaveAndReturn("profile", PROFILE_TOASTS);
  const kept = useKeptEdits(form, "profile", "your profile");
  useUnsavedChangesGuard(form.dirty && !saving);
  const mutation = useAccountMutation(() => patchPerson(person.person_id, editableProfileFields(form.values)));

  async function done() {
    if (!form.isValid) return form.touchAll();
    await saveAndReturn(() => mutation.mutateAsync(), kept.keep);
  }

  return (
    <EditForm label="Profile" saving={saving} doneDisabled={!form.isValid} onDone={() => void done()}>
      <KeptEditsRestored restored={kept.restored} />
      <ProfileFields field={form.field} enums={enums} locked={IDENTITY_LOCKED} labels={{ state: "Registered State" }} />
      <IdentityRecheckNote person={person} nameChanged={nameChanged(person, form.values)} />
      <button
        type="button"
        onClick={() => setLicenseOpen(true)}
        className="self-start rounded text-sm font-medium text-primary-strong underline hover:no-underline focus-visible:outline-2 focus-visible:outline-primary"
      >
        Update license
      </button>
      {licenseOpen ? (
        <UpdateLicenseDialog
          onClose={() => setLicenseOpen(false)}
          email={user?.email ?? person.email ?? ""}
          person={person}
        />
      ) : null}
    </EditForm>
  );
}

export default function EditProfileScreen() {
  const { data, loading, error, retry } = useFounderData();
  return (
    <EditScreen title="Edit Profile" subtitle="Keep your personal information current.">
      <DataGate loading={loading} error={error} onRetry={retry}>
        {data?.person ? (
          <ProfileEditor key={data.person.person_id} person={data.person} enums={data.enums} />
        ) : (
          <NotReady what="profile" />
        )}
      </DataGate>
    </EditScreen>
  );
}
