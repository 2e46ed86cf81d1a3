// GoTrue-style fixed-window limits per client IP (sign-in/sign-up, verifications, refreshes) and
// a global hourly mail budget. Limits come from `[auth.rate_limit]`; the defaults are loose enough
// for local work and test suites, and tests can tighten them through settings overrides.
import { tooManyRequests } from "./errors";

export type Bucket = "sign_in_sign_ups" | "token_verifications" | "token_refresh" | "email_sent";

const WINDOW_MS: Record<Bucket, number> = {
  sign_in_sign_ups: 5 * 60_000,
  token_verifications: 5 * 60_000,
  token_refresh: 5 * 60_000,
  email_sent: 60 * 60_000,
};

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly limits: Record<Bucket, number>) {}

  /** Counts one request; throws 429 once the window's budget is spent. */
  hit(bucket: Bucket, key: string): void {
    const now = Date.now();
    const id = `${bucket}:${key}`;
    let w = this.windows.get(id);
    if (!w || now - w.start >= WINDOW_MS[bucket]) {
      w = { start: now, count: 0 };
      this.windows.set(id, w);
    }
    w.count++;
    if (w.count > this.limits[bucket]) {
      throw bucket === "email_sent"
        ? tooManyRequests("over_email_send_rate_limit", "email rate limit exceeded")
        : tooManyRequests("over_request_rate_limit", "Request rate limit reached");
    }
  }

  clear(): void {
    this.windows.clear();
  }
}
