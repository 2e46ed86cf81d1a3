// The auth emulator under hostile input, over raw HTTP as an attacker would call it (not through
// supabase-js, which would stop at the first error): password and TOTP guessing run into GoTrue's
// rate limits (429 over_request_rate_limit, and then even the right secret is refused), a refresh
// token replayed after the reuse interval revokes its whole family, a redirect_to outside the allow
// list (also one a browser reads differently, `http://evil.example\@localhost:3000/`) is ignored
// for SITE_URL, and an oversized body gets 413.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_SUPABASE } from "../../server/src/config";
import { startAuthHarness, type AuthHarness } from "../support/auth-harness";
import { findLink } from "../support/mail";
import { secretFromUri, totpCode } from "../support/totp";
import { call, type CallOptions, type Reply } from "../support/http";
import { createAuthUser, type AuthUser } from "../support/founders";

const SIGN_IN_BUDGET = 6;
const VERIFY_BUDGET = 6;
const SITE_URL = "http://localhost:3000";

/** Default limits: refresh, redirect and body-limit checks. */
let h: AuthHarness;
/** Tight limits, so guessing runs into them within a few attempts. */
let tight: AuthHarness;
const tally = { attempts: 0, limited: 0 };

beforeAll(async () => {
  [h, tight] = await Promise.all([
    startAuthHarness({ configOverrides: { refreshTokenReuseInterval: 1, siteUrl: SITE_URL, googleEnabled: true } }),
    startAuthHarness({
      configOverrides: { rateLimit: { signInSignUps: SIGN_IN_BUDGET, tokenVerifications: VERIFY_BUDGET } },
    }),
  ]);
});
afterAll(async () => {
  console.log(`[reliability] auth emulator: ${tally.attempts} hostile attempts, ${tally.limited} answered 429`);
  await h?.close();
  await tight?.close();
});

/** Calls /auth/v1 the way supabase-js does (anon key, current error format). */
function auth(method: string, path: string, opts: CallOptions = {}, on: AuthHarness = h): Promise<Reply> {
  tally.attempts += 1;
  return call(on.url, method, `/auth/v1${path}`, {
    ...opts,
    headers: { apikey: LOCAL_SUPABASE.anonKey, "x-supabase-api-version": "2024-01-01", ...opts.headers },
  });
}

function expectRateLimited(res: Reply): void {
  expect(res.status, res.text).toBe(429);
  expect(res.json).toMatchObject({ code: "over_request_rate_limit" });
  expect(res.headers.get("x-sb-error-code")).toBe("over_request_rate_limit");
  tally.limited += 1;
}

/** Repeats a failing attempt until the first 429; every earlier answer must be the ordinary refusal. */
async function guessUntilLimited(
  attempt: () => Promise<Reply>,
  refusal: { status: number; code: string },
  budget: number,
): Promise<number> {
  for (let i = 1; i <= budget + 1; i++) {
    const res = await attempt();
    if (res.status === 429) {
      expectRateLimited(res);
      return i;
    }
    expect(res.status, res.text).toBe(refusal.status);
    expect(res.json).toMatchObject({ code: refusal.code });
  }
  throw new Error(`no 429 within ${budget + 1} attempts`);
}

describe("refresh tokens", () => {
  it("a refresh token reused after the reuse interval revokes the whole family", async () => {
    const user = await createAuthUser(h.url, { label: "reuse" });
    const refresh = (token: string) =>
      auth("POST", "/token", { query: { grant_type: "refresh_token" }, body: { refresh_token: token } });
    // Two rotations: GoTrue hands the active token back to a replay of its direct parent (a client
    // that lost the last answer), so the stolen token replayed here is the grandparent.
    let current = user.refreshToken;
    for (let i = 0; i < 2; i++) {
      const rotated = await refresh(current);
      expect(rotated.status, rotated.text).toBe(200);
      current = (rotated.json as { refresh_token: string }).refresh_token;
    }
    await new Promise((r) => setTimeout(r, 1_200)); // past refresh_token_reuse_interval (1 s here)
    const replay = await refresh(user.refreshToken);
    expect(replay.status, replay.text).toBe(400);
    expect(replay.json).toMatchObject({ code: "refresh_token_already_used" });
    // The family is revoked: once the reuse interval (which GoTrue keeps for concurrent tabs) has
    // passed again, the newest token of the family is refused too.
    await new Promise((r) => setTimeout(r, 1_200));
    const next = await refresh(current);
    expect(next.status, next.text).toBe(400);
    expect((next.json as { code: string }).code).toMatch(/^refresh_token_(already_used|not_found)$/);
  });
});

