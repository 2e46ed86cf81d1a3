// Request ids are a per-instance random prefix plus a counter (plugins/observability.ts): each in
// a UUID's shape, never repeated by one instance, never shared by two.
import { describe, expect, it } from "vitest";
import { requestIdGenerator } from "./observability";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("requestIdGenerator", () => {
  it("gives ids in a UUID's shape, each new", () => {
    const next = requestIdGenerator();
    const ids = Array.from({ length: 5000 }, next);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("gives two instances (two apps, even in one process) ids that never meet", () => {
    const a = Array.from({ length: 1000 }, requestIdGenerator());
    const b = Array.from({ length: 1000 }, requestIdGenerator());
    const seen = new Set(a);
    expect(b.filter((id) => seen.has(id))).toEqual([]);
  });
});
