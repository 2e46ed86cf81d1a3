// The binding between a person and their Sumsub applicant, and Sumsub's date format.
import { describe, expect, it } from "vitest";
import { externalUserIdFor, parseSumsubDate, personIdFromExternalUserId } from "./verification";

describe("externalUserId binding", () => {
  it("round-trips a person id and refuses anything else", () => {
    expect(personIdFromExternalUserId(externalUserIdFor(42))).toBe(42);
    for (const other of [
      undefined,
      "",
      "42",
      "ff-person-",
      "ff-person-0",
      "ff-person--3",
      "ff-person-1.5",
      "ff-person-1e3",
      "someone@example.com",
    ]) {
      expect(personIdFromExternalUserId(other)).toBeNull();
    }
  });
});

describe("Sumsub dates", () => {
  it("reads createdAtMs and reviewDate as UTC", () => {
    expect(parseSumsubDate("2020-02-21 13:23:19.321")?.toISOString()).toBe("2020-02-21T13:23:19.321Z");
    expect(parseSumsubDate("2020-02-21 13:23:19")?.toISOString()).toBe("2020-02-21T13:23:19.000Z");
    expect(parseSumsubDate("yesterday")).toBeNull();
    expect(parseSumsubDate(undefined)).toBeNull();
  });
});
