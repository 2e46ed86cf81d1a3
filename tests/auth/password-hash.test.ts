// Users created with a known hash (GoTrue's admin `password_hash`, models.NewUserWithPasswordHash):
// through supabase-js's auth.admin.createUser, a bcrypt, argon2 or Firebase scrypt hash is stored as
// is and its password signs in; both a password and a hash is 400 validation_failed; a hash GoTrue
// cannot read is its 500.
import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthHarness, type AuthHarness } from "../support/auth-harness";
import { uniqueEmail } from "../support/founders";

const PASSWORD = "known-hash-password-1";
// GoTrue's own vectors (internal/crypto/password_test.go), made by Go's argon2 and Firebase's scrypt:
// argon2i and argon2id of "test", Firebase scrypt of "mytestpassword".
const ARGON2I = "$argon2i$v=19$m=16,t=2,p=1$bGJRWThNOHJJTVBSdHl2dQ$NfEnUOuUpb7F2fQkgFUG4g";
const ARGON2ID = "$argon2id$v=19$m=32,t=3,p=2$SFVpOWJ0eXhjRzVkdGN1RQ$RXnb8rh7LaDcn07xsssqqulZYXOM/EUCEFMVcAcyYVk";
const FIREBASE_SCRYPT =
  "$fbscrypt$v=1,n=14,r=8,p=1,ss=Bw==,sk=ou9tdYTGyYm8kuR6Dt0Bp0kDuAYoXrK16mbZO4yGwAn3oLspjnN0/c41v8xZnO1n14J3MjKj1b2g6AUCAlFwMw==$C0sHCg9ek77hsg==$zKVTMvnWVw5BBOZNUdnsalx4c4c7y/w7IS5p6Ut2+CfEFFlz37J9huyQfov4iizN8dbjvEJlM5tQaJP84+hfTw==";

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
});
afterAll(async () => h?.close());

async function createWithHash(password_hash: string) {
  const email = uniqueEmail("hash");
  const created = await h.admin().auth.admin.createUser({ email, password_hash, email_confirm: true });
  return { email, created };
}

describe("admin createUser with password_hash", () => {
  it.each([
    ["bcrypt at GoTrue's cost 10", () => bcrypt.hash(PASSWORD, 10), PASSWORD],
    ["bcrypt $2a$ at cost 4", async () => (await bcrypt.hash(PASSWORD, 4)).replace(/^\$2b\$/, "$2a$"), PASSWORD],
    ["argon2id", async () => ARGON2ID, "test"],
    ["argon2i", async () => ARGON2I, "test"],
    ["Firebase scrypt", async () => FIREBASE_SCRYPT, "mytestpassword"],
  ])("%s: stored as given, and its password signs in", async (_kind, make, password) => {
    const { email, created } = await createWithHash(await make());
    expect(created.error).toBeNull();
    expect(created.data.user).toMatchObject({ email, email_confirmed_at: expect.any(String) });
    const wrong = await h.client().auth.signInWithPassword({ email, password: `${password}1` });
    expect(wrong.error).toMatchObject({ status: 400, code: "invalid_credentials" });
    const signedIn = await h.client().auth.signInWithPassword({ email, password });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.id).toBe(created.data.user?.id);
  });

  it("refuses a password and a hash together, as GoTrue: 400 validation_failed", async () => {
    const { error } = await h.admin().auth.admin.createUser({
      email: uniqueEmail("both"),
      password: PASSWORD,
      password_hash: await bcrypt.hash(PASSWORD, 4),
    });
    expect(error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "Only a password or a password hash should be provided",
    });
  });

  it.each([
    ["plain text", "not-a-hash"],
    ["argon2d", ARGON2I.replace("argon2i", "argon2d")],
    ["argon2 with too many passes", ARGON2I.replace("t=2", "t=21")],
    ["Firebase scrypt version 2", FIREBASE_SCRYPT.replace("v=1", "v=2")],
    ["bcrypt at cost 3", "$2a$03$" + "a".repeat(53)],
  ])("answers a hash GoTrue cannot read (%s) with GoTrue's 500, and makes no user", async (_kind, hash) => {
    const { email, created } = await createWithHash(hash);
    expect(created.error).toMatchObject({ status: 500 });
    const res = await fetch(`${h.url}/auth/v1/admin/users`, {
      method: "POST",
      headers: {
        apikey: h.emulator.serviceRoleKey,
        authorization: `Bearer ${h.emulator.serviceRoleKey}`,
        "content-type": "application/json",
        "x-supabase-api-version": "2024-01-01",
      },
      body: JSON.stringify({ email, password_hash: hash }),
    });
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 500,
      body: { code: "unexpected_failure", message: "Error creating user" },
    });
    const { data } = await h.admin().auth.admin.listUsers({ perPage: 1000 });
    expect(data.users.some((u) => u.email === email)).toBe(false);
  });
});
