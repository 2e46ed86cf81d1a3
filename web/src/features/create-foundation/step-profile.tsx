// Step 2 'Enter your personal information': creates the primary holder (and links it to the
// organization as primary holder) or updates it. SSN and phone are sent as digits.
import { useLocation } from "wouter";
import { profileForm, toPersonFields } from "@contract/forms";
import { namesFromMetadata, ProfileFields, profileValuesFromPerson, useZodForm } from "@/components/forms";
import { LockIcon } from "@/components/ui/icons";
import { paths } from "@/config/paths";
import { createPerson, linkOrganizationUser, patchPerson, useAccountMutation } from "@/api";
import { useSaveFlow } from "@/hooks/use-save-flow";
import { useSession } from "@/stores/session";
import type { StepData } from "./step-context";
import { StepLayout } from "./step-layout";
import { useUnsavedChangesGuard } from "@/hooks/use-unsaved-changes-guard";
import { useKeptEdits } from "@/hooks/use-kept-edits";
import { KeptEditsRestored } from "@/components/kept-edits-notice";

export function ProfileStep({ strategyId, accountId, allData, organization, person, enums }: StepData) {
  const [, navigate] = useLocation();
  // A new profile starts from the name given at sign-up; the fields stay editable.
  const session = useSession();
  const form = useZodForm(profileForm, profileValuesFromPerson(person, namesFromMetadata(session?.user.user_metadata)));
  const { saving, save } = useSaveFlow();
  const kept = useKeptEdits(form, `step2:${strategyId}`, "your personal information");
  useUnsavedChangesGuard(form.dirty && !saving);
  const mutation = useAccountMutation(async () => {
    if (!organization) throw new Error("The organization is missing");
    const fields = toPersonFields(form.values);
    let personId: number;
    if (person) {
      personId = person.person_id;
      await patchPerson(personId, fields);
    } else {
      personId = await createPerson({
        account_id: accountId,
        account_primary_holder: true,
        is_addon: false,
        ...fields,
      });
    }
    const linked = allData.organization_users.some(
      (l) => l.organization_id === organization.organization_id && l.person_id === personId,
    );
    if (!linked)
      await linkOrganizationUser({
        organization_id: organization.organization_id,
        person_id: personId,
        primary_holder: true,
      });
  });

  return (
    <StepLayout
      title="Enter your personal information"
      onBack={() => navigate(paths.createFoundationStep.getHref(strategyId, 1))}
      nextDisabled={!form.isValid}
      saving={saving}
      onNext={() =>
        void save(() => mutation.mutateAsync(), {
          what: "profile",
          to: paths.createFoundationStep.getHref(strategyId, 3),
        })
      }
    >
      <KeptEditsRestored restored={kept.restored} action="Next" />
      {/* A founder is asked for their SSN here: say why, and how it is kept. */}
      <p className="flex gap-2 rounded border border-divider bg-background px-3 py-2 text-sm text-secondary">
        <LockIcon width={16} height={16} className="mt-0.5 shrink-0 text-icon" />
        <span>
          Why we ask for your SSN: the LLC's tax filings need it, and it confirms your identity. It is encrypted when
          stored, hidden while you type, and only its last four digits are ever shown again.
        </span>
      </p>
      <ProfileFields field={form.field} enums={enums} />
    </StepLayout>
  );
}
