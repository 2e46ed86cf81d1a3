// /edit-daf (requirements §2 "Edit DAF"): the DAF and custodian form of step 4 (the contract's dafForm:
// Custom needs a name, custodian None is refused), saved on the organization; Done and Cancel.
// Toasts 'DAF updated successfully' / 'Failed to update DAF'.
import type { EnumItem, Organization } from "@contract/entities";
import { dafForm } from "@contract/forms";
import { DafFields, dafValuesFromOrganization, useZodForm } from "@/components/forms";
import { useFounderData, useSaveDaf } from "@/api";
import { useSaveAndReturn } from "@/hooks/use-save-and-return";
import { KeptEditsRestored } from "@/components/kept-edits-notice";
import { useKeptEdits } from "@/hooks/use-kept-edits";
import { useUnsavedChangesGuard } from "@/hooks/use-unsaved-changes-guard";
import { DataGate, EditForm, EditScreen } from "@/components/layout/edit-layout";
import { NotReady } from "./not-ready";

const DAF_TOASTS = { saved: "DAF updated successfully", failed: "Failed to update DAF" } as const;

function DafEditor({ organization, enums }: { organization: Organization; enums: EnumItem[] }) {
  const form = useZodForm(dafForm, dafValuesFromOrganization(organization));
  const { saving, saveAndReturn } = useSaveAndReturn("DAF", DAF_TOASTS);
  const kept = useKeptEdits(form, "daf", "your donor-advised fund");
  useUnsavedChangesGuard(form.dirty && !saving);
  const mutation = useSaveDaf(organization);

  async function done() {
    if (!form.isValid) return form.touchAll();
    await saveAndReturn(() => mutation.mutateAsync(form.values), kept.keep);
  }

  return (
    <EditForm label="Donor-advised fund" saving={saving} doneDisabled={!form.isValid} onDone={() => void done()}>
      <KeptEditsRestored restored={kept.restored} />
      <DafFields field={form.field} enums={enums} disabled={saving} />
    </EditForm>
  );
}

export default function EditDafScreen() {
  const { data, loading, error, retry } = useFounderData();
  return (
    <EditScreen
      title="Edit DAF"
      subtitle="The donor-advised fund that holds 98% of your foundation, and its custodian."
    >
      <DataGate loading={loading} error={error} onRetry={retry}>
        {data?.organization ? (
          <DafEditor key={data.organization.organization_id} organization={data.organization} enums={data.enums} />
        ) : (
          <NotReady what="donor-advised fund" />
        )}
      </DataGate>
    </EditScreen>
  );
}
