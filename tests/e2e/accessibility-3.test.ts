// axe on part 3 of the screen catalogue (tests/e2e/accessibility-suite.ts): every screen and
// dialog of the product, both widths, both themes, 0 violations. The parts run side by side.
import { describeAccessibilityPart } from "./accessibility-suite";

describeAccessibilityPart(3);
