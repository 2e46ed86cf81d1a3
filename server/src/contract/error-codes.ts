// The API's error codes and their statuses, without zod: the web's API client reads a refusal's code
// with these alone, so a screen that builds no form schema loads no zod (docs/decisions/0183).

/** Each status's codes; the first is its generic one, for a failure without a code of its own (a 413, a 500). */
export const ERROR_CODES_BY_STATUS = {
  400: ["bad_request"],
  401: ["unauthorized"],
  /** insufficient_aal: GoTrue's name for "this needs a session that verified a second factor". */
  403: ["forbidden", "insufficient_aal"],
  404: ["not_found"],
  /** All but `conflict` are the record's rules (docs/architecture.md), each with its own code. */
  409: ["conflict", "incomplete_entry", "already_submitted", "fixed_after_submission", "fixed_after_verification"],
  413: ["payload_too_large"],
  415: ["unsupported_media_type"],
  429: ["too_many_requests"],
  500: ["internal_error"],
  502: ["bad_gateway"],
  /** database_unavailable: the database is away (retry); not_ready: the readiness check's answer. */
  503: ["service_unavailable", "database_unavailable", "not_ready"],
} as const;

export type ApiErrorStatus = keyof typeof ERROR_CODES_BY_STATUS;
export type ApiErrorCode = (typeof ERROR_CODES_BY_STATUS)[ApiErrorStatus][number];

const STATUSES = Object.keys(ERROR_CODES_BY_STATUS).map(Number) as ApiErrorStatus[];

export const API_ERROR_CODES = STATUSES.flatMap((s) => ERROR_CODES_BY_STATUS[s]) as readonly ApiErrorCode[] as [
  ApiErrorCode,
  ...ApiErrorCode[],
];

const STATUS_OF = new Map<string, ApiErrorStatus>(
  STATUSES.flatMap((s) => ERROR_CODES_BY_STATUS[s].map((code) => [code, s] as const)),
);

export const statusOf = (code: ApiErrorCode): ApiErrorStatus => STATUS_OF.get(code)!;

export const isApiErrorCode = (value: unknown): value is ApiErrorCode =>
  typeof value === "string" && STATUS_OF.has(value);

const isApiErrorStatus = (status: number): status is ApiErrorStatus => status in ERROR_CODES_BY_STATUS;

/** A status's generic code; a status outside the table gets its class's, so the set stays closed. */
export function codeForStatus(status: number): ApiErrorCode {
  if (isApiErrorStatus(status)) return ERROR_CODES_BY_STATUS[status][0];
  return status >= 500 ? "internal_error" : "bad_request";
}
