// What every error answer of the API must be (docs/decisions/0030-one-error-vocabulary.md): a body
// whose `error` is a code of the closed set (server/src/contract/errors.ts), answered with that
// code's status, and, given the route's operation, a code the OpenAPI document lists for it.
import { expect } from "vitest";
import { isApiErrorCode, statusOf } from "../../server/src/contract/errors";
import type { Operation } from "./openapi";

export function expectApiError(status: number, body: unknown, op?: Operation, context = ""): void {
  const where = `${context ? `${context}: ` : ""}${status} ${JSON.stringify(body)}`;
  expect(status, where).toBeGreaterThanOrEqual(400);
  const error = (body as { error?: unknown } | undefined)?.error;
  expect(isApiErrorCode(error), `${where}: error is not a code of the closed set`).toBe(true);
  expect(
    statusOf(error as Parameters<typeof statusOf>[0]),
    `${where}: answered with another status than its code's`,
  ).toBe(status);
  expect(typeof (body as { message?: unknown }).message, where).toBe("string");
  if (op)
    expect(op.errorCodes[status] ?? [], `${where}: ${op.key} does not document this code for ${status}`).toContain(
      error,
    );
}
