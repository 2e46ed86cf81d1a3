// The package's publishable form, in dist/ (decision record 0065): esbuild's JavaScript and tsc's
// declarations. npm runs it at `prepack`; the bin builds the JavaScript on demand when the source is newer.
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const pkgDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(pkgDir, "dist");

/** Packages Fastify requires only on paths the emulator never takes (decision record 0176): each fails loudly. */
const NEVER_RUN = ["@fastify/ajv-compiler", "@fastify/fast-json-stringify-compiler", "light-my-request", "pino"];

const neverRun = {
  name: "never-run",
  setup(b) {
    const filter = new RegExp(`^(${NEVER_RUN.map((n) => n.replace(/[/.]/g, "\\$&")).join("|")})$`);
    b.onResolve({ filter }, (args) => ({ path: args.path, namespace: "never-run" }));
    b.onLoad({ filter: /.*/, namespace: "never-run" }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`the auth emulator's bundle leaves out ${args.path}, which its servers never use`)});`,
      loader: "js",
    }));
  },
};

/**
 * Node modules Fastify requires at load but uses only to make HTTPS or HTTP/2 servers, which the
 * emulator never makes: each becomes an object that loads the real module on first use.
 */
const lazyFastifyBuiltins = {
  name: "lazy-fastify-builtins",
  setup(b) {
    b.onResolve({ filter: /^node:(https|http2)$/ }, (args) =>
      /[\\/]fastify[\\/]lib[\\/]server\.js$/.test(args.importer)
        ? { path: args.path, namespace: "lazy-builtin" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "lazy-builtin" }, (args) => ({
      contents: `let m; module.exports = new Proxy({}, { get: (_, key) => (m ??= process.getBuiltinModule(${JSON.stringify(args.path)}))[key] });`,
      loader: "js",
    }));
  },
};

/** Zod's locales, of which the emulator uses none: English alone, the default. */
const zodEnglishOnly = {
  name: "zod-english-only",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]/.test(args.importer)
        ? { path: path.join(path.dirname(args.importer), "../locales/en.js"), namespace: "zod-en" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "zod-en" }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: path.dirname(args.path),
    }));
  },
};

/**
 * index.js and cli.js with their dependencies bundled in (decision record 0176). Each file is written to a
 * temporary name and renamed, as several processes may build at once; `clean` removes old chunks after
 * writing, and only the full build cleans, as a running emulator may yet load an older lazy chunk.
 */
export async function buildJs({ clean = false, outDir = dist } = {}) {
  const result = await build({
    entryPoints: [path.join(pkgDir, "index.ts"), path.join(pkgDir, "cli.ts")],
    outdir: outDir,
    // Chunk names hash paths relative to the working folder: fixed, so `npm pack` (run here) and the bin
    // (run from anywhere) write the same chunks, and a clean build never removes a running emulator's.
    absWorkingDir: pkgDir,
    bundle: true,
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["better-sqlite3", "bcrypt", "@node-rs/argon2", "@simplewebauthn/server"],
    plugins: [neverRun, lazyFastifyBuiltins, zodEnglishOnly],
    // Less source for V8 to parse at each start; names are kept, so stack traces still read.
    minifyWhitespace: true,
    minifySyntax: true,
    // Bundled CommonJS packages call require(); ESM has none of its own.
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
    logLevel: "warning",
    write: false,
    metafile: true,
  });
  const entries = new Set(["index.js", "cli.js"].map((f) => path.join(outDir, f)));
  const ordered = [...result.outputFiles].sort((a, b) => Number(entries.has(a.path)) - Number(entries.has(b.path)));
  for (const file of ordered) {
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    const temp = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temp, file.contents);
    fs.renameSync(temp, file.path);
  }
  if (clean) {
    const chunks = path.join(outDir, "chunks");
    const written = new Set(result.outputFiles.map((f) => f.path));
    // Another build's half-written file (`.tmp`) is left to it.
    for (const name of fs.readdirSync(chunks))
      if (!written.has(path.join(chunks, name)) && !name.endsWith(".tmp"))
        fs.rmSync(path.join(chunks, name), { force: true });
  }
  return result.metafile;
}

/** Declarations from the source, with the `.js` an ESM resolver (node16/nodenext) needs on relative specifiers. */
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
  await buildJs({ clean: true });
  buildTypes();
}
