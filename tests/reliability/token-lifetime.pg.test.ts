// A token's lifetime holds at the HTTP boundary even though the app remembers verified tokens: a
// token accepted (and so cached) a moment ago is refused with 401 once its `exp` has passed, and a
// tampered copy of a cached token is refused while the original is still accepted.
import { afterAll, beforeAll, expect, it } from "vitest";
import { call } from "../support/http";
import { startTestApp, type ListeningTestApp } from "../support/app";
import { type ApiFounder as Founder } from "../support/founders";

let h: ListeningTestApp;
let f: Founder;

beforeAll(async () => {
  h = await startTestApp({ LOG_LEVEL: "warn" });
  f = await h.founder({ stage: "signed-up" });
});
afterAll(async () => h?.close());

const lookup = (token: string) => call(h.url, "GET", `/api/accounts/user/${f.userId}`, { token });

it("a token accepted moments ago is refused once it expires", async () => {
  const exp = Math.floor(Date.now() / 1000) + 2;
  // The founder's own token, re-signed by the auth service's key with a 2 s lifetime.
  const shortLived = await h.auth.resign(f.token, { exp });
  for (let i = 0; i < 3; i++) expect((await lookup(shortLived)).status).toBe(200);
  await new Promise((r) => setTimeout(r, exp * 1000 - Date.now() + 1_100));
  const res = await lookup(shortLived);
  expect(res.status).toBe(401);
  expect(res.json).toEqual({ error: "unauthorized", message: expect.any(String), request_id: expect.any(String) });
});

it("a tampered copy of an accepted token is refused while the original still works", async () => {
  expect((await lookup(f.token)).status).toBe(200);
  const [header, payload, signature] = f.token.split(".") as [string, string, string];
  const tampered = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
  expect((await lookup(tampered)).status).toBe(401);
  expect((await lookup(f.token)).status).toBe(200);
});
