import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthHarness, type AuthHarness } from "./harness";

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
});
afterAll(async () => h?.close());

describe("smoke", () => {
  it("signs in the seeded founder", async () => {
    const c = h.client();
    const { data, error } = await c.auth.signInWithPassword({ email: "founder@example.com", password: "Founder!2026" });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    const { data: u, error: e2 } = await c.auth.getUser();
    expect(e2).toBeNull();
    expect(u.user?.email).toBe("founder@example.com");
  });
});
