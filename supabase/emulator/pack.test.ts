// The package as an outside team gets it: plain `npm pack` in this folder (npm's own lifecycle:
// `prepack` builds dist/, `files` picks what ships), the tarball installed into an empty folder
// outside this repository without the network, and there `npx auth-emulator --help`, the command
// started with `npx auth-emulator`, and the library: through supabase-js each signs up, confirms by
// mail, enrols TOTP and signs in again with password and code.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { installOffline } from "./test-support/offline-install";
import { scaled } from "../../tests/support/machine";
import { startCli } from "./test-support/cli-process";

const outside = fs.mkdtempSync(path.join(os.tmpdir(), "auth-emulator-outside-"));
const packed = fs.mkdtempSync(path.join(os.tmpdir(), "auth-emulator-pack-"));
afterAll(() => {
  for (const dir of [outside, packed]) fs.rmSync(dir, { recursive: true, force: true });
});

const OK = "OK signed up, confirmed by mail, enrolled TOTP, signed in with password and TOTP";

describe("npm pack", () => {
  it(
    "installs into an empty folder outside the repo, where the command and the library serve supabase-js sign-up, TOTP and sign-in",
    { timeout: scaled(300_000) },
    async () => {
      const repo = path.resolve(import.meta.dirname, "../..");
      expect(path.relative(repo, outside).startsWith("..")).toBe(true);
      const [result] = JSON.parse(
        execFileSync("npm", ["pack", "--json", "--pack-destination", packed], {
          cwd: import.meta.dirname,
          encoding: "utf8",
          stdio: ["ignore", "pipe", "pipe"],
        }),
      ) as [{ filename: string }];
      const tarball = path.join(packed, result.filename);
      expect(result.filename).toMatch(/^founder-foundation-auth-emulator-[\d.]+\.tgz$/);

      const listing = execFileSync("tar", ["-tvzf", tarball], { encoding: "utf8" });
      const files = listing.split("\n").map((l) => l.split(/\s+/).pop() ?? "");
      for (const file of [
        "package/dist/index.js",
        "package/dist/cli.js",
        "package/dist/types/index.d.ts",
        "package/bin/auth-emulator.mjs",
        "package/README.md",
        "package/LICENSE",
        "package/package.json",
      ])
        expect(files).toContain(file);
      // JavaScript and declarations only: no TypeScript source, tests, fixtures or build scripts ship.
      expect(files.filter((f) => /(?<!\.d)\.ts$/.test(f) || f.includes("/build/") || f.includes("test"))).toEqual([]);
      expect(listing).toMatch(/^-rwx\S* .*package\/bin\/auth-emulator\.mjs$/m);
      const manifest = JSON.parse(
        execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }),
      ) as { private?: boolean; exports: Record<string, unknown> };
      expect(manifest.private).toBeUndefined();
      expect(manifest.exports["."]).toEqual({ types: "./dist/types/index.d.ts", default: "./dist/index.js" });

      installOffline(outside, tarball, ["@supabase/supabase-js", "ws", "otplib"]);
      fs.copyFileSync(
        path.join(import.meta.dirname, "test-support", "outside-consumer.mjs"),
        path.join(outside, "consumer.mjs"),
      );

      const help = execFileSync("npx", ["--offline", "auth-emulator", "--help"], { cwd: outside, encoding: "utf8" });
      expect(help).toContain("--jwt-secret");
      expect(help).toContain("--allow-public-keys");

      // The command, as a team starts it, with confirmations on so the mail step is real.
      fs.writeFileSync(path.join(outside, "config.toml"), "[auth.email]\nenable_confirmations = true\n");
      const cli = await startCli(["--config", "config.toml"], {
        command: ["npx", "--offline", "auth-emulator"],
        cwd: outside,
      });
      try {
        const env = { ...process.env, AUTH_URL: cli.url, ANON_KEY: cli.anonKey, MAIL_URL: cli.mailUrl };
        expect(
          execFileSync(process.execPath, ["consumer.mjs"], {
            cwd: outside,
            env,
            encoding: "utf8",
            timeout: scaled(120_000),
          }).trim(),
        ).toBe(OK);
      } finally {
        await cli.stop();
      }

      // The library, started by the consumer itself.
      expect(
        execFileSync(process.execPath, ["consumer.mjs"], {
          cwd: outside,
          encoding: "utf8",
          timeout: scaled(120_000),
        }).trim(),
      ).toBe(OK);

      // An outside TypeScript project (ESM, nodenext resolution) gets the package's types.
      fs.copyFileSync(
        path.join(import.meta.dirname, "test-support", "outside-consumer.ts"),
        path.join(outside, "consumer-types.ts"),
      );
      const tsconfig = {
        compilerOptions: {
          module: "nodenext",
          moduleResolution: "nodenext",
          target: "es2022",
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
        files: ["consumer-types.ts"],
      };
      fs.writeFileSync(path.join(outside, "tsconfig.json"), JSON.stringify(tsconfig));
      const tsc = path.join(repo, "node_modules", "typescript", "bin", "tsc");
      expect(() => execFileSync(process.execPath, [tsc, "-p", outside], { encoding: "utf8" })).not.toThrow();
    },
  );
});

describe("the in-repo bin", () => {
  it("runs the compiled dist/cli.js, rebuilt first when the source is newer (no tsx)", () => {
    const bin = path.join(import.meta.dirname, "bin", "auth-emulator.mjs");
    const built = path.join(import.meta.dirname, "dist", "cli.js");
    execFileSync(process.execPath, [bin, "--help"], { encoding: "utf8" });
    // Older than every source file: the next start must build again before it runs.
    fs.utimesSync(built, new Date(0), new Date(0));
    const help = execFileSync(process.execPath, [bin, "--help"], { encoding: "utf8" });
    expect(help).toContain("--allow-public-keys");
    expect(fs.statSync(built).mtimeMs).toBeGreaterThan(Date.now() - 120_000);
    expect(fs.readFileSync(bin, "utf8")).not.toMatch(/tsx/);
  });
});
