// The founder's data over the product API (spec §7), one small function per call. Types are the
// contract's entity shapes (server/src/contract/entities.ts), which the generated client mirrors.
// Non-2xx answers throw (lib/api-client), so TanStack Query and the save flow see them as errors.
import type { z } from "zod";
import type { accountPut, AllData, EnumItem, Organization, Person, PersonCreate, Strategy } from "@contract/entities";
import { FOUNDER_STRATEGY, SUMSUB_LEVEL_NAME, SUMSUB_TOKEN_TTL_SECONDS } from "@contract/rules";
import { api } from "@/lib/api-client";

/** What the API answered with no body where one was required: a broken contract, not "empty". */
function required<T>(data: T | undefined, what: string): T {
  if (data === undefined) throw new Error(`The API returned no ${what}`);
  return data;
}

// ---------- Reads ----------

/** GET /api/accounts/user/{userId} → the account id (the server creates the account on first call). */
export async function fetchAccountId(userId: string): Promise<number> {
  const { data } = await api.GET("/api/accounts/user/{userId}", { params: { path: { userId } } });
  return required(data, "account").account_id;
}

/** GET /api/accounts/{accountId}/all_data: the account with its primary holder and everything under it. */
export async function fetchAllData(accountId: number): Promise<AllData> {
  const { data } = await api.GET("/api/accounts/{accountId}/all_data", { params: { path: { accountId } } });
  return required(data, "account data") as AllData;
}

/** GET /api/enums/ */
export async function fetchEnums(): Promise<EnumItem[]> {
  const { data } = await api.GET("/api/enums/");
  return (data ?? []) as EnumItem[];
}

/** GET /api/strategies/strategy/account/{accountId} */
export async function fetchStrategies(accountId: number): Promise<Strategy[]> {
  const { data } = await api.GET("/api/strategies/strategy/account/{accountId}", { params: { path: { accountId } } });
  return (data ?? []) as Strategy[];
}

/** GET /api/organizations/by_strategy/{strategyId}: null until step 1 creates it (200, not an error). */
export async function fetchOrganizationByStrategy(strategyId: number): Promise<Organization | null> {
  const { data } = await api.GET("/api/organizations/by_strategy/{strategyId}", { params: { path: { strategyId } } });
  return (data ?? null) as Organization | null;
}

/** GET /api/persons/by_account/{accountId} */
export async function fetchPersons(accountId: number): Promise<Person[]> {
  const { data } = await api.GET("/api/persons/by_account/{accountId}", { params: { path: { accountId } } });
  return (data ?? []) as Person[];
}

// ---------- Writes ----------

/** POST /api/strategies/ (a Founder Foundation unless told otherwise) → strategy_id. */
export async function createStrategy(accountId: number, strategyType: string = FOUNDER_STRATEGY): Promise<number> {
  const { data } = await api.POST("/api/strategies/", { body: { account_id: accountId, strategy_type: strategyType } });
  return required(data, "strategy id").strategy_id;
}

/** PUT /api/strategies/{strategyId}: entry_completed_at on approval (a timestamp without Z). */
export async function updateStrategy(strategyId: number, body: { entry_completed_at: string | null }): Promise<Strategy> {
  const { data } = await api.PUT("/api/strategies/{strategyId}", { params: { path: { strategyId } }, body });
  return required(data, "strategy") as Strategy;
}

export interface OrganizationFields {
  name_1: string;
  name_2: string;
  registered_state: "us_state_delaware" | null;
  itg_as_registered_agent: boolean;
  activity_is_investment: boolean;
}

/** POST /api/organizations/ (step 1). */
export async function createOrganization(strategyId: number, fields: OrganizationFields): Promise<Organization> {
  const { data } = await api.POST("/api/organizations/", { body: { strategy_id: strategyId, ...fields } });
  return required(data, "organization") as Organization;
}

/** PUT /api/organizations/{organizationId}: the full organization, DAF and custodian included. */
export async function updateOrganization(
  organizationId: number,
  fields: OrganizationFields & { donor_advised_fund: string | null; custodian: string | null },
): Promise<Organization> {
  const { data } = await api.PUT("/api/organizations/{organizationId}", { params: { path: { organizationId } }, body: fields });
  return required(data, "organization") as Organization;
}

