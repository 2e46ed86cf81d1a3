import { describe, expect, it } from "vitest";
import { API_ERROR_CODES, ERROR_CODES_BY_STATUS, codeForStatus, isApiErrorCode, statusOf } from "./errors";
import { isBlank } from "./required-fields";

describe("the error vocabulary", () => {
  it("is snake_case codes, each answered with exactly one status", () => {
    for (const code of API_ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(new Set(API_ERROR_CODES).size).toBe(API_ERROR_CODES.length);
    for (const [status, codes] of Object.entries(ERROR_CODES_BY_STATUS))
      for (const code of codes) expect(statusOf(code)).toBe(Number(status));
  });

  it("gives a status without a code of its own its generic code, and keeps the set closed for any other status", () => {
    expect([400, 401, 403, 404, 409, 413, 415, 429, 500, 502, 503].map(codeForStatus)).toEqual([
      "bad_request",
      "unauthorized",
      "forbidden",
      "not_found",
      "conflict",
      "payload_too_large",
      "unsupported_media_type",
      "too_many_requests",
      "internal_error",
      "bad_gateway",
      "service_unavailable",
    ]);
    expect(codeForStatus(408)).toBe("bad_request");
    expect(codeForStatus(504)).toBe("internal_error");
  });

  it("tells its codes from reason phrases", () => {
    expect(isApiErrorCode("not_found")).toBe(true);
    for (const other of ["Not Found", "Bad Request", "toString", "", 404, null])
      expect(isApiErrorCode(other)).toBe(false);
  });
});

describe("blank", () => {
  it("is absent or only whitespace, for the contract and the domain alike", () => {
    for (const value of [undefined, null, "", " ", "\t\n "]) expect(isBlank(value), JSON.stringify(value)).toBe(true);
    for (const value of ["a", " a ", "0"]) expect(isBlank(value)).toBe(false);
  });
});
