// GoTrue-style fixed-window limits per client IP (sign-in/sign-up, verifications, refreshes) and
// a global hourly mail budget. Limits come from `[auth.rate_limit]`; the defaults are loose enough
// for local work and test suites, and tests can tighten them through settings overrides.
import { tooManyRequests } from "./errors";

export type Bucket =
  | "sign_in_sign_ups"
  | "token_verifications"
  | "token_refresh"
  | "email_sent"
  | "failed_attempts_per_account"
  | "anonymous_users";

const WINDOW_MS: Record<Bucket, number> = {
  sign_in_sign_ups: 5 * 60_000,
  token_verifications: 5 * 60_000,
  token_refresh: 5 * 60_000,
  email_sent: 60 * 60_000,
  failed_attempts_per_account: 5 * 60_000,
  anonymous_users: 60 * 60_000,
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

  /**
   * Per-account guessing limit: throws 429 when the account has used up its failed attempts in
   * this window, so a spent budget refuses even the right secret (the attacker learns nothing).
   */
  assertAccountOpen(accountId: string): void {
    const w = this.windows.get(`failed_attempts_per_account:${accountId}`);
    if (
      w &&
      Date.now() - w.start < WINDOW_MS.failed_attempts_per_account &&
      w.count >= this.limits.failed_attempts_per_account
    ) {
      throw tooManyRequests("over_request_rate_limit", "Request rate limit reached");
    }
  }

  /** Counts one wrong password or code against the account (never throws; the caller refuses). */
  recordFailure(accountId: string): void {
    try {
      this.hit("failed_attempts_per_account", accountId);
    } catch {
      // Over budget: assertAccountOpen answers 429 from the next attempt on.
    }
  }

  clear(): void {
    this.windows.clear();
  }
}
