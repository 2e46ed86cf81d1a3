// What the product tells Sumsub about a person's applicant, and the key a delivery is known by.
import { describe, expect, it } from "vitest";
import { applicantIdentifiers, applicantPhone, webhookEventKey } from "./applicant";

describe("applicant identifiers", () => {
  it("gives Sumsub the phone in E.164: ten stored US digits get +1, anything else only +", () => {
    expect(applicantPhone("2125550123")).toBe("+12125550123");
    expect(applicantPhone("442071838750")).toBe("+442071838750");
    expect(applicantPhone(null)).toBeUndefined();
  });

  it("names the email and the phone the person has, and nothing when they have neither", () => {
    expect(applicantIdentifiers("a@example.com", "2125550123")).toEqual({
      email: "a@example.com",
      phone: "+12125550123",
    });
    expect(applicantIdentifiers("a@example.com", null)).toEqual({ email: "a@example.com" });
    expect(applicantIdentifiers(undefined, "2125550123")).toEqual({ phone: "+12125550123" });
    expect(applicantIdentifiers(undefined, null)).toBeUndefined();
    expect(applicantIdentifiers("", "")).toBeUndefined();
  });
});

describe("a webhook delivery's key", () => {
  const event = {
    type: "applicantReviewed",
    applicantId: "app-1",
    correlationId: "corr-1",
    createdAtMs: "2026-11-26 01:00:00.000",
  };

  it("is the same for a redelivery and differs by correlationId, type, time or applicant", () => {
    expect(webhookEventKey({ ...event })).toBe(webhookEventKey(event));
    for (const other of [
      { correlationId: "corr-2" },
      { type: "applicantPending" },
      { createdAtMs: "2026-11-26 01:00:00.001" },
      { applicantId: "app-2" },
    ]) {
      expect(webhookEventKey({ ...event, ...other })).not.toBe(webhookEventKey(event));
    }
  });
});
