// A node-side entry bundled once with esbuild into node_modules/.cache, rebuilt when a source is
// newer: loading through tsx is most of a start's time. `npm start` and the suites' child processes
// run this way; dependencies stay external.
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

/** Written beside and renamed into place: a parallel start never reads half a bundle. */
function writeAtomically(file, contents) {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
}

/** Each module's import.meta pinned to its original file, so relative file lookups still work. */
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

/** Dependencies stay external, except the workspace's auth emulator (TypeScript source). */
const bundleWorkspaces = {
  name: "bundle-workspaces",
  setup(build) {
    build.onResolve({ filter: /^@founder-foundation\/auth-emulator$/ }, () => ({
      path: path.join(root, "supabase/emulator/index.ts"),
    }));
  },
};

/** The bundle of a node-side entry, built when missing or stale; returns its path. */
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
    // A linked map, opt-in with --enable-source-maps: parsing it every start would slow start-up.
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
