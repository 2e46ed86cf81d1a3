// HTTP-level failures (no or a bad token, a second factor needed, a service the app depends on not
// answering): the plugins and routes throw these. What the domain refuses (not found, invalid,
// conflict, forbidden, record rules) is in errors.ts. plugins/errors.ts renders both as
// JSON `{ error, message }` (plus `field` when one input field is at fault); `error` is a code of
// contract/errors.ts, which also gives its status.
import { statusOf, type ApiErrorCode, type ApiErrorStatus } from "./contract/errors";

export class HttpError extends Error {
  readonly statusCode: ApiErrorStatus;

  constructor(
    readonly error: ApiErrorCode,
    message: string,
    readonly field?: string,
    /** Further fields of the body (e.g. `missing` of incomplete_entry); never PII. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "HttpError";
    this.statusCode = statusOf(error);
  }
}

export const unauthorized = (message = "A valid bearer token is required") => new HttpError("unauthorized", message);
/** GoTrue's code for "this needs a session that verified a second factor". */
export const insufficientAal = () => new HttpError("insufficient_aal", "A second factor is required: verify your authenticator code");
export const serviceUnavailable = (message: string) => new HttpError("service_unavailable", message);
export const badGateway = (message: string) => new HttpError("bad_gateway", message);
