// The package's programmatic API as a test runner uses it, through the real supabase-js: several
// emulators at once on port 0 with separate data, a seed that start and reset() come back to
// (also over the HTTP control endpoint), state that survives a restart only with a data folder,
// the mailbox handle, and the CLI's --help.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync, spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import ws from "ws";
import { createClient, type SupabaseClient, type RealtimeClientOptions } from "@supabase/supabase-js";
import { generateSync } from "otplib";
import { startAuthEmulator, type AuthEmulator, type SeedFile } from "./index";
import { scaled } from "../../tests/support/machine";

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const SEED: SeedFile = {
  users: [
    { email: "ada@example.com", password: "ada-password", app_metadata: { roles: ["admin"] } },
    { email: "bob@example.com", password: "bob-password", email_confirmed: false },
    { email: "mfa@example.com", password: "mfa-password", totp: { secret: SECRET, friendly_name: "phone" } },
  ],
};

const running: AuthEmulator[] = [];
const tempDirs: string[] = [];
afterAll(async () => {
  await Promise.all(running.map((e) => e.stop()));
  for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true });
});

async function start(opts: Parameters<typeof startAuthEmulator>[0] = {}): Promise<AuthEmulator> {
  const emu = await startAuthEmulator({ quiet: true, bcryptCost: 4, seed: SEED, ...opts });
  running.push(emu);
  return emu;
}

const client = (emu: AuthEmulator, key = emu.anonKey): SupabaseClient =>
  createClient(emu.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no WebSocket of its own; supabase-js wants one even when realtime is unused.
    realtime: { transport: ws as unknown as RealtimeClientOptions["transport"] },
  });

describe("startAuthEmulator", () => {
  it("runs several emulators at once on port 0, each with its own users", async () => {
    const [a, b] = await Promise.all([start(), start()]);
    expect(a.url).not.toBe(b.url);
    expect(a.mailbox.url).not.toBe(b.mailbox.url);
    expect(a.jwks.keys[0]).toMatchObject({ alg: "ES256", kty: "EC" });
    const signedUp = await client(a).auth.signUp({ email: "only-a@example.com", password: "only-a-password" });
    expect(signedUp.error).toBeNull();
    const inB = await client(b).auth.signInWithPassword({ email: "only-a@example.com", password: "only-a-password" });
    expect(inB.error).toMatchObject({ status: 400, code: "invalid_credentials" });
  });

  it("starts from the seed: roles, an unconfirmed user, a verified TOTP factor with its known secret", async () => {
    const emu = await start();
    const ada = await client(emu).auth.signInWithPassword({ email: "ada@example.com", password: "ada-password" });
    expect(ada.data.user?.app_metadata.roles).toEqual(["admin"]);
    const bob = await client(emu).auth.signInWithPassword({ email: "bob@example.com", password: "bob-password" });
    expect(bob.error).toMatchObject({ code: "email_not_confirmed" });
    const c = client(emu);
    expect((await c.auth.signInWithPassword({ email: "mfa@example.com", password: "mfa-password" })).error).toBeNull();
    const factor = (await c.auth.mfa.listFactors()).data?.totp[0];
    expect(factor).toMatchObject({ friendly_name: "phone", status: "verified" });
    const code = generateSync({ secret: SECRET, algorithm: "sha1", digits: 6, period: 30 });
    expect((await c.auth.mfa.challengeAndVerify({ factorId: factor?.id ?? "", code })).error).toBeNull();
    expect((await c.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe("aal2");
  });

  it("reset() and POST /auth/v1/admin/reset go back to the seed, not to empty", async () => {
    const emu = await start();
    const admin = client(emu, emu.serviceRoleKey);
    const emails = async () => (await admin.auth.admin.listUsers()).data.users.map((u) => u.email).sort();
    const seeded = await emails();
    expect(seeded).toEqual(["ada@example.com", "bob@example.com", "mfa@example.com"]);

    await admin.auth.admin.createUser({ email: "extra@example.com", password: "extra-password", email_confirm: true });
    const ada =
      seeded.length && (await admin.auth.admin.listUsers()).data.users.find((u) => u.email === "ada@example.com");
    if (ada) await admin.auth.admin.deleteUser(ada.id);
    await emu.reset();
    expect(await emails()).toEqual(seeded);

    await admin.auth.admin.createUser({ email: "extra@example.com", password: "extra-password", email_confirm: true });
    const refused = await fetch(`${emu.url}/auth/v1/admin/reset`, {
      method: "POST",
      headers: { authorization: `Bearer ${emu.anonKey}`, apikey: emu.anonKey },
    });
    expect(refused.status).toBe(403);
    expect(await emails()).toContain("extra@example.com");
    const res = await fetch(`${emu.url}/auth/v1/admin/reset`, {
      method: "POST",
      headers: { authorization: `Bearer ${emu.serviceRoleKey}`, apikey: emu.serviceRoleKey },
    });
    expect(res.status).toBe(200);
    expect(await emails()).toEqual(seeded);
  });

  it("keeps state across a restart only with a data folder", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "emu-api-"));
    tempDirs.push(dataDir);
    const confirmations = { email: { enableConfirmations: true } };
    const first = await start({ dataDir, configOverrides: confirmations });
    await client(first).auth.signUp({ email: "kept@example.com", password: "kept-password" });
    const link = await first.mailbox.latest("kept@example.com", { timeoutMs: scaled(5_000) });
    expect(link.Subject).toBe("Confirm Your Signup");
    await first.stop();
    const second = await start({ dataDir, configOverrides: confirmations });
    expect(
      (await client(second, second.serviceRoleKey).auth.admin.listUsers()).data.users.map((u) => u.email),
    ).toContain("kept@example.com");
    expect((await second.mailbox.messages()).map((m) => m.Subject)).toEqual(["Confirm Your Signup"]);

    const memory = await start();
    const tempDir = memory.dataDir;
    await client(memory).auth.signUp({ email: "gone@example.com", password: "gone-password" });
    await memory.stop();
    expect(fs.existsSync(tempDir)).toBe(false);
    const fresh = await start();
    expect(
      (await client(fresh, fresh.serviceRoleKey).auth.admin.listUsers()).data.users.map((u) => u.email),
    ).not.toContain("gone@example.com");
  });

  it("refuses a seed with a bad field, naming it", async () => {
    await expect(
      startAuthEmulator({
        quiet: true,
        seed: { users: [{ email: "x@example.com", totp: { secret: "not base32!" } }] },
      }),
    ).rejects.toThrow(/users\.0\.totp\.secret/);
  });
});

