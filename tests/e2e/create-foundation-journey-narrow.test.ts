// A new founder creates a foundation in a real browser (tests/e2e/create-foundation-suite.ts),
// the same journey as create-foundation-journey-wide at 375 px in the dark theme.
import { describe, it } from "vitest";
import { setupE2E } from "../support/e2e-harness";
import { walkCreation } from "./create-foundation-suite";

const e2e = setupE2E();

describe("create a foundation (browser)", () => {
  it("the same journey at 375 px (dark)", async () => {
    await walkCreation(e2e, 375, "dark");
  });
});
