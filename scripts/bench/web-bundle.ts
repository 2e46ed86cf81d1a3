// Section 4a, web bundle: a fresh production build (NODE_ENV=production, Vite manifest on) into a
// temp folder; size of every chunk raw and gzip; the JavaScript the initial route (/sign-in) loads,
// i.e. the entry chunk and its static imports from the manifest; and proof from the bundled module
// list that the identity widget (@sumsub) and the admin area are not in that initial set.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { ROOT, spawnReady, stopChild } from "./remote-stack";

/** Written beside the build by build-web.ts: chunk file → the source modules bundled into it. */
export const MODULE_MAP_FILE = "bench-module-map.json";

/** chunk file → its modules (id relative to the repository, rendered bytes before minification). */
export type ModuleMap = Record<string, Array<{ id: string; bytes: number }>>;

export interface BuildInfo {
  outDir: string;
  buildMs: number;
  nodeEnv: string | undefined;
}

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface ChunkSize {
  file: string;
  rawBytes: number;
  gzipBytes: number;
  initial: boolean;
}

interface LazyCheck {
  what: string;
  /** Source paths that identify it (prefixes relative to the repository). */
  sources: string[];
  /** Modules of it found in the initial set (empty = correctly split out). */
  inInitial: string[];
  /** Chunks that do hold it (where it is loaded instead). */
  chunks: string[];
}

export interface WebBundleResult {
  buildMs: number;
  chunks: ChunkSize[];
  initialJs: { files: string[]; rawBytes: number; gzipBytes: number };
  /**
   * The auth client: fetched by the entry at start-up beside the first render, not before it
   * (docs/decisions/0140), so outside the initial set but on every page's start-up path.
   */
  startupJs: { files: string[]; rawBytes: number; gzipBytes: number };
  css: { rawBytes: number; gzipBytes: number };
  lazy: LazyCheck[];
  /** What the initial set is made of: package or source folder, share of its rendered (pre-minify) bytes. */
  initialComposition: Array<{ owner: string; percent: number }>;
  /** web/dist as `npm start` serves it now: whether it is a development build (React dev runtime). */
  servedDist: { present: boolean; developmentBuild: boolean; entryRawBytes?: number };
}

/**
 * What must never load on /sign-in (docs/performance.md, Budgets): the identity widget, the admin area,
 * and what only a signed-in founder needs (the contract's zod schemas, the query library, the API client).
 */
const MUST_BE_LAZY = [
  { what: "identity widget (@sumsub)", sources: ["node_modules/@sumsub/", "web/src/features/identity/"] },
  { what: "admin area", sources: ["web/src/features/admin/"] },
  { what: "zod (the contract's schemas)", sources: ["node_modules/zod/"] },
  { what: "TanStack Query", sources: ["node_modules/@tanstack/"] },
  { what: "API client", sources: ["node_modules/openapi-fetch/", "web/src/lib/api-client.ts"] },
];

const gzipSize = (buf: Buffer) => zlib.gzipSync(buf).length;

/** The entry chunk and everything it imports statically (dynamic imports load later, on demand). */
function initialChunks(manifest: Manifest): string[] {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error("the Vite manifest has no entry");
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  visit(entryKey);
  return [...seen].map((k) => manifest[k]?.file).filter((f): f is string => Boolean(f?.endsWith(".js")));
}

/** The module start-up imports dynamically beside the first render (main.tsx). */
const STARTUP_DYNAMIC_ENTRY = "src/lib/supabase-client.ts";

/** A dynamic entry's chunk and its static imports, less what the initial set already holds. */
function chunksOf(manifest: Manifest, key: string, initial: Set<string>): string[] {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const dep of manifest[k]?.imports ?? []) visit(dep);
  };
  if (manifest[key]) visit(key);
  return [...seen]
    .map((k) => manifest[k]?.file)
    .filter((f): f is string => Boolean(f?.endsWith(".js")) && !initial.has(f!));
}

/** node_modules/<package> or the first two folders of a source path. */
function ownerOfModule(id: string): string {
  const nm = id.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const parts = id.slice(nm + "node_modules/".length).split("/");
    return parts[0]?.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? id);
  }
  return id.split("/").slice(0, 3).join("/");
}

