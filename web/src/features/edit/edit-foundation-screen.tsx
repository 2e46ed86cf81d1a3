// /edit-foundation (requirements §2 "Edit Foundation"): the step 1 fields with the names, 'Located in
// Delaware' and 'This is an investment' shown but disabled (fixed once filed); only 'List the tax
// group as registered agent' changes. Toasts 'Foundation updated successfully' /
// 'Failed to update foundation'.
import type { Organization } from "@contract/entities";
import { foundationForm } from "@contract/forms";
import {
  FoundationFields,
  foundationValuesFromOrganization,
  organizationFieldsFromFoundation,
  useZodForm,
} from "@/components/forms";
import { organizationPutFields, updateOrganization, useAccountMutation, useFounderData } from "@/api";
import { useSaveAndReturn } from "@/hooks/use-save-and-return";
import { KeptEditsRestored } from "@/components/kept-edits-notice";
import { useKeptEdits } from "@/hooks/use-kept-edits";
import { useUnsavedChangesGuard } from "@/hooks/use-unsaved-changes-guard";
import { DataGate, EditForm, EditScreen } from "@/components/layout/edit-layout";
import { NotReady } from "./not-ready";

const FOUNDATION_TOASTS = {
  saved: "Foundation updated successfully",
  failed: "Failed to update foundation",
} as const;

/**
 * Why the filed fields are read-only here: once submitted the API refuses changes; before that they
 * are step 1's to change, so this screen must not claim they are fixed (docs/decisions/0145).
 */
const LOCKED_REASON = {
  submitted: "Fixed once submitted for filing.",
  inProgress: "Change it in step 1 of your foundation's setup until you submit it for filing.",
} as const;
const lockedFields = (reason: string) =>
  ({ name1: reason, name2: reason, locatedInDelaware: reason, isInvestment: reason }) as const;

function FoundationEditor({ organization, submitted }: { organization: Organization; submitted: boolean }) {
  const form = useZodForm(foundationForm, foundationValuesFromOrganization(organization));
  const { saving, saveAndReturn } = useSaveAndReturn("foundation", FOUNDATION_TOASTS);
  const kept = useKeptEdits(form, "foundation", "your foundation");
  useUnsavedChangesGuard(form.dirty && !saving);
  const mutation = useAccountMutation(async () => {
    const v = foundationForm.parse(form.values);
    // Only the editable flag comes from the form; the fixed fields are sent as stored.
    await updateOrganization(organization.organization_id, {
      ...organizationPutFields(organization),
      itg_as_registered_agent: organizationFieldsFromFoundation(v).itg_as_registered_agent,
    });
  });

  async function done() {
    if (!form.isValid) return form.touchAll();
    await saveAndReturn(() => mutation.mutateAsync(), kept.keep);
  }

  return (
    <EditForm label="Foundation" saving={saving} doneDisabled={!form.isValid} onDone={() => void done()}>
      <KeptEditsRestored restored={kept.restored} />
      <FoundationFields
        field={form.field}
        check={form.check}
        locked={lockedFields(submitted ? LOCKED_REASON.submitted : LOCKED_REASON.inProgress)}
        disabled={{ itgAsRegisteredAgent: saving }}
      />
    </EditForm>
  );
}

export default function EditFoundationScreen() {
  const { data, loading, error, retry } = useFounderData();
  return (
    <EditScreen title="Edit Foundation" subtitle="Your foundation's names and filing choices.">
      <DataGate loading={loading} error={error} onRetry={retry}>
        {data?.organization ? (
          <FoundationEditor
            key={data.organization.organization_id}
            organization={data.organization}
            submitted={data.allData.strategies.some(
              (s) => s.strategy_id === data.organization!.strategy_id && s.entry_completed_at,
            )}
          />
        ) : (
          <NotReady what="foundation" />
        )}
      </DataGate>
    </EditScreen>
  );
}
