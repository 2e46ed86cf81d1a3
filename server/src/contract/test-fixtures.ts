// Founder data written once for the tests of the contract, of the web and of tests/: a primary holder as
// the API returns them (SSN masked), so the submission rule and the creation progress judge the same person.
export const COMPLETE_PROFILE = {
  first_name: "Ada",
  last_name: "Lovelace",
  dob: "1990-12-10",
  ssn: "***-**-6789",
  phone: "3025550147",
  address_line1: "1 Main St",
  city: "Dover",
  state: "us_state_delaware",
  zip: "19901",
  marital_status: "marital_status_single",
} as const;

export const VERIFIED = { sumsub_completed_at: "2026-11-01T10:00:00", sumsub_review_answer: "GREEN" } as const;

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
