// Every way a failure leaves the app becomes a body whose `error` is a code of the closed set
// (contract/errors.ts) with that code's status, through the documented per-status schemas and the
// checking serializer the app uses.
import Fastify, { type FastifyInstance } from "fastify";
import { z } from "zod";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorsPlugin } from "./errors";
import { apiErrorFor, person } from "../contract/entities";
import { COMPLETE_PROFILE } from "../contract/test-fixtures";
import { ERROR_CODES_BY_STATUS, apiErrorCode, statusOf, type ApiErrorCode } from "../contract/errors";
import {
  badGateway,
  conflict,
  forbidden,
  insufficientAal,
  invalid,
  notFound,
  recordRule,
  serviceUnavailable,
  tooManyRequests,
  unauthorized,
  type RecordRule,
} from "../errors";
import { errors } from "../routes/shared";

let app: FastifyInstance;

/** Each route throws one failure; the expected code is the route's name. */
const THROWN: Record<string, { code: ApiErrorCode; error: () => unknown }> = {
  "http-unauthorized": { code: "unauthorized", error: () => unauthorized() },
  "http-aal": { code: "insufficient_aal", error: () => insufficientAal() },
  "http-unavailable": { code: "service_unavailable", error: () => serviceUnavailable("down") },
  "http-gateway": { code: "bad_gateway", error: () => badGateway("upstream down") },
  "http-too-many": { code: "too_many_requests", error: () => tooManyRequests(61) },
  "domain-not-found": { code: "not_found", error: () => notFound("Person") },
  "domain-invalid": { code: "bad_request", error: () => invalid("email", "Email already exists") },
  "domain-conflict": { code: "conflict", error: () => conflict("Already there", "strategy_type") },
  "domain-forbidden": { code: "forbidden", error: () => forbidden() },
  "domain-rule": {
    code: "incomplete_entry",
    error: () => recordRule("incomplete_entry", "Not yet", { missing: ["organization"] }),
  },
  // Every record rule is a 409 code of the contract, answered with its own code.
  ...Object.fromEntries(
    ERROR_CODES_BY_STATUS[409]
      .filter((c): c is RecordRule => c !== "conflict")
      .map((rule) => [`domain-rule-${rule}`, { code: rule, error: () => recordRule(rule, "Refused") }]),
  ),
  "db-out-of-range": {
    code: "bad_request",
    error: () => Object.assign(new Error("value out of range for type integer"), { code: "22003" }),
  },
  "db-unique": {
    code: "conflict",
    error: () => Object.assign(new Error("UNIQUE constraint failed"), { code: "SQLITE_CONSTRAINT_UNIQUE" }),
  },
  "db-constraint": {
    code: "bad_request",
    error: () => Object.assign(new Error("FOREIGN KEY constraint failed"), { code: "23503" }),
  },
  "db-busy": {
    code: "database_unavailable",
    error: () => Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" }),
  },
  "client-415": {
    code: "unsupported_media_type",
    error: () => Object.assign(new Error("Unsupported Media Type"), { statusCode: 415 }),
  },
  "client-429": {
    code: "too_many_requests",
    error: () => Object.assign(new Error("Rate limit exceeded, retry in 1 minute"), { statusCode: 429 }),
  },
  "client-other-4xx": {
    code: "bad_request",
    error: () => Object.assign(new Error("Request Timeout"), { statusCode: 408 }),
  },
  unexpected: { code: "internal_error", error: () => new Error("boom") },
};

