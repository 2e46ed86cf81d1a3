// What a founder enters, as the API takes it (the profile, the organization, the DAF choice, the RIA
// answers), and a signed identity result as the provider posts it: data for every harness that
// builds founders through the API (tests/api, tests/reliability, the browser suites' set-up, the bench).
import { randomUUID } from "node:crypto";
import { computeWebhookDigest } from "../../server/src/identity/webhook-digest";
import { externalUserIdFor } from "../../server/src/identity/verification";
import { DEFAULT_DAF } from "../../server/src/contract/rules";

/** The API suites' holder; FORM_ENTRY shares its SSN, phone and street, and differs where a screen could drop input. */
export const PROFILE = {
  first_name: "Ada",
  last_name: "Lovelace",
  dob: "1985-12-10",
  ssn: "123456789",
  phone: "2125550123",
  address_line1: "1 Main Street",
  address_line2: null,
  city: "Wilmington",
  state: "us_state_delaware",
  zip: "19801",
  marital_status: "marital_status_single",
} as const;

/** The entry as a founder types it into the creation screens (labels as shown, ids as the API stores them). */
export const FORM_ENTRY = {
  name1: "Acme Giving LLC",
  name2: "Acme Family Giving LLC",
  firstName: "Grace",
  lastName: "Hopper",
  dob: "1985-03-14",
  ssnDigits: PROFILE.ssn,
  phoneDigits: PROFILE.phone,
  address1: PROFILE.address_line1,
  address2: "Suite 200",
  city: "New York",
  state: { label: "New York", id: "us_state_new_york" },
  zip: "10001",
  marital: { label: "Married", id: "marital_status_married" },
  customDaf: "Acme Donor Fund",
  custodian: { label: "Fidelity Investments", id: "custodian_fidelity" },
} as const;

/** A form entry's profile as the API takes and stores it: the one mapping from the screens' terms to the API's. */
export function apiProfileOf(e: typeof FORM_ENTRY) {
  return {
    first_name: e.firstName,
    last_name: e.lastName,
    dob: e.dob,
    ssn: e.ssnDigits,
    phone: e.phoneDigits,
    address_line1: e.address1,
    address_line2: e.address2 as string | null,
    city: e.city,
    state: e.state.id,
    zip: e.zip,
    marital_status: e.marital.id,
  };
}

/** The seven RIA answers, as the /ria screen sends them (§5: all together). */
export const RIA_ANSWERS = {
  ria_primary_goal: "primary_goal_growth",
  ria_risk_score: 3,
  ria_loss_capacity_percent: 20,
  ria_time_horizon_years: "horizon_years_5_10",
  ria_liquidity_needs: "liquidity_needs_low",
  ria_federal_effective_tax_rate: "federal_tax_bracket_24",
  ria_state: "us_state_delaware",
} as const;

export const ORGANIZATION = {
  name_1: "Ada Giving LLC",
  name_2: "Ada Philanthropy LLC",
  registered_state: "us_state_delaware",
  itg_as_registered_agent: true,
  activity_is_investment: false,
} as const;

/** Step 4's choices, as the DAF screen sends them with the organization. */
export const DAF_CHOICE = { donor_advised_fund: DEFAULT_DAF, custodian: "custodian_schwab" } as const;

/** A signed identity-provider result for a person, as Sumsub posts it (the provider's time `at`, a fresh event id). */
export function signedIdentityResult(
  personId: number,
  answer: "GREEN" | "RED",
  at: Date,
  webhookSecret: string,
  /** The provider's applicant (completeCheck in founders.ts); a made-up one is not confirmed by the provider. */
  applicantId = `applicant${personId}`.padEnd(24, "0"),
): { raw: string; headers: Record<string, string> } {
  const raw = JSON.stringify({
    applicantId,
    correlationId: `req-${randomUUID()}`,
    externalUserId: externalUserIdFor(personId),
    type: "applicantReviewed",
    reviewResult: { reviewAnswer: answer },
    reviewStatus: "completed",
    createdAtMs: at.toISOString().replace("T", " ").slice(0, 23),
  });
  const headers = {
    "content-type": "application/json",
    "x-payload-digest": computeWebhookDigest("HMAC_SHA256_HEX", webhookSecret, raw),
    "x-payload-digest-alg": "HMAC_SHA256_HEX",
  };
  return { raw, headers };
}
