// Several emulators on one data folder, as GoTrue deployments with different settings share one
// database (supabase-py's suite runs four configurations so): two CLI processes started at once on a
// fresh folder, with different settings (one hashing new passwords with the default argon2id, one
// with --bcrypt-cost 10), write and read the same users, sessions and signing key.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ws from "ws";
import { createClient, type RealtimeClientOptions } from "@supabase/supabase-js";
import { startCli, type CliProcess } from "./test-support/cli-process";
import { AuthStore, newUserRow } from "./store";
import { applySeed, loadSeed } from "./seed";
import { loadAuthSettings } from "./settings";
import { PasswordPolicy } from "./passwords";
import { KeyRing } from "./keys";

const SEEDED = { email: "seeded@example.com", password: "seeded-password-1" };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-shared-"));
let open: CliProcess;
let strict: CliProcess;
let openArgs: string[];

const client = (emu: CliProcess, key = emu.anonKey) =>
  createClient(emu.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as RealtimeClientOptions["transport"] },
  });
const admin = (emu: CliProcess) => client(emu, emu.serviceRoleKey).auth.admin;
let n = 0;
const email = () => `shared-${process.pid}-${n++}@example.com`;

beforeAll(async () => {
  const data = path.join(dir, "data");
  fs.writeFileSync(path.join(dir, "seed.json"), JSON.stringify({ users: [SEEDED] }));
  fs.writeFileSync(
    path.join(dir, "strict.toml"),
    "[auth]\nminimum_password_length = 12\nrefresh_token_reuse_interval = 0\n[auth.email]\nenable_confirmations = true\n[auth.rate_limit]\nsign_in_sign_ups = 100000\ntoken_refresh = 100000\n",
  );
  fs.writeFileSync(
    path.join(dir, "open.toml"),
    "[auth]\nrefresh_token_reuse_interval = 0\n[auth.rate_limit]\nsign_in_sign_ups = 100000\ntoken_refresh = 100000\n",
  );
  const common = ["--data", data, "--seed", path.join(dir, "seed.json")];
  // Started together on a folder neither has seen: both seed it, both want its signing key.
  openArgs = [...common, "--config", path.join(dir, "open.toml")];
  [open, strict] = await Promise.all([
    startCli(openArgs),
    startCli([...common, "--config", path.join(dir, "strict.toml"), "--serve-at-root", "--bcrypt-cost", "10"]),
  ]);
});
afterAll(async () => {
  await Promise.all([open?.stop(), strict?.stop()]);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("two emulators with different settings on one data folder", () => {
  it("seed the folder once and sign tokens with the same key", async () => {
    const listed = await admin(strict).listUsers();
    expect(listed.data.users.filter((u) => u.email === SEEDED.email)).toHaveLength(1);
    const jwks = await Promise.all(
      [open, strict].map(async (e) => (await fetch(`${e.url}/auth/v1/.well-known/jwks.json`)).json()),
    );
    expect(jwks[0]).toEqual(jwks[1]);
    const session = await client(open).auth.signInWithPassword(SEEDED);
    expect(session.error).toBeNull();
    const seen = await client(strict).auth.getUser(session.data.session?.access_token);
    expect(seen.data.user?.email).toBe(SEEDED.email);
  });

  it("hash new passwords each its own way (argon2id m=8,t=1,p=1 or bcrypt 10) and sign in each other's users", async () => {
    const store = new AuthStore(path.join(dir, "data", "auth.sqlite"));
    try {
      for (const [maker, other, stored] of [
        [open, strict, /^\$argon2id\$v=19\$m=8,t=1,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/],
        [strict, open, /^\$2[aby]\$10\$/],
      ] as const) {
        const credentials = { email: email(), password: "cross-password-1" };
        const made = await admin(maker).createUser({ ...credentials, email_confirm: true });
        expect(made.error).toBeNull();
        expect(store.users.findUserByEmail(credentials.email)?.encrypted_password).toMatch(stored);
        for (const emu of [other, maker]) {
          const signedIn = await client(emu).auth.signInWithPassword(credentials);
          expect(signedIn.data.user?.id).toBe(made.data.user?.id);
          const wrong = await client(emu).auth.signInWithPassword({ ...credentials, password: "cross-password-2" });
          expect(wrong.error).toMatchObject({ status: 400, code: "invalid_credentials" });
        }
      }
    } finally {
      store.close();
    }
  });

  it("each applies its own settings to the users they share", async () => {
    const address = email();
    const weakOnStrict = await client(strict).auth.signUp({ email: address, password: "short-pw-1" });
    expect(weakOnStrict.error).toMatchObject({ code: "weak_password" });
    const signedUp = await client(open).auth.signUp({ email: address, password: "short-pw-1" });
    expect(signedUp.data.session).not.toBeNull();
    // The strict one would not have made it, but signs it in with the hash the other one made.
    const signedIn = await client(strict).auth.signInWithPassword({ email: address, password: "short-pw-1" });
    expect(signedIn.data.user?.id).toBe(signedUp.data.user?.id);
    const unconfirmed = await client(strict).auth.signUp({ email: email(), password: "long-enough-password-1" });
    expect(unconfirmed.data.session).toBeNull();
    const onOpen = await admin(open).getUserById(unconfirmed.data.user?.id ?? "");
    expect(onOpen.data.user).toMatchObject({
      email: unconfirmed.data.user?.email,
      confirmation_sent_at: expect.any(String),
    });
    expect(onOpen.data.user?.email_confirmed_at).toBeUndefined();
  });

  it("see each other's writes at once: metadata, password, refresh rotation, deletion", async () => {
    const address = email();
    const first = await client(open).auth.signUp({ email: address, password: "first-password-1" });
    const user = first.data.session!;
    const onOpen = client(open);
    await onOpen.auth.setSession(user);
    expect((await onOpen.auth.updateUser({ data: { plan: "pro" }, password: "second-password-1" })).error).toBeNull();
    const fromStrict = await client(strict).auth.getUser(user.access_token);
    expect(fromStrict.data.user?.user_metadata).toMatchObject({ plan: "pro" });
    const oldPassword = await client(strict).auth.signInWithPassword({ email: address, password: "first-password-1" });
    expect(oldPassword.error).toMatchObject({ code: "invalid_credentials" });
    const session = (await client(strict).auth.signInWithPassword({ email: address, password: "second-password-1" }))
      .data.session!;
    // Rotated on one, then on the other: the first token, reused, revokes the family on both.
    const second = await client(open).auth.refreshSession({ refresh_token: session.refresh_token });
    const third = await client(strict).auth.refreshSession({ refresh_token: second.data.session!.refresh_token });
    expect(third.error).toBeNull();
    const reused = await client(open).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reused.error).toMatchObject({ code: "refresh_token_already_used" });
    const family = await client(strict).auth.refreshSession({ refresh_token: third.data.session!.refresh_token });
    expect(family.error).toMatchObject({ code: "refresh_token_already_used" });
    const deleted = await admin(strict).deleteUser(user.user.id);
    expect(deleted.error).toBeNull();
    const gone = await client(open).auth.getUser(user.access_token);
    expect(gone.error).toMatchObject({ status: 403 });
  });

  it("keep their own mail: one keeps it in the folder, none overwrites the other's", async () => {
    const mailTo = async (emu: CliProcess, to: string) => {
      const res = await fetch(`${emu.mailUrl}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`);
      return ((await res.json()) as { messages: unknown[] }).messages.length;
    };
    const [fromOpen, fromStrict] = [email(), email()];
    await admin(open).createUser({ email: fromOpen, password: "mail-password-1", email_confirm: true });
    await admin(open).createUser({ email: fromStrict, password: "mail-password-1", email_confirm: true });
    expect((await client(open).auth.resetPasswordForEmail(fromOpen)).error).toBeNull();
    expect((await client(strict).auth.resetPasswordForEmail(fromStrict)).error).toBeNull();
    await expect.poll(() => mailTo(open, fromOpen)).toBe(1);
    await expect.poll(() => mailTo(strict, fromStrict)).toBe(1);
    expect(await mailTo(open, fromStrict)).toBe(0);
    // Restarted, an emulator finds its own mail in the folder or none, never the other's.
    await open.stop();
    open = await startCli(openArgs);
    expect(await mailTo(open, fromStrict)).toBe(0);
  });

  it("take writes from both at once without a busy database", async () => {
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 3
          ? admin(i % 2 ? strict : open).createUser({ email: email(), password: "concurrent-password-1" })
          : client(i % 2 ? strict : open).auth.signUp({ email: email(), password: "concurrent-password-1" }),
      ),
    );
    expect(results.map((r) => r.error)).toEqual(results.map(() => null));
  });
});

