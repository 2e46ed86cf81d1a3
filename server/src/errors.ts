// What the record refuses, without HTTP: repositories and the domain throw these with their API code;
// plugins/errors.ts answers them. HTTP-only failures are http-errors.ts's.
import type { ApiErrorCode, ERROR_CODES_BY_STATUS } from "./contract/errors";

/** A record rule (docs/architecture.md, The record's rules): a 409 of the contract with its own code. */
export type RecordRule = Exclude<(typeof ERROR_CODES_BY_STATUS)[409][number], "conflict">;

export class DomainError extends Error {
  constructor(
    readonly error: ApiErrorCode,
    message: string,
    readonly field?: string,
    /** Further facts for the body (e.g. `missing` of incomplete_entry); never PII. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

/** Also used for resources of another account: never a hint that they exist. */
export const notFound = (what = "Resource") => new DomainError("not_found", `${what} not found`);
export const invalid = (field: string, message: string) => new DomainError("bad_request", message, field);
/** The change clashes with what is stored (a second one where one is allowed). */
export const conflict = (message: string, field?: string) => new DomainError("conflict", message, field);
export const forbidden = (message = "Missing a required role") => new DomainError("forbidden", message);
export const recordRule = (rule: RecordRule, message: string, extra: { field?: string; missing?: string[] } = {}) =>
  new DomainError(rule, message, extra.field, extra.missing ? { missing: extra.missing } : undefined);
