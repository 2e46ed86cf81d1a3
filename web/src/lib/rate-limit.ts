// 'Too many attempts' (docs/architecture.md, The record's rules): the one wording for every 429, from the API
// (`too_many_requests` with Retry-After in seconds) or the auth service (GoTrue's 429 codes). The
// wording is the contract's, so the server's 429 message and the web's say the same.

// From the zod-free rules module: this file is on the sign-in path (docs/decisions/0140).
export { tooManyAttemptsMessage } from "@contract/rules";

/** Minutes from a Retry-After header (seconds, or an HTTP date); undefined when absent or unreadable. */
export function minutesFromRetryAfter(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - now) / 1000;
  if (!Number.isFinite(seconds) || seconds < 0) return undefined;
  return Math.max(1, Math.ceil(seconds / 60));
}

/** GoTrue's limit windows (requests per 5 minutes; mails per hour), used when no wait is given. */
const AUTH_WINDOW_MINUTES: Record<string, number> = {
  over_request_rate_limit: 5,
  over_email_send_rate_limit: 60,
};

/** The wait for an auth-service 429: "…after N seconds." in its message, else the limit's window. */
export function authRateLimitMinutes(code: string | undefined, message: string): number {
  const seconds = /after (\d+) seconds?/i.exec(message);
  if (seconds) return Math.max(1, Math.ceil(Number(seconds[1]) / 60));
  return AUTH_WINDOW_MINUTES[code ?? ""] ?? 5;
}
