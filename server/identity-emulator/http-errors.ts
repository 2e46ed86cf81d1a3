// Errors in Sumsub's shape: `{description, code, correlationId, errorCode?, errorName?}` with the
// HTTP status as `code`, and request parsing that refuses what Sumsub refuses.
import { randomUUID } from "node:crypto";
import type { z } from "zod";

export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function errorBody(
  status: number,
  description: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { description, code: status, correlationId: `req-${randomUUID()}`, ...extra };
}

export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success)
    throw new HttpError(
      400,
      `Invalid request: ${r.error.issues.map((i) => `${i.path.join(".") || "body"} ${i.message}`).join("; ")}`,
    );
  return r.data;
}

/** Bodies arrive as raw bytes (signatures cover them); an empty one reads as `{}`. */
export function jsonBody(raw: unknown): unknown {
  if (!Buffer.isBuffer(raw) || raw.length === 0) return {};
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    throw new HttpError(400, "Request body is not valid JSON");
  }
}

/** The raw bytes of a request body as the listener kept them (empty when there was none). */
export const rawBody = (body: unknown): Buffer => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
