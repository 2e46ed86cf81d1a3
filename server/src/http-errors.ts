// HTTP-level failures (a token, a second factor, a service away) the plugins and routes throw; what
// the domain refuses is errors.ts's. plugins/errors.ts answers both.
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
export const insufficientAal = () =>
  new HttpError("insufficient_aal", "A second factor is required: verify your authenticator code");
export const serviceUnavailable = (message: string) => new HttpError("service_unavailable", message);
export const badGateway = (message: string) => new HttpError("bad_gateway", message);
/** 429 with Retry-After in the one wording, for every kind of limit (docs/decisions/0100-one-429.md). */
export function tooManyRequests(retryAfterSeconds: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError("too_many_requests", tooManyAttemptsMessage(seconds / 60), undefined, undefined, {
    "retry-after": String(seconds),
  });
}
