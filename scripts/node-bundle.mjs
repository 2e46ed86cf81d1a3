// A node-side entry bundled once with esbuild into node_modules/.cache and rebuilt only when a
// source file is newer than the bundle: loading the server through a TypeScript loader (tsx) would
// be most of a start-up's time (`npm run bench -- --only=startup` profiles its phases), ~1 s of
// CPU a start. `npm start` (scripts/launch.mjs) runs scripts/start.ts this way; the test suites
// that start the app or the auth emulator as child processes run their entries this way too.
// Dependencies stay external (loaded from node_modules as usual).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cacheDir = path.join(root, "node_modules/.cache/founder-foundation");
const SOURCE_DIRS = ["server", "db", "supabase", "scripts"];
const SKIP = new Set(["node_modules", "dist", "bench", "__tests__"]);

/** Newest modification time of the node-side sources (tests excluded). */
function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (/\.(ts|mjs|js|sql|json|toml|html)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
      newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  }
  return newest;
}

/** Current when built for this checkout (`stamp` names it: its absolute paths are that checkout's own) after every source and the entry last changed. */
function bundleIsCurrent(entry, bundle, stamp) {
  if (!fs.existsSync(bundle) || !fs.existsSync(stamp)) return false;
  // A moved or copied checkout keeps the bundle's times but not its paths: rebuild there.
  if (fs.readFileSync(stamp, "utf8") !== root) return false;
  const built = fs.statSync(bundle).mtimeMs;
  return fs.statSync(entry).mtimeMs <= built && SOURCE_DIRS.every((d) => newestSource(path.join(root, d)) <= built);
}

/**
 * Each file goes to a temporary name and is renamed into place: a second start building at the
 * same moment (parallel test workers) never reads half a bundle, and a bundle file shared with
 * another checkout (hard-linked node_modules) is replaced, not rewritten in place.
 */
function writeAtomically(file, contents) {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
}

/**
 * Modules find their files (migrations, config.toml, the widget script, web/dist) relative to
 * themselves through import.meta; in one bundle those would all point at the bundle, so each is
 * pinned to its original file while bundling. The bundle lives inside this checkout's
 * node_modules and `start.root` names the checkout it was built for, so the absolute paths it
 * holds are this checkout's own.
 */
const pinImportMeta = {
  name: "pin-import-meta",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      let contents = await fs.promises.readFile(args.path, "utf8");
      if (contents.includes("import.meta.")) {
        contents = contents
          .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href))
          .replaceAll("import.meta.dirname", JSON.stringify(path.dirname(args.path)));
      }
      return { contents, loader: "ts" };
    });
  },
};

/**
 * Dependencies stay external, except this repository's own workspace package (the auth
 * emulator), whose entry is TypeScript source: it is bundled like the rest.
 */
const bundleWorkspaces = {
  name: "bundle-workspaces",
  setup(build) {
    build.onResolve({ filter: /^@founder-foundation\/auth-emulator$/ }, () => ({
      path: path.join(root, "supabase/emulator/index.ts"),
    }));
  },
};

/**
 * The bundle of a node-side entry (`scripts/start.ts` for `npm start`; test suites' child-process
 * entries), built into node_modules/.cache when missing or stale; returns its path.
 */
export async function bundledEntry(entry) {
  const name = path.relative(root, entry).replace(/\.ts$/, "").replaceAll(path.sep, "-");
  const bundle = path.join(cacheDir, `${name}.mjs`);
  const stamp = path.join(cacheDir, `${name}.root`);
  if (bundleIsCurrent(entry, bundle, stamp)) return bundle;
  const { build } = await import("esbuild");
  fs.mkdirSync(cacheDir, { recursive: true });
  const result = await build({
    entryPoints: [entry],
    outfile: bundle,
    write: false,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    // A linked map beside the bundle: `node --enable-source-maps` maps traces back to the .ts
    // sources; parsing it on every start would slow start-up (`npm run bench -- --only=startup`),
    // so it is opt-in.
    sourcemap: "linked",
    plugins: [bundleWorkspaces, pinImportMeta],
    logLevel: "warning",
  });
  // The map first, the bundle last: the bundle's time is what says the build is current.
  const outputs = [
    ...result.outputFiles.filter((o) => o.path !== bundle),
    ...result.outputFiles.filter((o) => o.path === bundle),
  ];
  writeAtomically(stamp, root);
  for (const output of outputs) writeAtomically(output.path, output.contents);
  return bundle;
}
