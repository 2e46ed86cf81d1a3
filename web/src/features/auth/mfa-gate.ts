// Requirements §4 "Second-factor gate": what a signed-in session must do next.
import type { AuthView } from "./views";

// supabase-js types the level as an open string; only aal1 and aal2 matter here.
export type AssuranceLevel = string | null | undefined;
export type GateDecision = Extract<AuthView, "mfa-enroll" | "mfa-verify" | "reset-password"> | "passed";

export function decideGate(input: {
  currentLevel: AssuranceLevel;
  nextLevel: AssuranceLevel;
  skipped: boolean;
  resetMode: boolean;
}): GateDecision {
  const needsVerify = input.currentLevel === "aal1" && input.nextLevel === "aal2";
  if (input.resetMode) return needsVerify ? "mfa-verify" : "reset-password";
  if (needsVerify) return "mfa-verify";
  if (input.currentLevel === "aal1" && input.nextLevel === "aal1" && !input.skipped) return "mfa-enroll";
  return "passed";
}
