// The package as an outside team gets it: `npm pack` (through npm run pack), installed into an
// empty folder outside this repository without the network, and a supabase-js script there
// signs up, confirms by mail, enrols TOTP and signs in again with password and code.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { installOffline } from "./test-support/offline-install";
import { scaled } from "../../tests/support/machine";

const outside = fs.mkdtempSync(path.join(os.tmpdir(), "auth-emulator-outside-"));
afterAll(() => fs.rmSync(outside, { recursive: true, force: true }));

describe("npm pack", () => {
  it("installs into an empty folder outside the repo, where supabase-js signs up, confirms, enrols TOTP and signs in", { timeout: scaled(180_000) }, () => {
    const repo = path.resolve(import.meta.dirname, "../..");
    expect(path.relative(repo, outside).startsWith("..")).toBe(true);
    const tarball = execFileSync(process.execPath, [path.join(import.meta.dirname, "build", "pack.mjs")], { encoding: "utf8" }).trim().split("\n").pop() ?? "";
    expect(tarball).toMatch(/founder-foundation-auth-emulator-[\d.]+\.tgz$/);
    const files = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" });
    // JavaScript and declarations only: no TypeScript source, tests or fixtures ship.
    expect(files).not.toMatch(/(?<!\.d)\.ts\n/);
    expect(files).toContain("package/dist/index.js");
    expect(files).toContain("package/dist/types/index.d.ts");

    installOffline(outside, tarball, ["@supabase/supabase-js", "ws"]);
    fs.copyFileSync(path.join(import.meta.dirname, "test-support", "outside-consumer.mjs"), path.join(outside, "consumer.mjs"));
    const out = execFileSync(process.execPath, ["consumer.mjs"], { cwd: outside, encoding: "utf8", timeout: scaled(60_000) });
    expect(out.trim()).toBe("OK signed up, confirmed by mail, enrolled TOTP, signed in with password and TOTP");

    // An outside TypeScript project (ESM, nodenext resolution) gets the package's types.
    fs.copyFileSync(path.join(import.meta.dirname, "test-support", "outside-consumer.ts"), path.join(outside, "consumer-types.ts"));
    const tsconfig = { compilerOptions: { module: "nodenext", moduleResolution: "nodenext", target: "es2022", strict: true, noEmit: true, skipLibCheck: true, types: [] }, files: ["consumer-types.ts"] };
    fs.writeFileSync(path.join(outside, "tsconfig.json"), JSON.stringify(tsconfig));
    const manifestPath = path.join(outside, "package.json");
    const manifest = fs.existsSync(manifestPath) ? (JSON.parse(fs.readFileSync(manifestPath, "utf8")) as object) : {};
    fs.writeFileSync(manifestPath, JSON.stringify({ ...manifest, type: "module" }));
    const tsc = path.join(repo, "node_modules", "typescript", "bin", "tsc");
    expect(() => execFileSync(process.execPath, [tsc, "-p", outside], { encoding: "utf8" })).not.toThrow();

    const help = execFileSync(path.join(outside, "node_modules", ".bin", "auth-emulator"), ["--help"], { encoding: "utf8" });
    expect(help).toContain("--seed");
  });
});
