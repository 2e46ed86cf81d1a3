// /edit-daf (requirements §2 "Edit DAF"): the DAF and custodian form of step 4 (the contract's dafForm:
// Custom needs a name, custodian None is refused), saved on the organization; Done and Cancel.
// Toasts 'DAF updated successfully' / 'Failed to update DAF'.
import type { EnumItem, Organization } from "@contract/entities";
import { dafForm } from "@contract/forms";
import { DafFields, dafValuesFromOrganization, useZodForm } from "@/components/forms";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { useFounderData, useSaveDaf } from "@/api";
import { useSaveFlow } from "@/hooks/use-save-flow";
import { DataGate, EditForm, EditScreen } from "@/components/layout/edit-layout";
import { NotReady } from "./not-ready";

export const DAF_TOASTS = { saved: "DAF updated successfully", failed: "Failed to update DAF" } as const;

function DafEditor({ organization, enums }: { organization: Organization; enums: EnumItem[] }) {
  const form = useZodForm(dafForm, dafValuesFromOrganization(organization));
  const toast = useToast();
  const { saving, save } = useSaveFlow();
  const mutation = useSaveDaf(organization);

  async function done() {
    if (!form.isValid) return form.touchAll();
    const ok = await save(() => mutation.mutateAsync(form.values), { what: "DAF", to: paths.dashboard.getHref() });
    if (ok) toast.success(DAF_TOASTS.saved);
    else toast.error(DAF_TOASTS.failed);
  }

  return (
    <EditForm label="Donor-advised fund" saving={saving} doneDisabled={!form.isValid} onDone={() => void done()}>
      <DafFields field={form.field} enums={enums} disabled={saving} />
    </EditForm>
  );
}

export default function EditDafScreen() {
  const { data, loading, error, retry } = useFounderData();
  return (
    <EditScreen title="Edit DAF" subtitle="The donor-advised fund that holds 98% of your foundation, and its custodian.">
      <DataGate loading={loading} error={error} onRetry={retry}>
        {data?.organization ? <DafEditor key={data.organization.organization_id} organization={data.organization} enums={data.enums} /> : <NotReady what="donor-advised fund" />}
      </DataGate>
    </EditScreen>
  );
}
