// The machine factor: read from the environment (workers inherit it), never below 1, measured when
// missing.
import { afterEach, describe, expect, it, vi } from "vitest";
import { MACHINE_FACTOR_ENV, calibrateMachine, machineFactor, scaled } from "./machine";

afterEach(() => vi.unstubAllEnvs());

describe("scaled()", () => {
  it("multiplies a limit by the run's factor", () => {
    vi.stubEnv(MACHINE_FACTOR_ENV, "3.5");
    expect(scaled(30_000)).toBe(105_000);
    expect(machineFactor()).toBe(3.5);
  });

  it("never tightens a limit: no factor, a factor below 1 or garbage all mean 1", () => {
    for (const value of [undefined, "0.4", "fast", ""]) {
      vi.stubEnv(MACHINE_FACTOR_ENV, value);
      expect(scaled(1_000)).toBe(1_000);
    }
  });
});

describe("calibrateMachine()", () => {
  it("keeps a factor the environment already has (set by hand, or by the run that started this one)", async () => {
    vi.stubEnv(MACHINE_FACTOR_ENV, "2");
    expect(await calibrateMachine()).toMatch(/^machine factor 2\.0 \(from FF_MACHINE_FACTOR\)/);
    expect(machineFactor()).toBe(2);
  });

  it("measures one when there is none, and publishes it for the workers", async () => {
    vi.stubEnv(MACHINE_FACTOR_ENV, undefined);
    const line = await calibrateMachine();
    const [, factor, rate] = /^machine factor (\d+\.\d) \(a 400 ms CPU loop on 2 threads did (\d+) steps\/ms/.exec(
      line,
    )!;
    expect(Number(factor)).toBeGreaterThanOrEqual(1);
    expect(Number(rate)).toBeGreaterThan(0);
    expect(machineFactor()).toBe(Number(factor));
  });
});
