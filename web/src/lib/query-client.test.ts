import { describe, expect, it } from "vitest";
import { createQueryClient, retryDelay } from "./query-client";

describe("query defaults (spec §9)", () => {
  it("retries 3 times with exponential delay from 1 s capped at 30 s, dropping unused data after 5 minutes", () => {
    expect([0, 1, 2, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
    const defaults = createQueryClient().getDefaultOptions().queries!;
    expect(defaults.retry).toBe(3);
    expect(defaults.gcTime).toBe(300_000);
  });
});
