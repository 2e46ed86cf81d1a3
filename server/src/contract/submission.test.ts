// The one rule of what a submission lacks (docs/decisions/0145): keys as the 409 names them, in
// step order, each with the step that gives it.
import { describe, expect, it } from "vitest";
import { missingForSubmission } from "./submission";
import { COMPLETE_PROFILE, VERIFIED } from "./test-fixtures";

const organization = {
  name_1: "Ada Giving LLC",
  name_2: "Ada Philanthropy LLC",
  donor_advised_fund: "Investor's Philanthropic",
  custodian: "custodian_schwab",
};
const holder = { ...COMPLETE_PROFILE, ...VERIFIED };
const keys = (...args: Parameters<typeof missingForSubmission>) => missingForSubmission(...args).map((m) => m.key);

describe("missingForSubmission", () => {
  it("nothing entered: the organization and the primary holder, at steps 1 and 2", () => {
    expect(missingForSubmission(null, null).map((m) => [m.key, m.step])).toEqual([
      ["organization", 1],
      ["primary_holder", 2],
    ]);
  });

  it("a complete entry lacks nothing", () => {
    expect(keys(organization, holder)).toEqual([]);
  });

  it("names each piece in step order: a name without LLC, a blank profile field, the identity check, the DAF's custodian", () => {
    expect(
      missingForSubmission(
        { ...organization, name_2: "Ada Philanthropy", custodian: null },
        { ...holder, zip: " ", sumsub_review_answer: "RED" },
      ).map((m) => [m.key, m.step]),
    ).toEqual([
      ["organization.name_2", 1],
      ["primary_holder.zip", 2],
      ["primary_holder.identity_check", 3],
      ["organization.custodian", 4],
    ]);
  });

  it("names stored before today's rules: 'LLC' alone, or the second choice equal to the first, are still to give", () => {
    expect(keys({ ...organization, name_1: "LLC" }, holder)).toEqual(["organization.name_1"]);
    expect(keys({ ...organization, name_2: "ada giving  llc" }, holder)).toEqual(["organization.name_2"]);
  });

  it("a completion without a GREEN answer (or a GREEN without a completion) is not a completed check", () => {
    expect(keys(organization, { ...holder, sumsub_completed_at: null })).toEqual(["primary_holder.identity_check"]);
    expect(keys(organization, { ...holder, sumsub_review_answer: null })).toEqual(["primary_holder.identity_check"]);
  });
});
