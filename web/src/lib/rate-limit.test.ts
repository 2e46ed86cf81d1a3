import { describe, expect, it } from "vitest";
import { authRateLimitMinutes, minutesFromRetryAfter, tooManyAttemptsMessage } from "./rate-limit";

describe("429 wording", () => {
  it("says 'Too many attempts, try again in N minutes', with at least one minute", () => {
    expect(tooManyAttemptsMessage(5)).toBe("Too many attempts, try again in 5 minutes");
    expect(tooManyAttemptsMessage(0.2)).toBe("Too many attempts, try again in 1 minute");
  });

  it("reads Retry-After as seconds or a date, rounding up to minutes", () => {
    expect(minutesFromRetryAfter("61")).toBe(2);
    expect(minutesFromRetryAfter("1")).toBe(1);
    expect(minutesFromRetryAfter(new Date(1_000_000 + 180_000).toUTCString(), 1_000_000)).toBe(3);
    expect(minutesFromRetryAfter(null)).toBeUndefined();
    expect(minutesFromRetryAfter("soon")).toBeUndefined();
  });

  it("takes the auth service's wait from its message, else the limit's window", () => {
    expect(
      authRateLimitMinutes(
        "over_email_send_rate_limit",
        "For security purposes, you can only request this after 130 seconds.",
      ),
    ).toBe(3);
    expect(authRateLimitMinutes("over_request_rate_limit", "Request rate limit reached")).toBe(5);
    expect(authRateLimitMinutes("over_email_send_rate_limit", "email rate limit exceeded")).toBe(60);
  });
});
