import { describe, it, expect } from "vitest";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createSsnCipher, loadSsnKey, SSN_KEY_FILE } from "./ssn";

describe("SSN cipher", () => {
  it("round-trips and never stores the plaintext", () => {
    const c = createSsnCipher(crypto.randomBytes(32));
    const a = c.encrypt("123456789");
    expect(a).not.toContain("123456789");
    expect(Buffer.from(a, "base64").toString("latin1")).not.toContain("123456789");
    expect(c.encrypt("123456789")).not.toBe(a); // random IV
    expect(c.decrypt(a)).toBe("123456789");
  });

  it("rejects a tampered value and a wrong key", () => {
    const c = createSsnCipher(crypto.randomBytes(32));
    const raw = Buffer.from(c.encrypt("123456789"), "base64");
    raw[raw.length - 1] = raw[raw.length - 1]! ^ 1;
    expect(() => c.decrypt(raw.toString("base64"))).toThrow();
    expect(() => createSsnCipher(crypto.randomBytes(32)).decrypt(c.encrypt("123456789"))).toThrow();
  });

  it("generates the dev key once, mode 0600, and reuses it", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-key-"));
    const k1 = loadSsnKey({ ssnEncryptionKey: undefined, dataDir, env: "development" });
    const k2 = loadSsnKey({ ssnEncryptionKey: undefined, dataDir, env: "development" });
    expect(k1.equals(k2)).toBe(true);
    expect(k1).toHaveLength(32);
    expect(fs.statSync(path.join(dataDir, SSN_KEY_FILE)).mode & 0o777).toBe(0o600);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses to invent a key in production", () => {
    expect(() => loadSsnKey({ ssnEncryptionKey: undefined, dataDir: os.tmpdir(), env: "production" })).toThrow(
      /SSN_ENCRYPTION_KEY/,
    );
  });
});
