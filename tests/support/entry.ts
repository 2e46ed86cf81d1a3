// What a founder enters, one record as the API takes it and (FORM_ENTRY) as the screens take it, and a
// signed identity result as the provider posts it: for every harness that builds founders, and the bench.
import { randomUUID } from "node:crypto";
import { computeWebhookDigest } from "../../server/src/identity/webhook-digest";
import { externalUserIdFor } from "../../server/src/identity/verification";
import { DEFAULT_DAF } from "../../server/src/contract/rules";
import { ENUM_SEED } from "../../db/enums";
export { RIA_ANSWERS } from "../../server/src/contract/test-fixtures";

/** The founder's profile, the one record: the API's body (founderAt's default) and, in FORM_ENTRY, what the browser types. */
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

/** An enum's label as a screen shows it (the seed's), for the browser to pick an option by what a person reads. */
export function labelOf(enumId: string): string {
  const item = ENUM_SEED.find((i) => i.enumId === enumId);
  if (!item) throw new Error(`no enum item ${enumId}`);
  return item.enumLabel;
}

export const ORGANIZATION = {
  name_1: "Ada Giving LLC",
  name_2: "Ada Philanthropy LLC",
  registered_state: "us_state_delaware",
  itg_as_registered_agent: true,
  activity_is_investment: false,
} as const;

/** Step 4's choices, as the DAF screen sends them with the organization. */
export const DAF_CHOICE = { donor_advised_fund: DEFAULT_DAF, custodian: "custodian_schwab" } as const;

/** An add-on owner's details as they give them in the owner form: a second person, beside the founder. */
export const OWNER = {
  first_name: "Grace",
  last_name: "Hopper",
  dob: "1980-01-02",
  ssn: "587654321",
  phone: "3025550101",
  address_line1: "2 Side Street",
  address_line2: null,
  city: "Dover",
  state: "us_state_delaware",
  zip: "19901",
  marital_status: "marital_status_married",
} as const;

/** The same founder through the screens, where a default would hide a dropped input: line 2, marital status, a custom DAF. */
export const FORM_ENTRY = {
  profile: { ...PROFILE, address_line2: "Suite 200", marital_status: "marital_status_married" },
  organization: { name_1: ORGANIZATION.name_1, name_2: ORGANIZATION.name_2 },
  daf: { donor_advised_fund: "Ada Donor Fund", custodian: "custodian_fidelity" },
} as const;

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
