// What of a running emulator another machine reaches (docs/security.md): the CLI started on every
// interface with its own secret serves the API there, while the mailbox (every sign-in and reset
// link) and its SMTP sink stay on loopback unless asked, and then only with a token. Weak JWT
// secrets are refused, and both listeners answer only their own host names (DNS rebinding).
// "Another machine" is this machine's non-loopback address when it has one, and 127.0.0.2: a
// listener on 127.0.0.1 does not answer there, one on every interface does.
import crypto from "node:crypto";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthEmulator, type AuthEmulator } from "./index";
import { BIN, startCli, type CliProcess } from "./test-support/cli-process";
import { scaled } from "../../tests/support/machine";
import { freePort } from "../../tests/support/ports";

const random = () => crypto.randomBytes(32).toString("base64url");
const external = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && !i.internal && i.family === "IPv4")?.address;
const ELSEWHERE = ["127.0.0.2", ...(external ? [external] : [])];

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** A raw HTTP GET with the Host header we choose (fetch will not forge it). */
function get(url: string, host: string, headers: Record<string, string> = {}): Promise<number> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: u.hostname, port: u.port, path: u.pathname + u.search, headers: { ...headers, host } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.once("error", reject);
    req.end();
  });
}

const portOf = (url: string) => Number(new URL(url).port);

function cliFails(args: string[]): string {
  try {
    execFileSync(process.execPath, [BIN, "--port", "0", "--mail-port", "0", "--smtp-port", "0", ...args], {
      encoding: "utf8",
      stdio: "pipe",
      timeout: scaled(60_000),
    });
  } catch (err) {
    expect((err as { status: number }).status).toBe(1);
    return ((err as { stderr: string }).stderr.split("\n")[0] ?? "").replace(/^auth-emulator: /, "");
  }
  throw new Error(`auth-emulator ${args.join(" ")} started`);
}

describe("the CLI on every interface with its own secret", () => {
  let emu: CliProcess;
  beforeAll(async () => {
    emu = await startCli(["--host", "0.0.0.0", `--jwt-secret=${random()}`]);
  }, scaled(60_000));
  afterAll(async () => emu?.stop());

  it("serves the API elsewhere, while the mailbox page, its API and SMTP answer on loopback only", async () => {
    expect(new URL(emu.mailUrl).hostname).toBe("127.0.0.1");
    expect(new URL(emu.smtpUrl).hostname).toBe("127.0.0.1");
    expect(await get(`${emu.mailUrl}/api/v1/messages`, new URL(emu.mailUrl).host)).toBe(200);
    for (const host of ELSEWHERE) {
      expect(await get(`http://${host}:${portOf(emu.url)}/auth/v1/health`, `${host}:${portOf(emu.url)}`)).toBe(200);
      expect(await accepts(host, portOf(emu.mailUrl)), `mailbox on ${host}`).toBe(false);
      expect(await accepts(host, portOf(emu.smtpUrl)), `SMTP on ${host}`).toBe(false);
    }
  });
});

describe("a mailbox put on the network on purpose", () => {
  const token = random();
  let emu: CliProcess;
  beforeAll(async () => {
    emu = await startCli([
      "--host",
      "0.0.0.0",
      `--jwt-secret=${random()}`,
      "--mail-host",
      "0.0.0.0",
      `--mail-token=${token}`,
    ]);
  }, scaled(60_000));
  afterAll(async () => emu?.stop());

  it("answers elsewhere only with its token (bearer or Basic password); SMTP stays on loopback", async () => {
    for (const host of ELSEWHERE) {
      const url = `http://${host}:${portOf(emu.mailUrl)}`;
      const at = `${host}:${portOf(emu.mailUrl)}`;
      expect(await get(`${url}/api/v1/messages`, at)).toBe(401);
      expect(await get(`${url}/`, at)).toBe(401);
      expect(await get(`${url}/api/v1/messages`, at, { authorization: `Bearer ${random()}` })).toBe(401);
      expect(await get(`${url}/api/v1/messages`, at, { authorization: `Bearer ${token}` })).toBe(200);
      const basic = Buffer.from(`anyone:${token}`).toString("base64");
      expect(await get(`${url}/`, at, { authorization: `Basic ${basic}` })).toBe(200);
      expect(await accepts(host, portOf(emu.smtpUrl)), `SMTP on ${host}`).toBe(false);
    }
  });

  it("is refused without a token, or with a weak one", () => {
    expect(cliFails(["--mail-host", "0.0.0.0"])).toMatch(/^refusing to put the mailbox on 0\.0\.0\.0 without a token/);
    expect(cliFails(["--mail-host", "0.0.0.0", "--mail-token=short"])).toBe(
      "the mailbox token must be at least 32 characters",
    );
  });
});