describe("redirects", () => {
  it("redirect_to outside the allow list is ignored for SITE_URL; an allowed one is kept", async () => {
    // A recovery mail per target, each to its own user (GoTrue spaces mails to one user by max_frequency).
    const linkTarget = async (redirectTo: string) => {
      const user = await createAuthUser(h.url, { label: "redirect" });
      const res = await auth("POST", "/recover", { query: { redirect_to: redirectTo }, body: { email: user.email } });
      expect(res.status, res.text).toBe(200);
      const followed = await fetch(findLink(await h.mail.latest(user.email)), { redirect: "manual" });
      expect(followed.status).toBe(303);
      return followed.headers.get("location") ?? "";
    };
    const hostile = [
      "https://evil.example/steal",
      "https://localhost.evil.example/",
      "javascript:alert(1)",
      "//evil.example/x",
      "http://localhost:3000@evil.example/",
      "http://evil.example\\@localhost:3000/",
    ];
    const targets = await Promise.all(hostile.map(linkTarget));
    targets.forEach((location, i) => {
      expect(location.startsWith(SITE_URL), `${hostile[i]} → ${location}`).toBe(true);
      expect(location).not.toContain("evil");
    });
    expect(await linkTarget(`${SITE_URL}/reset`)).toMatch(new RegExp(`^${SITE_URL}/reset`));
  });
});

describe("OAuth redirects", () => {
  it("a sign-in with Google asked to return to a foreign site hands its session to SITE_URL instead", async () => {
    tally.attempts += 2;
    const start = await fetch(
      `${h.url}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent("https://evil.example/steal")}`,
      { redirect: "manual" },
    );
    expect(start.status).toBe(302);
    const state = new URL(start.headers.get("location") ?? "").searchParams.get("state");
    expect(state).toBeTruthy();
    const done = await fetch(`${h.url}/auth/v1/callback`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        state: state ?? "",
        email: "oauth-redirect@example.com",
        password: "stand-in password",
      }).toString(),
    });
    const location = done.headers.get("location") ?? "";
    expect(location.startsWith(SITE_URL), location).toBe(true);
    expect(location).toContain("access_token=");
    expect(location).not.toContain("evil");
  });
});

describe("body limits", () => {
  it("an oversized body gets 413 request_entity_too_large and creates nothing", async () => {
    const email = "huge@example.com";
    const res = await auth("POST", "/signup", {
      body: { email, password: "Sturdy#Pass42", data: { blob: "x".repeat(1_100_000) } },
    });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ code: "request_entity_too_large" });
    const users = await call(h.url, "GET", "/auth/v1/admin/users", {
      token: LOCAL_SUPABASE.serviceRoleKey,
      headers: { apikey: LOCAL_SUPABASE.serviceRoleKey },
    });
    expect(users.text).not.toContain(email);
  });
});

describe("brute force", () => {
  let user: AuthUser;
  let factorId: string;
  let secret: string;

  beforeAll(async () => {
    user = await createAuthUser(tight.url, { label: "brute" });
    const enrol = await auth(
      "POST",
      "/factors",
      { token: user.token, body: { factor_type: "totp", friendly_name: "phone" } },
      tight,
    );
    expect(enrol.status, enrol.text).toBe(200);
    const f = enrol.json as { id: string; totp: { uri: string } };
    factorId = f.id;
    secret = secretFromUri(f.totp.uri);
  });

  it("guessing TOTP codes hits 429 over_request_rate_limit, after which even the right code is refused", async () => {
    const challenge = await auth("POST", `/factors/${factorId}/challenge`, { token: user.token }, tight);
    expect(challenge.status, challenge.text).toBe(200);
    const challengeId = (challenge.json as { id: string }).id;
    const right = totpCode(secret);
    const wrong = right === "000000" ? "111111" : "000000";
    const tries = await guessUntilLimited(
      () =>
        auth(
          "POST",
          `/factors/${factorId}/verify`,
          { token: user.token, body: { challenge_id: challengeId, code: wrong } },
          tight,
        ),
      { status: 422, code: "mfa_verification_failed" },
      VERIFY_BUDGET,
    );
    expect(tries).toBeLessThanOrEqual(VERIFY_BUDGET);
    expectRateLimited(
      await auth(
        "POST",
        `/factors/${factorId}/verify`,
        { token: user.token, body: { challenge_id: challengeId, code: totpCode(secret) } },
        tight,
      ),
    );
  });

  it("guessing passwords hits 429 over_request_rate_limit, after which even the right password is refused", async () => {
    const signIn = (password: string) =>
      auth("POST", "/token", { query: { grant_type: "password" }, body: { email: user.email, password } }, tight);
    const tries = await guessUntilLimited(
      () => signIn("wrong-Password#1"),
      { status: 400, code: "invalid_credentials" },
      SIGN_IN_BUDGET,
    );
    expect(tries).toBeLessThanOrEqual(SIGN_IN_BUDGET);
    expectRateLimited(await signIn("Sturdy#Pass42"));
  });
});
