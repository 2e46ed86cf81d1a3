// The values a person gives about themself (docs/decisions/0095): the phone formatter stops at ten
// digits and a number must exist, an SSN must have been issued, a zip is US-shaped, a birthdate is an
// adult alive today, a risk score a whole number on the scale. The web's form schemas and the API's entity schemas refuse the same values with the same words.
import { describe, expect, it } from "vitest";
import { personWritable, riaFields } from "./entities";
import { ownerForm, profileForm, riaForm } from "./forms";
import {
  MESSAGES,
  birthdateProblem,
  formatPhone,
  phoneNumberProblem,
  riskScoreProblem,
  ssnNeverIssuedProblem,
  todayIso,
  zipProblem,
} from "./rules";

const firstMessage = (
  r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } },
  field: string,
) => r.error?.issues.find((i) => i.path[0] === field)?.message;

describe("formatPhone", () => {
  it("takes ten digits at most: an eleventh keystroke changes nothing", () => {
    expect(formatPhone("(302)-555-01999")).toBe("(302)-555-0199");
    expect(formatPhone("30255501991234")).toBe("(302)-555-0199");
    expect(formatPhone("+1 (302) 555-0199")).toBe("(302)-555-0199");
    expect(formatPhone("302555")).toBe("(302)-555");
  });
});

describe("ssnNeverIssuedProblem: area 000, 666, 900-999, group 00, serial 0000 were never issued", () => {
  it.each(["123-45-6789", "123456789", "899-99-9999", "001-01-0001", "665-12-3456"])("accepts %j", (ssn) =>
    expect(ssnNeverIssuedProblem(ssn)).toBeNull(),
  );
  it.each(["000-00-0000", "000-12-3456", "666-12-3456", "900-12-3456", "999999999", "123-00-6789", "123-45-0000"])(
    "refuses %j",
    (ssn) => expect(ssnNeverIssuedProblem(ssn)).toBe(MESSAGES.ssnNeverIssued),
  );
  it("leaves other shapes to the format rule", () => expect(ssnNeverIssuedProblem("000-00")).toBeNull());
});

describe("phoneNumberProblem: a North-American area code and exchange start with 2 to 9", () => {
  it.each(["(212)-555-0123", "2125550123", "(302)-299-0000"])("accepts %j", (phone) =>
    expect(phoneNumberProblem(phone)).toBeNull(),
  );
  it.each(["(000)-000-0000", "(123)-456-7890", "(212)-055-0123", "2121550123"])("refuses %j", (phone) =>
    expect(phoneNumberProblem(phone)).toBe(MESSAGES.phoneImpossible),
  );
});

describe("zipProblem", () => {
  it.each(["19801", "19801-1234", " 10001 "])("accepts %j", (zip) => expect(zipProblem(zip)).toBeNull());
  it.each([
    ["1980", MESSAGES.zip],
    ["ABCDE", MESSAGES.zipFormat],
    ["1980A", MESSAGES.zipFormat],
    ["19801-12", MESSAGES.zipFormat],
    ["198011234", MESSAGES.zipFormat],
    ["19801 1234", MESSAGES.zipFormat],
  ])("refuses %j: %s", (zip, message) => expect(zipProblem(zip)).toBe(message));
});

describe("birthdateProblem: 18 to 120 years old today", () => {
  const today = "2026-11-25";
  it.each(["2008-11-25", "1990-04-02", "1906-11-25"])("accepts %s", (dob) =>
    expect(birthdateProblem(dob, today)).toBeNull(),
  );
  it.each([
    ["2026-11-26", MESSAGES.birthdateFuture],
    ["2008-11-26", MESSAGES.birthdateMinor],
    ["2026-11-25", MESSAGES.birthdateMinor],
    ["1906-11-24", MESSAGES.birthdateTooOld],
    ["1800-01-01", MESSAGES.birthdateTooOld],
  ])("refuses %s: %s", (dob, message) => expect(birthdateProblem(dob, today)).toBe(message));
  it("a leap-day birthday is 18 once the 18th 1 March has come", () => {
    expect(birthdateProblem("2008-02-29", "2026-02-28")).toBe(MESSAGES.birthdateMinor);
    expect(birthdateProblem("2008-02-29", "2026-03-01")).toBeNull();
  });
});

