// The DAF and custodian save, apart from organizations.ts: it parses the form with the contract's zod
// schema, which the screens that only read an organization (the dashboard) need not load
// (docs/decisions/0183).
import { dafForm, dafToStored, type DafForm } from "@contract/forms";
import type { Organization } from "@contract/entities";
import { useAccountMutation } from "./mutations";
import { organizationPutFields, updateOrganization } from "./organizations";

/**
 * The DAF and custodian save of step 4 and of /edit-daf: the DAF as stored (the default's text or
 * the custom name), the custodian, the rest of the organization as it is. Refetches all on success.
 */
export function useSaveDaf(organization: Organization | null) {
  return useAccountMutation(async (values: DafForm) => {
    if (!organization) throw new Error("The organization is missing");
    const v = dafForm.parse(values);
    await updateOrganization(organization.organization_id, {
      ...organizationPutFields(organization),
      donor_advised_fund: dafToStored(v),
      custodian: v.custodian,
    });
  });
}
