// HTTP-level failures (no or a bad token, a second factor needed, a service the app depends on not
// answering): the plugins and routes throw these. What the domain refuses (not found, invalid,
// conflict, forbidden, record rules) is in errors.ts. plugins/errors.ts renders both as
// JSON `{ error, message }` (plus `field` when one input field is at fault); `error` is a code of
// contract/errors.ts, which also gives its status.
import { statusOf, tooManyAttemptsMessage, type ApiErrorCode, type ApiErrorStatus } from "./contract/errors";

export class HttpError extends Error {
  readonly statusCode: ApiErrorStatus;

  constructor(
    readonly error: ApiErrorCode,
    message: string,
    readonly field?: string,
    /** Further fields of the body (e.g. `missing` of incomplete_entry); never PII. */
    readonly extra?: Record<string, unknown>,
    /** Response headers that belong to the answer (Retry-After of a 429). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = "HttpError";
    this.statusCode = statusOf(error);
  }
}

export const unauthorized = (message = "A valid bearer token is required") => new HttpError("unauthorized", message);
/** GoTrue's code for "this needs a session that verified a second factor". */
export const insufficientAal = () =>
  new HttpError("insufficient_aal", "A second factor is required: verify your authenticator code");
export const serviceUnavailable = (message: string) => new HttpError("service_unavailable", message);
export const badGateway = (message: string) => new HttpError("bad_gateway", message);
/**
 * Too many attempts: 429 with Retry-After, in the one wording of every 429 (contract/errors.ts).
 * Both kinds of limit answer with it: the per-caller limits a minute (the rate limiter's
 * errorResponseBuilder, plugins/security.ts) and the owner mails' hourly allowance
 * (docs/decisions/0100-one-429.md).
 */
export function tooManyRequests(retryAfterSeconds: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError("too_many_requests", tooManyAttemptsMessage(seconds / 60), undefined, undefined, {
    "retry-after": String(seconds),
  });
}
