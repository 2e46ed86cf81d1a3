import { describe, expect, it } from "vitest";
import type { Organization, Person } from "@contract/entities";
import { formatShortDate } from "@/lib/dates";
import { onboardingProgress } from "./onboarding-progress";

const org = (over: Partial<Organization> = {}): Organization => ({
  organization_id: 1,
  strategy_id: 1,
  name_1: "Acme LLC",
  name_2: "Acme Two LLC",
  registered_state: "us_state_delaware",
  itg_as_registered_agent: false,
  activity_is_investment: false,
  donor_advised_fund: null,
  custodian: null,
  created_at: "2026-01-02T03:04:05",
  updated_at: "2026-01-02T03:04:05",
  ...over,
});

const person = (over: Partial<Person> = {}): Person =>
  ({
    person_id: 1,
    account_id: 1,
    account_primary_holder: true,
    is_addon: false,
    first_name: "Ada",
    sumsub_completed_at: null,
    ...over,
  }) as Person;

describe("onboardingProgress (requirements §4 table)", () => {
  it("5%: no organization (or no name) → step 1", () => {
    expect(onboardingProgress(null, null)).toEqual({ percent: 5, nextAction: "Creating your organization", page: 1 });
    expect(onboardingProgress(org({ name_1: "" }), person())).toEqual({
      percent: 5,
      nextAction: "Entering your organization information",
      page: 1,
    });
  });

  it("15%: organization exists, person missing or without first name → step 2", () => {
    expect(onboardingProgress(org(), null)).toEqual({
      percent: 15,
      nextAction: "Entering your personal information",
      page: 2,
    });
    expect(onboardingProgress(org(), person({ first_name: null }))).toMatchObject({ percent: 15, page: 2 });
  });

  it("50%: no identity-check completion → step 3", () => {
    expect(onboardingProgress(org(), person())).toEqual({
      percent: 50,
      nextAction: "Verifying your identity",
      page: 3,
    });
  });

  it("75%: identity done but no DAF → step 4", () => {
    expect(onboardingProgress(org(), person({ sumsub_completed_at: "2026-01-02T03:04:05" }))).toEqual({
      percent: 75,
      nextAction: "Entering your DAF information",
      page: 4,
    });
  });

  it("95%: everything entered → review", () => {
    expect(
      onboardingProgress(
        org({ donor_advised_fund: "Investor's Philanthropic" }),
        person({ sumsub_completed_at: "2026-01-02T03:04:05" }),
      ),
    ).toEqual({
      percent: 95,
      nextAction: "Review and submit.",
      page: 5,
    });
  });
});

describe("formatShortDate", () => {
  it("shows a record timestamp (UTC, no Z) as M/D/YYYY without leading zeros", () => {
    const ts = "2026-03-05T12:00:00";
    const local = new Date(`${ts}Z`);
    expect(formatShortDate(ts)).toBe(`${local.getMonth() + 1}/${local.getDate()}/${local.getFullYear()}`);
    expect(formatShortDate(ts)).toMatch(/^\d{1,2}\/\d{1,2}\/2026$/);
  });
});
