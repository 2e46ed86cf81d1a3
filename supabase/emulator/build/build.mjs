// The package's publishable form, in dist/: JavaScript built with esbuild (index.js the library,
// cli.js the command, their dependencies bundled into a shared chunk) and the type
// declarations tsc emits from the source. npm's own lifecycle runs it (`prepack`, so `npm pack` and
// `npm publish` ship a fresh dist); in this repository the bin also builds the JavaScript on demand
// when the source is newer (bin/auth-emulator.mjs). `node build/build.mjs` builds both.
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const pkgDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(pkgDir, "dist");

/**
 * index.js and cli.js with their dependencies bundled in (better-sqlite3, native, and the WebAuthn
 * verifier, loaded on first use, stay installed packages), sharing one chunk: resolving and reading
 * some 400 files of node_modules was a third of the start's CPU (decision record 0137). Each file is
 * written to a temporary name and renamed, chunks before the entries that import them: several
 * processes may build at once (test workers starting the CLI), and none may import a half-written file.
 */
export async function buildJs() {
  const result = await build({
    entryPoints: [path.join(pkgDir, "index.ts"), path.join(pkgDir, "cli.ts")],
    outdir: dist,
    bundle: true,
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["better-sqlite3", "@simplewebauthn/server"],
    // Bundled CommonJS packages call require(); ESM has none of its own.
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
    logLevel: "warning",
    write: false,
  });
  const entries = new Set(["index.js", "cli.js"].map((f) => path.join(dist, f)));
  const ordered = [...result.outputFiles].sort((a, b) => Number(entries.has(a.path)) - Number(entries.has(b.path)));
  for (const file of ordered) {
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    const temp = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temp, file.contents);
    fs.renameSync(temp, file.path);
  }
}

/**
 * Declarations, so an outside TypeScript project gets the API's types: tsc emits them from the
 * source, then relative specifiers get the `.js` an ESM resolver (node16/nodenext) needs.
 */
export function buildTypes() {
  const typesDir = path.join(dist, "types");
  fs.rmSync(typesDir, { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  execFileSync(
    process.execPath,
    [
      tsc,
      path.join(pkgDir, "index.ts"),
      "--declaration",
      "--emitDeclarationOnly",
      "--outDir",
      typesDir,
      "--rootDir",
      pkgDir,
      "--target",
      "es2022",
      "--module",
      "esnext",
      "--moduleResolution",
      "bundler",
      "--strict",
      "--esModuleInterop",
      "--skipLibCheck",
      "--types",
      "node",
    ],
    { stdio: "inherit" },
  );
  for (const file of fs.readdirSync(typesDir, { recursive: true })) {
    const full = path.join(typesDir, String(file));
    if (!full.endsWith(".d.ts")) continue;
    const text = fs
      .readFileSync(full, "utf8")
      .replace(/(from\s+|import\()(["'])(\.{1,2}\/[^"']+)\2/g, (match, lead, quote, spec) => {
        if (/\.[cm]?js$/.test(spec)) return match;
        const target = path.resolve(path.dirname(full), spec);
        const resolved = fs.existsSync(`${target}.d.ts`) ? `${spec}.js` : `${spec}/index.js`;
        return `${lead}${quote}${resolved}${quote}`;
      });
    fs.writeFileSync(full, text);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildJs();
  buildTypes();
}