describe("CLI", () => {
  it("--help lists the flags", () => {
    const out = execFileSync(process.execPath, [path.join(import.meta.dirname, "bin", "auth-emulator.mjs"), "--help"], {
      encoding: "utf8",
    });
    for (const flag of ["--config", "--port", "--data", "--seed", "--mail-port", "--default-role", "--help"])
      expect(out).toContain(flag);
  });

  it("--default-role (repeatable) puts those roles in every new user's app_metadata", async () => {
    const cli = spawn(
      process.execPath,
      [
        path.join(import.meta.dirname, "bin", "auth-emulator.mjs"),
        "--port",
        "0",
        "--mail-port",
        "0",
        "--smtp-port",
        "0",
        "--bcrypt-cost",
        "4",
        "--default-role",
        "user",
        "--default-role",
        "onboarding",
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    try {
      let printed = "";
      cli.stdout.on("data", (c: Buffer) => (printed += c.toString()));
      await expect.poll(() => /\[auth\] mailbox /.test(printed), { timeout: scaled(15_000) }).toBe(true);
      const url = printed.match(/\[auth\] API (\S+)\/auth\/v1/)?.[1] ?? "";
      const anonKey = printed.match(/\[auth\] anon key: (\S+)/)?.[1] ?? "";
      const { data, error } = await client({ url, anonKey } as AuthEmulator).auth.signUp({
        email: "roles@example.com",
        password: "roles-password",
      });
      expect(error).toBeNull();
      expect(data.user?.app_metadata.roles).toEqual(["user", "onboarding"]);
    } finally {
      cli.kill("SIGTERM");
    }
  });

  it("an unknown flag ends with a message and exit code 1", () => {
    let status = 0;
    let stderr = "";
    try {
      execFileSync(process.execPath, [path.join(import.meta.dirname, "bin", "auth-emulator.mjs"), "--prot", "1"], {
        encoding: "utf8",
        stdio: "pipe",
      });
    } catch (err) {
      status = (err as { status: number }).status;
      stderr = (err as { stderr: string }).stderr;
    }
    expect(status).toBe(1);
    expect(stderr).toContain("--prot");
  });
});
