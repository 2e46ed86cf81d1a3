// Step 4: the DAF ('Investor's Philanthropic' or a custom name) and the custodian, saved on the
// organization.
import { useLocation } from "wouter";
import { dafForm, dafToStored } from "@contract/forms";
import { DafFields, dafValuesFromOrganization, useZodForm } from "@/components/forms";
import { paths } from "@/config/paths";
import { organizationPutFields, updateOrganization, useAccountMutation } from "@/api";
import { useSaveFlow } from "@/hooks/use-save-flow";
import type { StepData } from "./step-context";
import { StepLayout } from "./step-layout";

export function DafStep({ strategyId, organization, enums }: StepData) {
  const [, navigate] = useLocation();
  const form = useZodForm(dafForm, dafValuesFromOrganization(organization));
  const { saving, save } = useSaveFlow();
  const mutation = useAccountMutation(async () => {
    if (!organization) throw new Error("The organization is missing");
    const v = dafForm.parse(form.values);
    await updateOrganization(organization.organization_id, { ...organizationPutFields(organization), donor_advised_fund: dafToStored(v), custodian: v.custodian });
  });

  return (
    <StepLayout
      title="Choose your donor-advised fund"
      subtitle="Pick the DAF that will hold 98% of your foundation, and its custodian."
      onBack={() => navigate(paths.createFoundationStep.getHref(strategyId, 3))}
      nextDisabled={!form.isValid}
      saving={saving}
      onNext={() => void save(() => mutation.mutateAsync(), { what: "DAF", to: paths.createFoundationStep.getHref(strategyId, 5) })}
    >
      <DafFields field={form.field} enums={enums} />
    </StepLayout>
  );
}
