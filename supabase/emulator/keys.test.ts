// The key ring remembers the tokens it signed or verified: what it answers for them must be what a full
// check answers, which another ring on the same signing key (one that remembers nothing yet) gives.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { KeyRing } from "./keys";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-keys-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.useRealTimers());

const ring = (hs256UserTokens: boolean) =>
  KeyRing.load({ dataDir: dir, jwtSecret: "s".repeat(40), issuer: "http://127.0.0.1/auth/v1", hs256UserTokens });
const claims = { sub: "00000000-0000-4000-8000-000000000001", role: "authenticated", app_metadata: { a: [1] } };
const outcome = (p: Promise<unknown>) =>
  p.then(
    (payload) => ({ payload }),
    (err: Error & { code?: string }) => ({ code: err.code, message: err.message }),
  );

describe.each([false, true])("a token the ring signed (HS256 user tokens: %s)", (hs256) => {
  /** A full check: a ring that has seen no token yet. */
  const fully = async (token: string) => outcome((await ring(hs256)).verify(token));

  it("verifies to the claims a full check reads, each time a new object", async () => {
    const issuer = await ring(hs256);
    const now = Math.floor(Date.now() / 1000);
    const token = await issuer.signUserToken(claims, now + 60, now);
    const first = await issuer.verify(token);
    expect({ payload: first }).toEqual(await fully(token));
    expect(first).toMatchObject({ ...claims, iat: now, exp: now + 60 });
    (first.app_metadata as { a: number[] }).a.push(2);
    expect(await outcome(issuer.verify(token))).toEqual(await fully(token));
  });

  it("is refused as expired from its exp second on, as a full check refuses it, by a ring that verified it too", async () => {
    const issuer = await ring(hs256);
    const now = Math.floor(Date.now() / 1000);
    const token = await issuer.signUserToken(claims, now + 60, now);
    const verifier = await ring(hs256);
    await verifier.verify(token);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime((now + 59) * 1000 + 999);
    expect(await outcome(issuer.verify(token))).toEqual(await fully(token));
    vi.setSystemTime((now + 60) * 1000);
    const expired = await outcome(issuer.verify(token));
    expect(expired).toEqual(await fully(token));
    expect(expired).toMatchObject({ code: "bad_jwt", message: expect.stringMatching(/token is expired$/) });
    expect(await outcome(verifier.verify(token))).toEqual(expired);
  });

  it("with one character changed is refused, as a full check refuses it", async () => {
    const issuer = await ring(hs256);
    const now = Math.floor(Date.now() / 1000);
    const token = await issuer.signUserToken(claims, now + 60, now);
    await issuer.verify(token);
    const last = token.at(-2) === "A" ? "B" : "A";
    const altered = `${token.slice(0, -2)}${last}${token.at(-1)}`;
    const refused = await outcome(issuer.verify(altered));
    expect(refused).toEqual(await fully(altered));
    expect(refused).toMatchObject({ code: "bad_jwt" });
  });
});
