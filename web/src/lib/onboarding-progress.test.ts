import { describe, expect, it } from "vitest";
import type { Organization, Person } from "@contract/entities";
import { formatShortDate } from "@/lib/dates";
import { creationState } from "./onboarding-progress";
import { personFixture } from "@/testing/founder-fixtures";
import { VERIFIED } from "@contract/test-fixtures";

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

const UNVERIFIED = { sumsub_completed_at: null, sumsub_review_answer: null } as const;

const person = (over: Partial<Person> = {}): Person => personFixture({ ...UNVERIFIED, ...over });

const inProgress = { entry_completed_at: null };
const submitted = { entry_completed_at: "2026-01-03T03:04:05" };
const DAF = { donor_advised_fund: "Investor's Philanthropic", custodian: "custodian_schwab" };
const progress = (o: Organization | null, p: Person | null) => creationState(inProgress, o, p).progress;

describe("creationState: the progress of requirements §4's table", () => {
  it("5%: no organization (or no name) → step 1", () => {
    expect(progress(null, null)).toEqual({ percent: 5, nextAction: "Creating your organization", page: 1 });
    expect(progress(org({ name_1: "" }), person())).toEqual({
      percent: 5,
      nextAction: "Entering your organization information",
      page: 1,
    });
  });

  it("15%: organization exists, person missing or without first name → step 2", () => {
    expect(progress(org(), null)).toEqual({ percent: 15, nextAction: "Entering your personal information", page: 2 });
    expect(progress(org(), person({ first_name: null }))).toMatchObject({ percent: 15, page: 2 });
  });

  it("50%: no identity-check completion → step 3", () => {
    expect(progress(org(), person())).toEqual({ percent: 50, nextAction: "Verifying your identity", page: 3 });
  });

  it("75%: identity done but no DAF → step 4", () => {
    expect(progress(org(), person(VERIFIED))).toEqual({
      percent: 75,
      nextAction: "Entering your DAF information",
      page: 4,
    });
  });

  it("95%: everything entered → review", () => {
    expect(progress(org(DAF), person(VERIFIED))).toEqual({ percent: 95, nextAction: "Review and submit.", page: 5 });
  });
});

describe("creationState: one story for the stepper, the step guard, step 3, the review and the dashboard", () => {
  it("a DAF saved before the identity check does not make step 4 done: steps are done in order (docs/decisions/0145)", () => {
    const s = creationState(inProgress, org(DAF), person());
    expect(s.firstOpenStep).toBe(3);
    expect(s.steps).toEqual(["done", "done", "todo", "todo", "todo"]);
    expect(s.canSubmit).toBe(false);
    expect(s.missing.map((m) => m.key)).toEqual(["primary_holder.identity_check"]);
  });

  it("offers Approve only when nothing is missing", () => {
    const s = creationState(inProgress, org(DAF), person(VERIFIED));
    expect(s).toMatchObject({ canSubmit: true, missing: [], firstOpenStep: 5 });
    expect(s.steps).toEqual(["done", "done", "done", "done", "todo"]);
  });

  it("submitted and verified: every step done, nothing to approve", () => {
    const s = creationState(submitted, org(DAF), person(VERIFIED));
    expect(s).toMatchObject({ canSubmit: false, identityCheckAgain: false });
    expect(s.steps).toEqual(["done", "done", "done", "done", "done"]);
  });

  it("submitted, then a new identity check: step 3 needs the founder, the rest stays done (docs/decisions/0145)", () => {
    const s = creationState(submitted, org(DAF), person(UNVERIFIED));
    expect(s).toMatchObject({ canSubmit: false, identityCheckAgain: true, identityVerified: false });
    expect(s.steps).toEqual(["done", "done", "attention", "done", "done"]);
  });

  it("a RED answer is not a completed check", () => {
    expect(
      creationState(inProgress, org(DAF), person({ ...VERIFIED, sumsub_review_answer: "RED" })).firstOpenStep,
    ).toBe(3);
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
