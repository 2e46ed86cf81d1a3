// A new founder creates a foundation in a real browser (tests/e2e/create-foundation-suite.ts):
// dashboard → choose strategy → the five steps (identity check in the widget, owners added, edited
// and deleted) → Approve, at 1280 px in the light theme. The 375 px journey and the resumed screens
// are files of their own (create-foundation-journey-narrow, create-foundation-resume).
import { describe, it } from "vitest";
import { setupE2E } from "../support/e2e-harness";
import { walkCreation } from "./create-foundation-suite";

const e2e = setupE2E();

describe("create a foundation (browser)", () => {
  it("walks a new founder from the dashboard through all five steps to Approve (1280 px, light)", async () => {
    await walkCreation(e2e, 1280, "light");
  });
});
