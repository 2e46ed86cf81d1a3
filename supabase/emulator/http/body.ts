// Request-body and query helpers. GoTrue unmarshals JSON loosely: unknown fields (captcha
// metadata, `code_challenge: null`, the whole `options` object of verifyOtp) are ignored.
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { validationFailed } from "../errors";

export function parseBody<S extends z.ZodType>(schema: S, req: FastifyRequest): z.infer<S> {
  const raw = req.body ?? {};
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw validationFailed(
      `Could not read request body: ${issue ? `${issue.path.join(".") || "body"} ${issue.message}` : "invalid"}`,
    );
  }
  return parsed.data;
}

export function queryParam(req: FastifyRequest, name: string): string | undefined {
  const value = (req.query as Record<string, unknown> | undefined)?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" && first !== "" ? first : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);
