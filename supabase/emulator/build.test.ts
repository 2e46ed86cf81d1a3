// The package's build (build/build.mjs): what the bundle leaves out, and a full build leaves no
// chunks of an earlier one behind. Built into a temporary folder, never this package's dist/ (other
// test files start the CLI from it meanwhile).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { scaled } from "../../tests/support/machine";

const out = fs.mkdtempSync(path.join(os.tmpdir(), "auth-emulator-build-"));
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

/** Runs buildJs(options) in a child (plain JavaScript, as npm runs it); answers its bundle's input files. */
function buildJs(options: { clean: boolean; outDir?: string; cwd?: string }): string[] {
  const { cwd, ...rest } = options;
  const script = `const { buildJs } = await import(${JSON.stringify(path.join(import.meta.dirname, "build", "build.mjs"))});
const meta = await buildJs(${JSON.stringify({ outDir: out, ...rest })});
console.log(JSON.stringify(Object.keys(meta.inputs)));`;
  return JSON.parse(
    execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", cwd }),
  ) as string[];
}

describe("build", () => {
  it(
    "a full build removes an earlier build's chunks; the on-demand build keeps them",
    { timeout: scaled(120_000) },
    () => {
      const chunks = path.join(out, "chunks");
      fs.mkdirSync(chunks, { recursive: true });
      const stale = path.join(chunks, "chunk-EARLIER.js");
      fs.writeFileSync(stale, "");
      buildJs({ clean: false });
      expect(fs.existsSync(stale)).toBe(true);
      buildJs({ clean: true });
      expect(fs.existsSync(stale)).toBe(false);
      // What remains is what the entries import, and all of it is there.
      const imported = ["index.js", "cli.js", ...fs.readdirSync(chunks).map((f) => `chunks/${f}`)].flatMap((f) =>
        [...fs.readFileSync(path.join(out, f), "utf8").matchAll(/from\s*"\.{1,2}\/(?:chunks\/)?([^"]+)"/g)].map(
          (m) => m[1],
        ),
      );
      expect(imported.length).toBeGreaterThan(0);
      for (const name of imported) expect(fs.readdirSync(chunks)).toContain(name);
    },
  );

  it(
    "writes the same chunks from any working folder (npm pack's and the bin's builds share dist/)",
    { timeout: scaled(120_000) },
    () => {
      const chunksFrom = (cwd: string) => {
        const outDir = fs.mkdtempSync(path.join(out, "cwd-"));
        buildJs({ clean: true, outDir, cwd });
        return fs.readdirSync(path.join(outDir, "chunks")).sort();
      };
      expect(chunksFrom(os.tmpdir())).toEqual(chunksFrom(import.meta.dirname));
    },
  );

  it(
    "leaves out what the servers never run: JSON-schema compilers, inject, pino, zod's other languages",
    { timeout: scaled(120_000) },
    () => {
      const inputs = buildJs({ clean: true });
      const from = (pkg: string) => inputs.filter((i) => i.includes(`node_modules/${pkg}/`));
      for (const pkg of [
        "ajv",
        "@fastify/ajv-compiler",
        "@fastify/fast-json-stringify-compiler",
        "light-my-request",
        "pino",
      ])
        expect(from(pkg), pkg).toEqual([]);
      // Of fast-json-stringify, only the runtime of Fastify's precompiled error serializer.
      expect(from("fast-json-stringify").map((i) => i.replace(/.*node_modules\//, ""))).toEqual([
        "fast-json-stringify/lib/v8.js",
        "fast-json-stringify/lib/serializer.js",
      ]);
      expect(from("zod").filter((i) => i.includes("/locales/") && !i.endsWith("/locales/en.js"))).toEqual([]);
      expect(from("fastify").length).toBeGreaterThan(0);
    },
  );

  it(
    "a started emulator has loaded neither TLS, HTTPS, HTTP/2 nor the SMTP server's library",
    { timeout: scaled(120_000) },
    () => {
      const pkg = import.meta.dirname;
      execFileSync(process.execPath, [path.join(pkg, "bin", "auth-emulator.mjs"), "--help"], { stdio: "ignore" });
      const script = `const { startAuthEmulator } = await import("./dist/index.js");
const emulator = await startAuthEmulator({ quiet: true, mailbox: { port: 0, smtpPort: 0 } });
const loaded = process.moduleLoadList.filter((m) => m.startsWith("NativeModule "));
await emulator.stop();
console.log(JSON.stringify(loaded));`;
      const loaded = JSON.parse(
        execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: pkg, encoding: "utf8" }),
      ) as string[];
      expect(loaded).toContain("NativeModule http");
      for (const name of ["tls", "https", "http2"]) expect(loaded).not.toContain(`NativeModule ${name}`);
    },
  );
});
