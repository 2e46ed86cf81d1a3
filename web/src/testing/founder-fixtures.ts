// Founder data as the API returns it, for component tests of the edit and RIA screens.
import type { AllData, EnumItem, Organization, Person } from "@contract/entities";
import { COMPLETE_PROFILE, VERIFIED } from "@contract/test-fixtures";
import { fakeApi } from "@/testing/fake-api";

export const ENUMS: EnumItem[] = [
  { enum_id: "marital_status_single", enum_label: "Single", enum_category: "marital_status" },
  { enum_id: "marital_status_married", enum_label: "Married", enum_category: "marital_status" },
  { enum_id: "us_state_delaware", enum_label: "Delaware", enum_category: "us_state" },
  { enum_id: "us_state_new_york", enum_label: "New York", enum_category: "us_state" },
  { enum_id: "primary_goal_growth", enum_label: "Growth", enum_category: "primary_goal" },
  { enum_id: "primary_goal_income", enum_label: "Income", enum_category: "primary_goal" },
  { enum_id: "horizon_years_5_10", enum_label: "5 to 10 years", enum_category: "horizon_years" },
  { enum_id: "liquidity_needs_low", enum_label: "Low: under 5% a year", enum_category: "liquidity_needs" },
  { enum_id: "federal_tax_bracket_24", enum_label: "24%", enum_category: "federal_tax_bracket" },
  { enum_id: "custodian_schwab", enum_label: "Charles Schwab", enum_category: "custodian" },
  { enum_id: "custodian_fidelity", enum_label: "Fidelity Investments", enum_category: "custodian" },
];

const T = "2026-11-01T10:00:00";

export function personFixture(over: Partial<Person> = {}): Person {
  return {
    person_id: 11,
    account_id: 7,
    account_primary_holder: true,
    is_addon: false,
    email: "ada@example.com",
    ...COMPLETE_PROFILE,
    address_line2: null,
    ...VERIFIED,
    sumsub_applicant_id: "app-1",
    sumsub_email_sent_at: null,
    created_at: T,
    updated_at: T,
    ...over,
  };
}

export function organizationFixture(over: Partial<Organization> = {}): Organization {
  return {
    organization_id: 5,
    strategy_id: 3,
    name_1: "Ada Foundation LLC",
    name_2: "Ada Family LLC",
    registered_state: "us_state_delaware",
    itg_as_registered_agent: false,
    activity_is_investment: true,
    donor_advised_fund: "Investor's Philanthropic",
    custodian: "custodian_schwab",
    created_at: T,
    updated_at: T,
    ...over,
  };
}

export function allDataFixture(
  over: { persons?: Person[]; organization?: Organization | null; account?: Partial<AllData["account"]> } = {},
): AllData {
  const persons = over.persons ?? [personFixture()];
  const holder = persons.find((p) => p.account_primary_holder) ?? null;
  const org = over.organization === undefined ? organizationFixture() : over.organization;
  return {
    account: {
      account_id: 7,
      user_id: "user-1",
      primary_account_holder: holder,
      ria_primary_goal: null,
      ria_risk_score: null,
      ria_loss_capacity_percent: null,
      ria_time_horizon_years: null,
      ria_liquidity_needs: null,
      ria_federal_effective_tax_rate: null,
      ria_state: null,
      created_at: T,
      updated_at: T,
      ...over.account,
    },
    persons,
    strategies: [
      { strategy_id: 3, account_id: 7, strategy_type: "strategy_type_founder", created_at: T, entry_completed_at: T },
    ],
    organizations: org ? [org] : [],
    organization_users: persons.map((p) => ({
      organization_id: 5,
      person_id: p.person_id,
      primary_holder: p.account_primary_holder,
    })),
  };
}

/** Routes the account reads of the data hooks to `data` (a function is read per request). */
export function serveFounder(data: AllData | (() => AllData)) {
  const read = typeof data === "function" ? data : () => data;
  fakeApi
    .on("GET", "/api/accounts/user/{userId}", { account_id: 7 })
    .on("GET", "/api/accounts/{accountId}/all_data", () => ({ body: read() }))
    .on("GET", "/api/enums/", ENUMS)
    .on("GET", "/api/strategies/strategy/account/{accountId}", () => ({ body: read().strategies }))
    .on("GET", "/api/organizations/by_strategy/{strategyId}", () => ({
      body: read().organizations[0] ?? null,
      status: 200,
    }))
    .on("GET", "/api/notifications/", []);
}
