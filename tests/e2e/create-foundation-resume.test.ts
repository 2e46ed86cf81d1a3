// Every creation screen resumes a founder's saved data (tests/e2e/create-foundation-suite.ts).
// The journeys (create-foundation-journey-wide and -narrow) cover 1280/light and 375/dark; these
// are the other two pairings of every screen, resumed from data entered through the API (which
// also shows each step reloads it).
import { describe, it } from "vitest";
import { setupE2E } from "../support/e2e-harness";
import { resumeSavedData } from "./create-foundation-suite";

const e2e = setupE2E();

describe("create a foundation (browser)", () => {
  for (const [width, theme] of [
    [375, "light"],
    [1280, "dark"],
  ] as const) {
    it(`every creation screen resumes saved data (${width} px, ${theme})`, async () => {
      await resumeSavedData(e2e, width, theme);
    });
  }
});
