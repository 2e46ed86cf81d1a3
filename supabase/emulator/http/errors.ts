// Writes an ApiError the way GoTrue does (api/errors.go HandleResponseError): requests that
// announce X-Supabase-Api-Version ≥ 2024-01-01 (supabase-js always does) get `{code, message}`;
// others (curl, browser navigations) get the legacy `{code: <status>, error_code, msg}`.
import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../errors";

export const API_VERSION = "2024-01-01";

function wantsNewFormat(req: FastifyRequest): boolean {
  const v = req.headers["x-supabase-api-version"];
  const value = Array.isArray(v) ? v[0] : v;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return Date.parse(`${value}T00:00:00Z`) >= Date.parse(`${API_VERSION}T00:00:00Z`);
}

function errorBody(req: FastifyRequest, err: ApiError): Record<string, unknown> {
  return wantsNewFormat(req)
    ? { code: err.code, message: err.message, ...err.extra }
    : { code: err.status, error_code: err.code, msg: err.message, ...err.extra };
}

export function sendApiError(req: FastifyRequest, reply: FastifyReply, err: ApiError): FastifyReply {
  return reply
    .status(err.status)
    .header("x-sb-error-code", err.code)
    .type("application/json")
    .send(errorBody(req, err));
}

/** Maps Fastify's own failures (bad JSON, body too large, …) onto GoTrue codes. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as { statusCode?: number; code?: string; message?: string };
  if (e.code === "FST_ERR_CTP_BODY_TOO_LARGE")
    return new ApiError(413, "request_entity_too_large", "Request body too large");
  if (e.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE")
    return new ApiError(415, "validation_failed", "Unsupported Content-Type");
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500)
    return new ApiError(e.statusCode, "validation_failed", e.message ?? "Bad request");
  return new ApiError(500, "unexpected_failure", "Unexpected failure, please check server logs for more information");
}
