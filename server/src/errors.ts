// What the record refuses, without HTTP: repositories and domain modules throw these (so this
// module sits below both, importing nothing of either), and ONE error
// plugin (plugins/errors.ts) turns each kind into its status and the API's `{ error, message,
// field? }` body. HTTP-only failures (no token, a second factor needed, an upstream service down)
// stay in http-errors.ts.
export type DomainErrorKind = "not_found" | "invalid" | "conflict" | "forbidden" | "rule";

/** A record rule of the founder's record (docs/architecture.md, The record's rules): 409 with its own error code. */
export type RecordRule =
  "incomplete_entry" | "already_submitted" | "fixed_after_submission" | "fixed_after_verification";

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** The one input field at fault, when there is one. */
    readonly field?: string,
    /** A record rule's code (kind "rule"). */
    readonly rule?: RecordRule,
    /** Further facts for the body (e.g. `missing` of incomplete_entry); never PII. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

/** Also used for resources of another account: never a hint that they exist. */
export const notFound = (what = "Resource") => new DomainError("not_found", `${what} not found`);
/** An input value the rules refuse, naming its field. */
export const invalid = (field: string, message: string) => new DomainError("invalid", message, field);
/** The change clashes with what is stored (a second one where one is allowed). */
export const conflict = (message: string, field?: string) => new DomainError("conflict", message, field);
export const forbidden = (message = "Missing a required role") => new DomainError("forbidden", message);
export const recordRule = (rule: RecordRule, message: string, extra: { field?: string; missing?: string[] } = {}) =>
  new DomainError("rule", message, extra.field, rule, extra.missing ? { missing: extra.missing } : undefined);
