// A strategy's organization (null until step 1 creates it: a 200, not an error).
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { Organization, organizationPut, organizationWritable } from "@contract/entities";
import { DELAWARE } from "@contract/rules";
import { api } from "@/lib/api-client";
import { useAllData } from "./all-data";
import { READ_ONCE_PER_LOAD } from "./page-load";
import { required } from "./required";

const organizationKey = (strategyId: number) => ["organization", strategyId] as const;

export type OrganizationFields = z.infer<typeof organizationWritable>;
export type OrganizationPutFields = z.infer<typeof organizationPut>;

async function fetchOrganizationByStrategy(strategyId: number): Promise<Organization | null> {
  const { data } = await api.GET("/api/organizations/by_strategy/{strategyId}", { params: { path: { strategyId } } });
  return data ?? null;
}

/** Neither retried nor refetched on focus: no organization before step 1 is saved is a normal state. */
export function useOrganization(strategyId: number | undefined) {
  const allData = useAllData();
  return useQuery({
    queryKey: organizationKey(strategyId ?? 0),
    queryFn: async (): Promise<Organization | null> => {
      try {
        return await fetchOrganizationByStrategy(strategyId!);
      } catch {
        return null;
      }
    },
    enabled: strategyId !== undefined && strategyId > 0 && allData.isSuccess,
    retry: false,
    refetchOnWindowFocus: false,
    ...READ_ONCE_PER_LOAD,
  });
}

export async function createOrganization(strategyId: number, fields: OrganizationFields): Promise<Organization> {
  const { data } = await api.POST("/api/organizations/", { body: { strategy_id: strategyId, ...fields } });
  return required(data, "organization");
}

export async function updateOrganization(organizationId: number, fields: OrganizationPutFields): Promise<Organization> {
  const { data } = await api.PUT("/api/organizations/{organizationId}", {
    params: { path: { organizationId } },
    body: fields,
  });
  return required(data, "organization");
}

/** The writable fields of an existing organization, for a PUT that changes only some of them. */
export function organizationPutFields(org: Organization): OrganizationPutFields {
  return {
    name_1: org.name_1,
    name_2: org.name_2,
    // The stored value may be any state (decision 0156); the form knows Delaware or none.
    registered_state: org.registered_state === DELAWARE ? DELAWARE : null,
    itg_as_registered_agent: org.itg_as_registered_agent,
    activity_is_investment: org.activity_is_investment,
    donor_advised_fund: org.donor_advised_fund,
    custodian: org.custodian,
  };
}
