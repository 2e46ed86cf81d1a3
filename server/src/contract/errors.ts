// The API's error vocabulary, defined once: every error body's `error` is one of these snake_case
// codes, never an HTTP reason phrase (docs/decisions/0030-one-error-vocabulary.md). Each code has
// exactly one status; the server's error plugin takes a code's status from here, the OpenAPI
// document lists each status with its codes, and the web reads `error` against the same set.
// Pure module: no Node or browser imports.
import { z } from "zod";

/**
 * Every error status the API answers, with the codes it carries. The first code of each status is
 * its generic one: what a failure that has no code of its own answers (Fastify's own 413/415, the
 * rate limiter's 429, an unexpected 500).
 */
export const ERROR_CODES_BY_STATUS = {
  400: ["bad_request"],
  401: ["unauthorized"],
  /** insufficient_aal: GoTrue's name for "this needs a session that verified a second factor". */
  403: ["forbidden", "insufficient_aal"],
  404: ["not_found"],
  /** The record's rules (docs/architecture.md, The record's rules) each have their own code. */
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

/** The closed set as a zod enum: the `error` of every error body. */
export const apiErrorCode = z.enum(API_ERROR_CODES);

const STATUS_OF = new Map<string, ApiErrorStatus>(
  STATUSES.flatMap((s) => ERROR_CODES_BY_STATUS[s].map((code) => [code, s] as const)),
);

/** The one status a code is answered with. */
export const statusOf = (code: ApiErrorCode): ApiErrorStatus => STATUS_OF.get(code)!;

export const isApiErrorCode = (value: unknown): value is ApiErrorCode =>
  typeof value === "string" && STATUS_OF.has(value);

export const isApiErrorStatus = (status: number): status is ApiErrorStatus => status in ERROR_CODES_BY_STATUS;

/**
 * The generic code of a status, for a failure without a code of its own. A status outside the
 * table (none the app answers today) gets the generic code of its class, so the set stays closed.
 */
export function codeForStatus(status: number): ApiErrorCode {
  if (isApiErrorStatus(status)) return ERROR_CODES_BY_STATUS[status][0];
  return status >= 500 ? "internal_error" : "bad_request";
}

/**
 * 'Too many attempts' (docs/architecture.md, The record's rules): the one wording of every 429, the
 * API's own (server/src/http-errors.ts) and the web's. Stated in the zod-free rules module, so the
 * sign-in page can word the auth service's 429s without loading zod (docs/decisions/0140).
 */
export { tooManyAttemptsMessage } from "./rules";