describe("riskScoreProblem", () => {
  it.each([1, 3, 5])("accepts %s", (n) => expect(riskScoreProblem(n)).toBeNull());
  it.each([
    [3.5, MESSAGES.riskScoreWhole],
    [0, MESSAGES.riskScore],
    [6, MESSAGES.riskScore],
    [Number.NaN, MESSAGES.riskScore],
  ])("refuses %s: %s", (n, message) => expect(riskScoreProblem(n)).toBe(message));
});

describe("one rule at both ends: form schemas and API entities", () => {
  const tooOld = "1800-01-01";
  const minor = todayIso();
  it("zip", () => {
    for (const [zip, message] of [
      ["ABCDE", MESSAGES.zipFormat],
      ["123", MESSAGES.zip],
    ] as const) {
      expect(firstMessage(personWritable.partial().safeParse({ zip }), "zip")).toBe(message);
      expect(firstMessage(profileForm.partial().safeParse({ zip }), "zip")).toBe(message);
      expect(firstMessage(ownerForm.partial().safeParse({ zip }), "zip")).toBe(message);
    }
    expect(personWritable.partial().safeParse({ zip: "19801-1234" }).success).toBe(true);
    expect(firstMessage(profileForm.partial().safeParse({ zip: "" }), "zip")).toBe(MESSAGES.required);
  });
  it("birthdate", () => {
    for (const [dob, message] of [
      [tooOld, MESSAGES.birthdateTooOld],
      [minor, MESSAGES.birthdateMinor],
    ] as const) {
      expect(firstMessage(personWritable.partial().safeParse({ dob }), "dob")).toBe(message);
      // The owner form shows birthdate read-only and never sends it (docs/decisions/0090).
      expect(firstMessage(profileForm.partial().safeParse({ birthdate: dob }), "birthdate")).toBe(message);
    }
    expect(personWritable.partial().safeParse({ dob: "1990-04-02" }).success).toBe(true);
  });
  it("SSN and phone: the format's message for a format error, then whether the number can exist", () => {
    const api = (v: object) => personWritable.partial().safeParse(v);
    const form = (v: object) => profileForm.partial().safeParse(v);
    expect(firstMessage(api({ ssn: "000000000" }), "ssn")).toBe(MESSAGES.ssnNeverIssued);
    expect(firstMessage(form({ ssn: "000-00-0000" }), "ssn")).toBe(MESSAGES.ssnNeverIssued);
    expect(firstMessage(api({ ssn: "12345" }), "ssn")).toBe(MESSAGES.ssn);
    expect(firstMessage(form({ ssn: "123-45" }), "ssn")).toBe(MESSAGES.ssn);
    expect(form({ ssn: "***-**-0000" }).success).toBe(true);
    expect(firstMessage(api({ phone: "0000000000" }), "phone")).toBe(MESSAGES.phoneImpossible);
    expect(firstMessage(form({ phone: "(000)-000-0000" }), "phone")).toBe(MESSAGES.phoneImpossible);
    expect(firstMessage(ownerForm.partial().safeParse({ phone: "(100)-200-3000" }), "phone")).toBe(
      MESSAGES.phoneImpossible,
    );
    expect(firstMessage(form({ phone: "(212)-555" }), "phone")).toBe(MESSAGES.phone);
  });
  it("risk score", () => {
    expect(firstMessage(riaFields.partial().safeParse({ ria_risk_score: 3.5 }), "ria_risk_score")).toBe(
      MESSAGES.riskScoreWhole,
    );
    expect(firstMessage(riaFields.partial().safeParse({ ria_risk_score: 7 }), "ria_risk_score")).toBe(
      MESSAGES.riskScore,
    );
    expect(firstMessage(riaForm.partial().safeParse({ riskScore: "3.5" }), "riskScore")).toBe(MESSAGES.riskScoreWhole);
    expect(firstMessage(riaForm.partial().safeParse({ riskScore: "7" }), "riskScore")).toBe(MESSAGES.riskScore);
    expect(firstMessage(riaForm.partial().safeParse({ riskScore: "abc" }), "riskScore")).toBe(MESSAGES.riskScore);
    expect(riaFields.partial().safeParse({ ria_risk_score: 4 }).success).toBe(true);
  });
});
