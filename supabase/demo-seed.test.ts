import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD, DEMO_PASSWORD_HASH } from "./demo-seed";

describe("demo seed", () => {
  it("ships a cost-10 bcrypt hash of the documented demo password", async () => {
    expect(bcrypt.getRounds(DEMO_PASSWORD_HASH)).toBe(10);
    expect(await bcrypt.compare(DEMO_PASSWORD, DEMO_PASSWORD_HASH)).toBe(true);
  });
});
