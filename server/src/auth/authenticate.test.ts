import { describe, expect, it } from "vitest";
import { createAuthenticator } from "./authenticate";
import { InvalidTokenError, type TokenVerifier } from "./verify-token";
import { RevokedSessionError, type SessionCheck, type SessionStatus } from "./session-check";

const T0 = 1_700_000_000_000;

/** Tokens named "<user>:<exp seconds>:<aal>"; the session check answers from a mutable table. */
function fakes(clock: { now: number }) {
  const verified: string[] = [];
  const checked: string[] = [];
  const sessions = new Map<string, SessionStatus | "revoked">();
  const verify: TokenVerifier = async (token) => {
    verified.push(token);
    const [user, exp, aal] = token.split(":");
    if (!user || Number(exp) * 1000 <= clock.now) throw new InvalidTokenError("bad or expired");
    return {
      userId: user,
      email: null,
      roles: ["user", "admin"],
      aal: aal ?? "aal1",
      claims: { sub: user, exp: Number(exp) },
    };
  };
  const check: SessionCheck = async (token) => {
    checked.push(token);
    const status = sessions.get(token.split(":")[0]!) ?? { roles: ["user", "admin"], hasVerifiedFactor: false };
    if (status === "revoked") throw new RevokedSessionError("signed out");
    return status;
  };
  return { verify, check, verified, checked, sessions };
}

describe("authenticate: verified tokens and confirmed sessions, remembered briefly", () => {
  it("asks once per token within the lifetime, then again; never past the token's exp", async () => {
    const clock = { now: T0 };
    const f = fakes(clock);
    const auth = createAuthenticator(f.verify, f.check, { ttlMs: 30_000, now: () => clock.now });
    const token = `u1:${T0 / 1000 + 3600}:aal1`;
    await auth(token);
    clock.now += 29_000;
    await auth(token);
    expect(f.checked).toHaveLength(1);
    clock.now += 2_000;
    await auth(token);
    expect(f.checked).toHaveLength(2);

    const shortLived = `u2:${clock.now / 1000 + 5}:aal1`;
    await auth(shortLived);
    clock.now += 5_000;
    await expect(auth(shortLived)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it("sees a sign-out, a removed role and a new factor once the lifetime has passed, and never remembers a refusal", async () => {
    const clock = { now: T0 };
    const f = fakes(clock);
    const auth = createAuthenticator(f.verify, f.check, { ttlMs: 30_000, now: () => clock.now });
    const token = `u1:${T0 / 1000 + 3600}:aal1`;
    expect(await auth(token)).toMatchObject({ roles: ["user", "admin"], needsSecondFactor: false });

    f.sessions.set("u1", { roles: ["user"], hasVerifiedFactor: true });
    expect((await auth(token)).roles).toEqual(["user", "admin"]); // still inside the lifetime
    clock.now += 30_000;
    expect(await auth(token)).toMatchObject({ roles: ["user"], needsSecondFactor: true });
    expect(await auth(`u1:${T0 / 1000 + 3600}:aal2`)).toMatchObject({ needsSecondFactor: false });

    f.sessions.set("u1", "revoked");
    clock.now += 30_000;
    await expect(auth(token)).rejects.toBeInstanceOf(RevokedSessionError);
    await expect(auth(token)).rejects.toBeInstanceOf(RevokedSessionError);
    expect(f.checked.filter((t) => t === token)).toHaveLength(4);
  });

  it("gives only the roles the token carries that the user still holds", async () => {
    const clock = { now: T0 };
    const f = fakes(clock);
    f.sessions.set("u1", { roles: ["user", "super"], hasVerifiedFactor: false });
    const auth = createAuthenticator(f.verify, f.check, { ttlMs: 30_000, now: () => clock.now });
    expect((await auth(`u1:${T0 / 1000 + 60}:aal1`)).roles).toEqual(["user"]);
  });

  it("serves only the exact token it verified: another token with the same signature segment is verified anew", async () => {
    const clock = { now: T0 };
    const f = fakes(clock);
    const auth = createAuthenticator(f.verify, f.check, { ttlMs: 30_000, now: () => clock.now });
    const exp = T0 / 1000 + 3600;
    // Header.payload.signature: the cache is keyed by the last segment, a hit needs the whole token.
    const token = `u1:${exp}:aal1.sig`;
    const tampered = `u2:${exp}:aal1.sig`;
    expect((await auth(token)).userId).toBe("u1");
    expect((await auth(tampered)).userId).toBe("u2");
    expect(f.verified).toEqual([token, tampered]);
    await expect(auth(`:${exp}:aal1.sig`)).rejects.toBeInstanceOf(InvalidTokenError);
    expect((await auth(tampered)).userId).toBe("u2");
    expect(f.verified).toHaveLength(3);
  });

  it("forgets a user's tokens on request, and a zero lifetime remembers nothing", async () => {
    const clock = { now: T0 };
    const f = fakes(clock);
    const auth = createAuthenticator(f.verify, f.check, { ttlMs: 30_000, now: () => clock.now });
    const a = `u1:${T0 / 1000 + 60}:aal1`;
    const b = `u2:${T0 / 1000 + 60}:aal1`;
    await auth(a);
    await auth(b);
    auth.forgetUser("u1");
    await auth(a);
    await auth(b);
    expect(f.checked).toEqual([a, b, a]);

    const uncached = createAuthenticator(f.verify, f.check, { ttlMs: 0, now: () => clock.now });
    await uncached(a);
    await uncached(a);
    expect(f.checked).toEqual([a, b, a, a, a]);
  });
});
