// The config.toml keys the emulator does not implement are named, so nobody believes a setting took
// effect when it did not: in one warning line when it starts, and by `auth-emulator --check-config`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { afterAll, describe, expect, it, vi } from "vitest";
import { startAuthEmulator } from "./index";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-config-keys-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A CLI-style config.toml: implemented keys beside ones the emulator cannot honour. */
const CONFIG = `
[api]
port = 54321

[auth]
enabled = true
site_url = "http://127.0.0.1:3000"

[auth.rate_limit]
email_sent = 100
sms_sent = 30

[auth.sms]
enable_signup = false

[auth.sms.twilio]
enabled = true
account_sid = "AC123"

[auth.sms.test_otp]
4152127777 = "123456"

[auth.mfa.totp]
enroll_enabled = true

[auth.mfa.phone]
enroll_enabled = true
verify_enabled = true

[auth.external.google]
enabled = true
client_id = "id"

[auth.web3.solana]
enabled = true
`;
const IGNORED = [
  "auth.enabled",
  "auth.rate_limit.sms_sent",
  "auth.sms.twilio",
  "auth.mfa.phone",
  "auth.external.google.client_id",
  "auth.web3",
];

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

const cli = (...args: string[]) =>
  execFileSync(process.execPath, [path.join(import.meta.dirname, "bin", "auth-emulator.mjs"), ...args], {
    encoding: "utf8",
  });

describe("config.toml keys the emulator ignores", () => {
  it("are named in one warning line at start (and not at all with quiet)", async () => {
    const file = write("config.toml", CONFIG);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      const emulator = await startAuthEmulator({ config: file, port: 0, mailbox: { port: 0, smtpPort: 0 } });
      await emulator.stop();
      expect(warn.mock.calls).toEqual([
        [`[auth] ${file}: not implemented by the emulator, ignored: ${IGNORED.join(", ")}`],
      ]);
      warn.mockClear();
      await (await startAuthEmulator({ config: file, port: 0, quiet: true })).stop();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      log.mockRestore();
    }
  });

  it("`--check-config <file>` prints them, one a line, and exits 0", () => {
    const file = write("check.toml", CONFIG);
    expect(cli("--check-config", file)).toBe(
      [`${file}: ${IGNORED.length} [auth] key(s) the emulator ignores:`, ...IGNORED.map((k) => `  ${k}`), ""].join(
        "\n",
      ),
    );
    const clean = write(
      "clean.toml",
      '[auth]\nsite_url = "http://127.0.0.1:3000"\n[auth.mfa.totp]\nenroll_enabled = true\n',
    );
    expect(cli("--check-config", clean)).toBe(`${clean}: the emulator implements every [auth] key\n`);
  });

  it("`--check-config` on a file that does not load is an error (exit 1)", () => {
    const file = write("broken.toml", '[auth]\njwt_expiry = "soon"\n');
    let status = 0;
    try {
      execFileSync(
        process.execPath,
        [path.join(import.meta.dirname, "bin", "auth-emulator.mjs"), "--check-config", file],
        { encoding: "utf8", stdio: "pipe" },
      );
    } catch (err) {
      status = (err as { status: number }).status;
    }
    expect(status).toBe(1);
  });
});
