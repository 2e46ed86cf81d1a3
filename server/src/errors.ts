// Everything the API answers with a code: the record's refusals (repositories, the domain) and the
// HTTP-level ones (a token, a second factor, a service away, a limit). plugins/errors.ts answers them.
import {
  statusOf,
  tooManyAttemptsMessage,
  type ApiErrorCode,
  type ApiErrorStatus,
  type ERROR_CODES_BY_STATUS,
} from "./contract/errors";

/** A record rule (docs/architecture.md, The record's rules): a 409 of the contract with its own code. */
export type RecordRule = Exclude<(typeof ERROR_CODES_BY_STATUS)[409][number], "conflict">;

export class ApiError extends Error {
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
    this.name = "ApiError";
    this.statusCode = statusOf(error);
  }
}

/** Also used for resources of another account: never a hint that they exist. */
export const notFound = (what = "Resource") => new ApiError("not_found", `${what} not found`);
export const invalid = (field: string, message: string) => new ApiError("bad_request", message, field);
/** The change clashes with what is stored (a second one where one is allowed). */
export const conflict = (message: string, field?: string) => new ApiError("conflict", message, field);
export const forbidden = (message = "Missing a required role") => new ApiError("forbidden", message);
export const recordRule = (rule: RecordRule, message: string, extra: { field?: string; missing?: string[] } = {}) =>
  new ApiError(rule, message, extra.field, extra.missing ? { missing: extra.missing } : undefined);

export const unauthorized = (message = "A valid bearer token is required") => new ApiError("unauthorized", message);
export const insufficientAal = () =>
  new ApiError("insufficient_aal", "A second factor is required: verify your authenticator code");
export const serviceUnavailable = (message: string) => new ApiError("service_unavailable", message);
export const badGateway = (message: string) => new ApiError("bad_gateway", message);
/** 429 with Retry-After in the one wording, for every kind of limit (docs/decisions/0100-one-429.md). */
export function tooManyRequests(retryAfterSeconds: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError("too_many_requests", tooManyAttemptsMessage(seconds / 60), undefined, undefined, {
    "retry-after": String(seconds),
  });
}
