// Step 4: the DAF ('Investor's Philanthropic' or a custom name) and the custodian, saved on the
// organization.
import { useLocation } from "wouter";
import { dafForm } from "@contract/forms";
import { DafFields, dafValuesFromOrganization, useZodForm } from "@/components/forms";
import { paths } from "@/config/paths";
import { useSaveDaf } from "@/api";
import { useSaveFlow } from "@/hooks/use-save-flow";
import type { StepData } from "./step-context";
import { StepLayout } from "./step-layout";
import { useUnsavedChangesGuard } from "@/hooks/use-unsaved-changes-guard";
import { useKeptEdits } from "@/hooks/use-kept-edits";
import { KeptEditsRestored } from "@/components/kept-edits-notice";

export function DafStep({ strategyId, organization, enums }: StepData) {
  const [, navigate] = useLocation();
  const form = useZodForm(dafForm, dafValuesFromOrganization(organization));
  const { saving, save } = useSaveFlow();
  const kept = useKeptEdits(form, `step4:${strategyId}`, "your donor-advised fund");
  useUnsavedChangesGuard(form.dirty && !saving);
  const mutation = useSaveDaf(organization);

  return (
    <StepLayout
      title="Choose your donor-advised fund"
      subtitle="Pick the DAF that will hold 98% of your foundation, and its custodian."
      onBack={() => navigate(paths.createFoundationStep.getHref(strategyId, 3))}
      nextDisabled={!form.isValid}
      saving={saving}
      onNext={() =>
        void save(() => mutation.mutateAsync(form.values), {
          what: "DAF",
          to: paths.createFoundationStep.getHref(strategyId, 5),
        })
      }
    >
      <KeptEditsRestored restored={kept.restored} action="Next" />
      <DafFields field={form.field} enums={enums} />
    </StepLayout>
  );
}
