import { describe, expect, it } from "vitest";
import { withVerifiedTokenCache } from "./token-cache";
import { InvalidTokenError, type TokenVerifier, type VerifiedToken } from "./verify-token";

const T0 = 1_700_000_000_000;

/** A verifier that accepts tokens named "ok:<exp seconds>" and counts its calls. */
function countingVerifier(clock: { now: number }) {
  const calls: string[] = [];
  const verify: TokenVerifier = async (token) => {
    calls.push(token);
    const [kind, exp] = token.split(":");
    if (kind !== "ok" || Number(exp) * 1000 <= clock.now) throw new InvalidTokenError("bad or expired");
    const verified: VerifiedToken = { userId: token, email: null, roles: ["user"], claims: { sub: token, exp: Number(exp) } };
    return verified;
  };
  return { verify, calls };
}

describe("verified-token cache", () => {
  it("verifies a token once while it stays valid and inside the TTL", async () => {
    const clock = { now: T0 };
    const inner = countingVerifier(clock);
    const cached = withVerifiedTokenCache(inner.verify, { ttlMs: 60_000, now: () => clock.now });
    const token = `ok:${T0 / 1000 + 3600}`;
    const first = await cached(token);
    clock.now += 59_000;
    expect(await cached(token)).toBe(first);
    expect(inner.calls).toHaveLength(1);
    clock.now += 2_000; // past the TTL: verified again
    await cached(token);
    expect(inner.calls).toHaveLength(2);
  });

  it("refuses a cached token once its exp has passed", async () => {
    const clock = { now: T0 };
    const inner = countingVerifier(clock);
    const cached = withVerifiedTokenCache(inner.verify, { ttlMs: 60_000, now: () => clock.now });
    const token = `ok:${T0 / 1000 + 10}`;
    await cached(token);
    clock.now += 10_000; // exactly exp: jose refuses from this millisecond on
    await expect(cached(token)).rejects.toBeInstanceOf(InvalidTokenError);
    expect(inner.calls).toHaveLength(2);
  });

  it("never caches a failure", async () => {
    const clock = { now: T0 };
    const inner = countingVerifier(clock);
    const cached = withVerifiedTokenCache(inner.verify, { now: () => clock.now });
    await expect(cached("forged")).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(cached("forged")).rejects.toBeInstanceOf(InvalidTokenError);
    expect(inner.calls).toEqual(["forged", "forged"]);
  });

  it("evicts the least recently used token when full", async () => {
    const clock = { now: T0 };
    const inner = countingVerifier(clock);
    const cached = withVerifiedTokenCache(inner.verify, { maxEntries: 2, now: () => clock.now });
    const exp = T0 / 1000 + 3600;
    const [a, b, c] = [`ok:${exp}:a`, `ok:${exp}:b`, `ok:${exp}:c`];
    await cached(a);
    await cached(b);
    await cached(a); // a is now the most recently used
    await cached(c); // evicts b
    expect(inner.calls).toEqual([a, b, c]);
    await cached(a);
    await cached(b);
    expect(inner.calls).toEqual([a, b, c, b]);
  });
});
