import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { createQueryClient, retryDelay, shouldRetry } from "./query-client";

describe("query defaults (requirements §9)", () => {
  it("retries 3 times with exponential delay from 1 s capped at 30 s, dropping unused data after 5 minutes", () => {
    expect([0, 1, 2, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
    const defaults = createQueryClient().getDefaultOptions().queries!;
    expect(defaults.retry).toBe(shouldRetry);
    expect(defaults.gcTime).toBe(300_000);
  });

  it("never retries a client error: 403 (insufficient_aal or Forbidden), 429, 400, 401, 404, 409", () => {
    for (const [status, code] of [
      [403, "insufficient_aal"],
      [403, "forbidden"],
      [429, "too_many_requests"],
      [400, "bad_request"],
      [401, "unauthorized"],
      [404, "not_found"],
      [409, "conflict"],
    ] as const) {
      expect(shouldRetry(0, new ApiError("refused", status, code)), `${status} ${code}`).toBe(false);
    }
  });

  it("retries server errors and network failures up to 3 times", () => {
    for (const error of [
      new ApiError("down", 500),
      new ApiError("bad gateway", 502),
      new ApiError("unavailable", 503),
      new TypeError("Failed to fetch"),
    ]) {
      expect([0, 1, 2, 3].map((n) => shouldRetry(n, error))).toEqual([true, true, true, false]);
    }
  });

  /** How many times a query whose every call fails with `error` is called by the app's client. */
  async function callsUntilGivenUp(error: Error): Promise<number> {
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
    let calls = 0;
    await client
      .fetchQuery({
        queryKey: ["failing", error.message],
        queryFn: () => {
          calls += 1;
          throw error;
        },
      })
      .catch(() => undefined);
    return calls;
  }

  it("through a real QueryClient: a 403 or 429 is asked once, a 503 four times (1 + 3 retries)", async () => {
    expect(await callsUntilGivenUp(new ApiError("A second factor is required", 403, "insufficient_aal"))).toBe(1);
    expect(
      await callsUntilGivenUp(new ApiError("Too many attempts, try again in 5 minutes", 429, "too_many_requests")),
    ).toBe(1);
    expect(await callsUntilGivenUp(new ApiError("unavailable", 503))).toBe(4);
  });
});