function composition(mods: Array<{ id: string; bytes: number }>, top = 10): Array<{ owner: string; percent: number }> {
  const total = mods.reduce((a, m) => a + m.bytes, 0) || 1;
  const byOwner = new Map<string, number>();
  for (const m of mods) byOwner.set(ownerOfModule(m.id), (byOwner.get(ownerOfModule(m.id)) ?? 0) + m.bytes);
  return [...byOwner]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([owner, bytes]) => ({ owner, percent: Math.round((1000 * bytes) / total) / 10 }));
}

function inspectServedDist(): WebBundleResult["servedDist"] {
  const dir = path.join(ROOT, "web/dist");
  const index = path.join(dir, "index.html");
  if (!fs.existsSync(index)) return { present: false, developmentBuild: false };
  const entry = /<script[^>]+src="\/?([^"]+\.js)"/.exec(fs.readFileSync(index, "utf8"))?.[1];
  const assets = path.join(dir, "assets");
  const js = fs.existsSync(assets) ? fs.readdirSync(assets).filter((f) => f.endsWith(".js")) : [];
  // React's automatic runtime in development mode calls jsxDEV; production bundles never do.
  const developmentBuild = js.some((f) => fs.readFileSync(path.join(assets, f), "utf8").includes("jsxDEV"));
  const entryPath = entry ? path.join(dir, entry) : undefined;
  return {
    present: true,
    developmentBuild,
    entryRawBytes: entryPath && fs.existsSync(entryPath) ? fs.statSync(entryPath).size : undefined,
  };
}

/** Builds into a temp folder (never touching web/dist, which running tests and `npm start` use). */
export async function buildProductionWeb(): Promise<{ dir: string; info: BuildInfo; cleanup(): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-bench-web-"));
  try {
    const child = await spawnReady<BuildInfo>(
      path.join(ROOT, "scripts/bench/build-web.ts"),
      { NODE_ENV: "production" },
      [],
      [dir],
    );
    await stopChild(child.process);
    return { dir, info: child.info, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

export function measureBundle(dir: string, buildMs: number): WebBundleResult {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, ".vite/manifest.json"), "utf8")) as Manifest;
  const moduleMap = JSON.parse(fs.readFileSync(path.join(dir, MODULE_MAP_FILE), "utf8")) as ModuleMap;
  const initial = new Set(initialChunks(manifest));
  const assets = path.join(dir, "assets");
  const chunks: ChunkSize[] = fs
    .readdirSync(assets)
    .filter((f) => f.endsWith(".js"))
    .map((f) => {
      const buf = fs.readFileSync(path.join(assets, f));
      return {
        file: `assets/${f}`,
        rawBytes: buf.length,
        gzipBytes: gzipSize(buf),
        initial: initial.has(`assets/${f}`),
      };
    })
    .sort((a, b) => b.rawBytes - a.rawBytes);
  const initialList = chunks.filter((c) => c.initial);
  const startupFiles = new Set(chunksOf(manifest, STARTUP_DYNAMIC_ENTRY, initial));
  const startupList = chunks.filter((c) => startupFiles.has(c.file));
  const cssFiles = fs.readdirSync(assets).filter((f) => f.endsWith(".css"));
  const cssBufs = cssFiles.map((f) => fs.readFileSync(path.join(assets, f)));
  const lazy = MUST_BE_LAZY.map(({ what, sources }) => {
    const owns = (id: string) => sources.some((s) => id.startsWith(s));
    return {
      what,
      sources,
      inInitial: [...initial].flatMap((file) => (moduleMap[file] ?? []).map((m) => m.id).filter(owns)),
      chunks: Object.entries(moduleMap)
        .filter(([, mods]) => mods.some((m) => owns(m.id)))
        .map(([file]) => file),
    };
  });
  return {
    buildMs,
    chunks,
    initialJs: {
      files: initialList.map((c) => c.file),
      rawBytes: initialList.reduce((a, c) => a + c.rawBytes, 0),
      gzipBytes: initialList.reduce((a, c) => a + c.gzipBytes, 0),
    },
    startupJs: {
      files: startupList.map((c) => c.file),
      rawBytes: startupList.reduce((a, c) => a + c.rawBytes, 0),
      gzipBytes: startupList.reduce((a, c) => a + c.gzipBytes, 0),
    },
    css: {
      rawBytes: cssBufs.reduce((a, b) => a + b.length, 0),
      gzipBytes: cssBufs.reduce((a, b) => a + gzipSize(b), 0),
    },
    lazy,
    initialComposition: composition([...initial].flatMap((file) => moduleMap[file] ?? [])),
    servedDist: inspectServedDist(),
  };
}