/** The writable fields of an existing organization, for a PUT that changes only some of them. */
export function organizationPutFields(org: Organization): OrganizationFields & { donor_advised_fund: string | null; custodian: string | null } {
  return {
    name_1: org.name_1,
    name_2: org.name_2,
    registered_state: org.registered_state,
    itg_as_registered_agent: org.itg_as_registered_agent,
    activity_is_investment: org.activity_is_investment,
    donor_advised_fund: org.donor_advised_fund,
    custodian: org.custodian,
  };
}

/** POST /api/persons/ → person_id. The primary holder sends the profile; an add-on owner only an email. */
export async function createPerson(body: PersonCreate): Promise<number> {
  const { data } = await api.POST("/api/persons/", { body });
  return required(data, "person id").person_id;
}

/** PATCH /api/persons/{personId}: only the given fields change (a masked SSN keeps the stored one). */
export async function patchPerson(personId: number, body: Partial<Omit<PersonCreate, "account_id" | "account_primary_holder" | "is_addon">>): Promise<Person> {
  const { data } = await api.PATCH("/api/persons/{personId}", { params: { path: { personId } }, body });
  return required(data, "person") as Person;
}

/** DELETE /api/persons/{personId} (the server removes its organization links too). */
export async function deletePerson(personId: number): Promise<void> {
  await api.DELETE("/api/persons/{personId}", { params: { path: { personId } } });
}

/** POST /api/organization_users/ */
export async function linkOrganizationUser(link: { organization_id: number; person_id: number; primary_holder: boolean }): Promise<void> {
  await api.POST("/api/organization_users/", { body: link });
}

/** DELETE /api/organization_users/{personId}/{organizationId} */
export async function unlinkOrganizationUser(personId: number, organizationId: number): Promise<void> {
  await api.DELETE("/api/organization_users/{personId}/{organizationId}", { params: { path: { personId, organizationId } } });
}

export type AccountRiaFields = z.infer<typeof accountPut>;

/** PUT /api/accounts/{accountId}: the RIA answers. */
export async function updateAccount(
  accountId: number,
  body: AccountRiaFields,
): Promise<void> {
  await api.PUT("/api/accounts/{accountId}", { params: { path: { accountId } }, body });
}

// ---------- Identity check ----------

/**
 * POST /api/sumsub/access_token, the §7 variant: user_id is the person's email, the level and a
 * 900 s lifetime, and the identifiers the widget pre-fills. The server binds the token to the
 * caller's own primary person whatever this says.
 */
export async function fetchIdentityToken(identifiers: { email: string; phone?: string | null }): Promise<string> {
  const { data } = await api.POST("/api/sumsub/access_token", {
    body: {
      user_id: identifiers.email,
      level_name: SUMSUB_LEVEL_NAME,
      ttl_in_seconds: SUMSUB_TOKEN_TTL_SECONDS,
      applicant_identifiers: { email: identifiers.email, ...(identifiers.phone ? { phone: identifiers.phone } : {}) },
    },
  });
  return required(data, "access token").token;
}

export interface IdentityState {
  person_id: number;
  sumsub_applicant_id: string | null;
  review_status: string | null;
  sumsub_review_answer: "GREEN" | "RED" | null;
  sumsub_completed_at: string | null;
}

/**
 * POST /api/sumsub/confirm: the server re-reads the applicant and review from the provider and
 * records them (sumsub_applicant_id, sumsub_completed_at); the browser's word is never taken.
 */
export async function confirmIdentity(body: { applicant_id?: string; person_id?: number } = {}): Promise<IdentityState> {
  const { data } = await api.POST("/api/sumsub/confirm", { body });
  return required(data, "identity state");
}

/** POST /api/sumsub/send_sumsub_emails: verification links to the given (non-primary) persons. */
export async function sendVerificationEmails(personIds: number[]): Promise<void> {
  if (personIds.length === 0) return;
  await api.POST("/api/sumsub/send_sumsub_emails", { body: personIds });
}
