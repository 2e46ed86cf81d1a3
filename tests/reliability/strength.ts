// How hard the reliability suites push: CI's default runs are short; `npm run reliability` sets
// RELIABILITY_STRENGTH=full and the same code runs at the strength docs/reliability.md states (at least 100
// SIGKILLs of the app, 30 of the auth emulator, 10,000 fuzz cases). Only the counts change.
import { scaled } from "../support/machine";
type Strength = "ci" | "full";

const STRENGTH: Strength = process.env.RELIABILITY_STRENGTH === "full" ? "full" : "ci";

const SETTINGS = {
  ci: { appKills: 4, authKills: 3, fuzzRunsPerRoute: 24, recordRuleFuzzRuns: 120 },
  // 34 fuzzed operations × 300 + 300 record-rule cases > 10,000.
  full: { appKills: 100, authKills: 30, fuzzRunsPerRoute: 300, recordRuleFuzzRuns: 600 },
} as const;

export const RELIABILITY = SETTINGS[STRENGTH];

/** A test's time limit for `units` units of work of about `perUnitMs` each (never below the CI limit), for this machine. */
export function timeLimit(units: number, perUnitMs: number, floorMs: number): number {
  return scaled(Math.max(floorMs, units * perUnitMs));
}
