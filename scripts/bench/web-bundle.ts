// The web bundle: a fresh production build (NODE_ENV=production, Vite manifest on) into a temp
// folder; every chunk raw and gzip; the JavaScript /sign-in loads (the entry chunk and its static
// imports, from the manifest); proof from the bundled module lists that what must load lazily does.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { ROOT, spawnReady } from "./remote-stack";

/** Written beside the build by build-web.ts: chunk file → the source modules bundled into it. */
export const MODULE_MAP_FILE = "bench-module-map.json";

/** chunk file → its modules (id relative to the repository, rendered bytes before minification). */
export type ModuleMap = Record<string, Array<{ id: string; bytes: number }>>;

export interface BuildInfo {
  buildMs: number;
}
type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

export interface WebBundleResult {
  buildMs: number;
  chunks: Array<{ file: string; rawBytes: number; gzipBytes: number; initial: boolean }>;
  initialJs: { files: string[]; rawBytes: number; gzipBytes: number };
  /** What must load lazily: its modules found in the initial set (none, when split out), and the chunks holding it. */
  lazy: Array<{ what: string; inInitial: string[]; chunks: string[] }>;
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

/** Builds into a temp folder (never touching web/dist, which running tests and `npm start` use). */
export async function buildProductionWeb(): Promise<{ dir: string; info: BuildInfo; cleanup(): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-bench-web-"));
  try {
    const child = await spawnReady<BuildInfo>(
      path.join(ROOT, "scripts/bench/build-web.ts"),
      { NODE_ENV: "production" },
      [dir],
    );
    await child.stop();
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
  const files = fs.readdirSync(assets).filter((f) => f.endsWith(".js"));
  const chunks = files.map((f) => {
    const buf = fs.readFileSync(path.join(assets, f));
    return { file: `assets/${f}`, rawBytes: buf.length, gzipBytes: gzipSize(buf), initial: initial.has(`assets/${f}`) };
  });
  const initialList = chunks.filter((c) => c.initial);
  const lazy = MUST_BE_LAZY.map(({ what, sources }) => {
    const owns = (id: string) => sources.some((s) => id.startsWith(s));
    return {
      what,
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
    lazy,
  };
}