describe("two emulators starting together on a fresh folder", () => {
  it("seed it once and take the same signing key", async () => {
    const fresh = fs.mkdtempSync(path.join(dir, "fresh-"));
    const settings = loadAuthSettings();
    const stores = [0, 1].map(() => new AuthStore(path.join(fresh, "auth.sqlite")));
    try {
      expect(stores.map((s) => s.seeded)).toEqual([false, false]);
      const seed = loadSeed({ users: [SEEDED] });
      await Promise.all(
        stores.map((store) =>
          applySeed({ store, settings, passwords: new PasswordPolicy(settings, 4) }, seed, { once: true }),
        ),
      );
      expect(stores[0]!.users.listUsers(10, 0).total).toBe(1);
      const rings = await Promise.all(
        [0, 1].map(() => KeyRing.load({ dataDir: fresh, jwtSecret: "x".repeat(32), issuer: "" })),
      );
      expect(rings[0]!.jwks()).toEqual(rings[1]!.jwks());
    } finally {
      for (const s of stores) s.close();
    }
  });

  it("hold the write lock through a transaction, so another's write waits instead of failing this one", () => {
    const fresh = fs.mkdtempSync(path.join(dir, "locks-"));
    const [mine, theirs] = [0, 1].map(() => new AuthStore(path.join(fresh, "auth.sqlite")));
    try {
      theirs!.db.pragma("busy_timeout = 50");
      const user = (id: string) => newUserRow({ id, email: `${id}@example.com` });
      mine!.transaction(() => {
        mine!.users.findUserByEmail("nobody@example.com");
        expect(() => theirs!.users.insertUser(user("00000000-0000-4000-8000-0000000000b1"))).toThrow(/busy|locked/i);
        mine!.users.insertUser(user("00000000-0000-4000-8000-0000000000a1"));
      });
      theirs!.users.insertUser(user("00000000-0000-4000-8000-0000000000b1"));
      expect(mine!.users.listUsers(10, 0).total).toBe(2);
    } finally {
      mine!.close();
      theirs!.close();
    }
  });
});