describe("the CLI's refusal of the public keys off loopback", () => {
  it("says the mailbox stays on loopback with --jwt-secret", () => {
    expect(cliFails(["--host", "0.0.0.0"])).toMatch(
      /--jwt-secret=<32\+ random characters> \(the mailbox, which holds every sign-in link, stays on 127\.0\.0\.1 unless you also give --mail-host and --mail-token\)/,
    );
  });
});

describe("weak JWT secrets", () => {
  const WEAK = {
    "a word": "secret",
    "31 characters": random().slice(0, 31),
    "few characters": "abcabcabcabcabcabcabcabcabcabcabcabc",
    "the self-hosting example": "your-super-secret-jwt-token-with-at-least-32-characters-long",
  };

  it("are refused by the library on any host", async () => {
    for (const [name, jwtSecret] of Object.entries(WEAK))
      for (const host of ["127.0.0.1", "0.0.0.0"])
        await expect(startAuthEmulator({ quiet: true, host, jwtSecret }), `${name} on ${host}`).rejects.toThrow(
          /^the JWT secret (must be at least 32 characters|repeats too few characters|is an example)/,
        );
  });

  it("are refused by the CLI in one line, also on every interface", () => {
    expect(cliFails(["--host", "0.0.0.0", "--jwt-secret=secret"])).toBe(
      "the JWT secret must be at least 32 characters: use 32+ random characters (e.g. openssl rand -base64 32)",
    );
  });

  it("leave the CLI's public secret (loopback) and a random one starting", async () => {
    for (const jwtSecret of [undefined, random(), crypto.randomBytes(16).toString("hex")])
      await (await startAuthEmulator({ quiet: true, jwtSecret })).stop();
  });
});

describe("Host headers (DNS rebinding)", () => {
  let emu: AuthEmulator;
  let apiPort: number;
  beforeAll(async () => {
    apiPort = await freePort();
    emu = await startAuthEmulator({
      quiet: true,
      host: "0.0.0.0",
      port: apiPort,
      jwtSecret: random(),
      publicUrl: `http://auth.test:${apiPort}`,
    });
  });
  afterAll(async () => emu?.stop());

  const OURS = ["localhost", "127.0.0.1", "[::1]", "app.localhost", ...(external ? [external] : [])];
  const FOREIGN = ["evil.example", "localhost.evil.example", "127.0.0.1.nip.io", "203.0.113.9", ""];

  it("the API answers loopback names, its public URL's host and this machine's addresses; others get 421", async () => {
    const health = `http://127.0.0.1:${apiPort}/auth/v1/health`;
    for (const name of [...OURS, "auth.test"]) expect(await get(health, `${name}:${apiPort}`), name).toBe(200);
    for (const name of FOREIGN) expect(await get(health, `${name}:${apiPort}`), name).toBe(421);
  });

  it("the mailbox (on loopback) answers loopback names; others get 421", async () => {
    const messages = `${emu.mailbox.url}/api/v1/messages`;
    const port = portOf(emu.mailbox.url);
    for (const name of ["localhost", "127.0.0.1", "[::1]", "app.localhost"])
      expect(await get(messages, `${name}:${port}`), name).toBe(200);
    for (const name of FOREIGN) expect(await get(messages, `${name}:${port}`), name).toBe(421);
  });
});
