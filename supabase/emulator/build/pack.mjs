// `npm run pack`: the publishable package. In this repository the package's entry is its
// TypeScript source; the tarball carries JavaScript built here with esbuild (dependencies stay
// external) and a package.json pointing at it, staged in .pack/ and packed with `npm pack`.
// Prints the tarball's path as the last line.
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { build } from "esbuild";

const pkgDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stage = path.join(pkgDir, ".pack", "package");
const out = path.join(pkgDir, ".pack");
const source = JSON.parse(fs.readFileSync(path.join(pkgDir, "package.json"), "utf8"));

fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(stage, { recursive: true });

await build({
  entryPoints: { index: path.join(pkgDir, "index.ts"), cli: path.join(pkgDir, "cli.ts") },
  outdir: path.join(stage, "dist"),
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
// The CLI entry runs as a bin: a shebang in front.
const cli = path.join(stage, "dist", "cli.js");
fs.writeFileSync(cli, `#!/usr/bin/env node\n${fs.readFileSync(cli, "utf8")}`, { mode: 0o755 });

// Type declarations, so an outside TypeScript project gets the API's types: tsc emits them from
// the source, then relative specifiers get the `.js` an ESM resolver (node16/nodenext) needs.
const typesDir = path.join(stage, "dist", "types");
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
execFileSync(process.execPath, [
  tsc, path.join(pkgDir, "index.ts"),
  "--declaration", "--emitDeclarationOnly", "--outDir", typesDir, "--rootDir", pkgDir,
  "--target", "es2022", "--module", "esnext", "--moduleResolution", "bundler", "--strict",
  "--esModuleInterop", "--skipLibCheck", "--types", "node",
], { stdio: "inherit" });
for (const file of fs.readdirSync(typesDir, { recursive: true })) {
  const full = path.join(typesDir, String(file));
  if (!full.endsWith(".d.ts")) continue;
  const text = fs.readFileSync(full, "utf8").replace(/(from\s+|import\()(["'])(\.{1,2}\/[^"']+)\2/g, (match, lead, quote, spec) => {
    if (/\.[cm]?js$/.test(spec)) return match;
    const target = path.resolve(path.dirname(full), spec);
    const resolved = fs.existsSync(`${target}.d.ts`) ? `${spec}.js` : `${spec}/index.js`;
    return `${lead}${quote}${resolved}${quote}`;
  });
  fs.writeFileSync(full, text);
}

const manifest = {
  name: source.name,
  version: source.version,
  description: source.description,
  license: source.license,
  type: "module",
  engines: source.engines,
  types: "./dist/types/index.d.ts",
  exports: { ".": { types: "./dist/types/index.d.ts", default: "./dist/index.js" }, "./package.json": "./package.json" },
  bin: { "auth-emulator": "./dist/cli.js" },
  files: ["dist", "README.md"],
  dependencies: source.dependencies,
};
fs.writeFileSync(path.join(stage, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
fs.copyFileSync(path.join(pkgDir, "README.md"), path.join(stage, "README.md"));

const packed = JSON.parse(execFileSync("npm", ["pack", stage, "--pack-destination", out, "--json", "--ignore-scripts"], { encoding: "utf8" }));
console.log(path.join(out, packed[0].filename));