beforeAll(async () => {
  app = Fastify({ bodyLimit: 64 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin, {});
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Documented the way the routes document them, so the checking serializer sees every body.
  const response = {
    200: z.object({ ok: z.literal(true) }),
    ...errors,
    415: apiErrorFor(415),
    429: apiErrorFor(429),
    500: apiErrorFor(500),
    502: apiErrorFor(502),
  };
  for (const [name, { error }] of Object.entries(THROWN)) {
    api.get(`/throw/${name}`, { schema: { response } }, async () => {
      throw error();
    });
  }
  api.post("/validated", { schema: { body: z.object({ email: z.string() }), response } }, async () => ({
    ok: true as const,
  }));
  // What the contract forbids a response to say: an SSN that is not masked.
  const leaky = { ...COMPLETE_PROFILE, ssn: "123456789", email: null, address_line2: null };
  const stored = { person_id: 1, account_id: 1, account_primary_holder: true, is_addon: false };
  const system = { sumsub_applicant_id: null, sumsub_completed_at: null, sumsub_review_answer: null };
  const times = { sumsub_email_sent_at: null, created_at: "2026-01-01T00:00:00", updated_at: "2026-01-01T00:00:00" };
  api.get("/leaky", { schema: { response: { 200: person, 500: apiErrorFor(500) } } }, async () => ({
    ...leaky,
    ...stored,
    ...system,
    ...times,
  }));
  await app.ready();
});
afterAll(async () => app.close());

function expectCoded(res: { statusCode: number; json: () => unknown }, code: ApiErrorCode) {
  const body = res.json() as { error: unknown; message: unknown };
  expect(apiErrorCode.safeParse(body.error).success, JSON.stringify(body)).toBe(true);
  expect(body).toMatchObject({ error: code, message: expect.any(String) });
  return body;
}

describe("the error plugin's bodies", () => {
  it("answers a response that breaks its contract (an unmasked SSN) with a 500 that says nothing of it", async () => {
    const res = await app.inject({ url: "/leaky" });
    expect(res.statusCode).toBe(500);
    expectCoded(res, "internal_error");
    expect(res.body).not.toContain("123456789");
  });

  it.each(Object.entries(THROWN))("%s answers its code with the code's status", async (name, { code }) => {
    const res = await app.inject({ url: `/throw/${name}` });
    expectCoded(res, code);
    // An unknown 4xx keeps its status; every other code answers with its own.
    expect(res.statusCode).toBe(name === "client-other-4xx" ? 408 : statusOf(code));
  });

  it("answers the typed 429 with Retry-After and the one 'Too many attempts' wording, in whole minutes", async () => {
    const res = await app.inject({ url: "/throw/http-too-many" });
    expect(res.json()).toEqual({
      error: "too_many_requests",
      message: "Too many attempts, try again in 2 minutes",
      request_id: expect.any(String),
    });
    expect(res.headers["retry-after"]).toBe("61");
    expect(tooManyRequests(0.2).message).toBe("Too many attempts, try again in 1 minute");
    expect(tooManyRequests(0.2).headers).toEqual({ "retry-after": "1" });
  });

  it("keeps a domain error's field and the extra facts of a record rule", async () => {
    expect((await app.inject({ url: "/throw/domain-invalid" })).json()).toEqual({
      error: "bad_request",
      message: "Email already exists",
      field: "email",
      request_id: expect.any(String),
    });
    expect((await app.inject({ url: "/throw/domain-rule" })).json()).toEqual({
      error: "incomplete_entry",
      message: "Not yet",
      missing: ["organization"],
      request_id: expect.any(String),
    });
  });

  it("names the field of a validation failure, and answers Fastify's own 413 and 415 and an unknown route with their codes", async () => {
    const bad = await app.inject({ method: "POST", url: "/validated", payload: { email: 3 } });
    expect(bad.statusCode).toBe(400);
    expect(expectCoded(bad, "bad_request")).toMatchObject({ field: "email" });
    const big = await app.inject({ method: "POST", url: "/validated", payload: { email: "x".repeat(100) } });
    expect(big.statusCode).toBe(413);
    expectCoded(big, "payload_too_large");
    const text = await app.inject({
      method: "POST",
      url: "/validated",
      payload: "<a/>",
      headers: { "content-type": "application/xml" },
    });
    expect(text.statusCode).toBe(415);
    expectCoded(text, "unsupported_media_type");
    const missing = await app.inject({ url: "/nothing-here" });
    expect(missing.statusCode).toBe(404);
    expectCoded(missing, "not_found");
  });
});
