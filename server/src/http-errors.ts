// The API's error model: every failure answers JSON `{ error, message }` (plus `field` when one
// input field is at fault). Route and repository code throws these; plugins/errors.ts renders them.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
    readonly field?: string,
    /** Further fields of the body (e.g. `missing` of incomplete_entry); never PII. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const unauthorized = (message = "A valid bearer token is required") => new HttpError(401, "Unauthorized", message);
export const forbidden = (message = "Missing a required role") => new HttpError(403, "Forbidden", message);
/** Also used for resources of another account: never a hint that they exist. */
export const notFound = (what = "Resource") => new HttpError(404, "Not Found", `${what} not found`);
export const badRequest = (field: string, message: string) => new HttpError(400, "Bad Request", message, field);
export const conflict = (message: string, field?: string) => new HttpError(409, "Conflict", message, field);
/** GoTrue's code for "this needs a session that verified a second factor". */
export const insufficientAal = () => new HttpError(403, "insufficient_aal", "A second factor is required: verify your authenticator code");
export const serviceUnavailable = (message: string) => new HttpError(503, "Service Unavailable", message);
export const badGateway = (message: string) => new HttpError(502, "Bad Gateway", message);

/** A rule of the founder's record refuses the change (issue 16): 409 with its own error code. */
export const recordRule = (error: "incomplete_entry" | "already_submitted" | "fixed_after_submission" | "fixed_after_verification", message: string, extra: { field?: string; missing?: string[] } = {}) =>
  new HttpError(409, error, message, extra.field, extra.missing ? { missing: extra.missing } : undefined);
