// Step 1 'Choose your foundation name': creates the strategy's organization or updates it.
import { useLocation } from "wouter";
import { foundationForm } from "@contract/forms";
import {
  FoundationFields,
  foundationValuesFromOrganization,
  organizationFieldsFromFoundation,
  useZodForm,
} from "@/components/forms";
import { paths } from "@/config/paths";
import { createOrganization, organizationPutFields, updateOrganization, useAccountMutation } from "@/api";
import { useSaveFlow } from "@/hooks/use-save-flow";
import type { StepData } from "./step-context";
import { StepLayout } from "./step-layout";
import { useUnsavedChangesGuard } from "@/hooks/use-unsaved-changes-guard";
import { useKeptEdits } from "@/hooks/use-kept-edits";
import { KeptEditsRestored } from "@/components/kept-edits-notice";

export function FoundationStep({ strategyId, organization }: StepData) {
  const [, navigate] = useLocation();
  const form = useZodForm(foundationForm, foundationValuesFromOrganization(organization));
  const { saving, save } = useSaveFlow();
  const kept = useKeptEdits(form, `step1:${strategyId}`, "your foundation's names");
  useUnsavedChangesGuard(form.dirty && !saving);
  const mutation = useAccountMutation(async () => {
    const fields = organizationFieldsFromFoundation(form.values);
    if (organization)
      await updateOrganization(organization.organization_id, { ...organizationPutFields(organization), ...fields });
    else await createOrganization(strategyId, fields);
  });

  return (
    <StepLayout
      title="Choose your foundation name"
      subtitle="Give two names in order of preference; each must end with LLC."
      onBack={() => navigate(paths.dashboard.getHref())}
      nextDisabled={!form.isValid}
      saving={saving}
      onNext={() =>
        void save(() => mutation.mutateAsync(), {
          what: "organization",
          to: paths.createFoundationStep.getHref(strategyId, 2),
        })
      }
    >
      <KeptEditsRestored restored={kept.restored} action="Next" />
      <FoundationFields field={form.field} check={form.check} />
    </StepLayout>
  );
}
