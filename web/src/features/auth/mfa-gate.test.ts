import { describe, expect, it } from "vitest";
import { decideGate } from "./mfa-gate";

describe("second-factor gate decisions (requirements §4)", () => {
  const gate = (currentLevel: string, nextLevel: string, skipped = false, resetMode = false) =>
    decideGate({ currentLevel, nextLevel, skipped, resetMode });

  it("enrols when aal1→aal1 and not skipped; passes when skipped", () => {
    expect(gate("aal1", "aal1")).toBe("mfa-enroll");
    expect(gate("aal1", "aal1", true)).toBe("passed");
  });

  it("verifies when aal1→aal2, skipped or not", () => {
    expect(gate("aal1", "aal2")).toBe("mfa-verify");
    expect(gate("aal1", "aal2", true)).toBe("mfa-verify");
  });

  it("passes at aal2", () => {
    expect(gate("aal2", "aal2")).toBe("passed");
  });

  it("in reset mode: verify first when needed, otherwise reset-password", () => {
    expect(gate("aal1", "aal2", false, true)).toBe("mfa-verify");
    expect(gate("aal1", "aal1", false, true)).toBe("reset-password");
    expect(gate("aal2", "aal2", false, true)).toBe("reset-password");
  });
});
