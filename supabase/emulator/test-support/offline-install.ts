// Installs packages into a folder outside the repository without the network: a lockfile is
// written from this repository's own (same versions and integrity hashes, so npm takes every
// tarball from its local cache) and `npm ci --offline` runs on it. Install scripts are skipped;
// better-sqlite3's native build is copied from this repository's install (same version, same
// Node) instead of compiling SQLite again.
import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";

type LockEntry = {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  [k: string]: unknown;
};

const REPO = path.resolve(import.meta.dirname, "../../..");

/** Where Node would find `dep` required from the package installed at `from` (a lock key). */
function locate(packages: Record<string, LockEntry>, from: string, dep: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ""}node_modules/${dep}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
    const idx = dir.lastIndexOf("/node_modules/");
    dir = idx === -1 ? "" : dir.slice(0, idx);
  }
}

/** Every lock entry the given top-level packages need, keyed as in the repository's lock. */
function closure(packages: Record<string, LockEntry>, roots: string[]): Map<string, LockEntry> {
  const out = new Map<string, LockEntry>();
  const queue = roots.map((r) => `node_modules/${r}`);
  while (queue.length) {
    const key = queue.pop() as string;
    const entry = packages[key];
    if (!entry || out.has(key)) continue;
    out.set(key, entry);
    const deps = { ...entry.dependencies, ...entry.optionalDependencies };
    for (const dep of Object.keys(deps)) {
      const found = locate(packages, key, dep);
      if (found) queue.push(found);
    }
  }
  return out;
}

export function installOffline(dir: string, tarball: string, extra: string[]): void {
  const lock = JSON.parse(fs.readFileSync(path.join(REPO, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  const manifest = JSON.parse(
    execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }),
  ) as { name: string; version: string; dependencies: Record<string, string>; bin?: Record<string, string> };
  const tgz = path.relative(dir, tarball);
  const integrity = `sha512-${createHash("sha512").update(fs.readFileSync(tarball)).digest("base64")}`;
  const rootDeps: Record<string, string> = { [manifest.name]: `file:${tgz}` };
  for (const name of extra) rootDeps[name] = lock.packages[`node_modules/${name}`]?.version ?? "*";
  const entries: Record<string, LockEntry> = {
    "": { name: "outside", version: "1.0.0", dependencies: rootDeps },
    [`node_modules/${manifest.name}`]: {
      version: manifest.version,
      resolved: `file:${tgz}`,
      integrity,
      dependencies: manifest.dependencies,
      ...(manifest.bin ? { bin: manifest.bin } : {}),
    },
  };
  for (const [key, entry] of closure(lock.packages, [...Object.keys(manifest.dependencies), ...extra]))
    entries[key] = entry;
  // The repository's overrides pin some nested versions in its lock; the copied entries need them too.
  const { overrides } = JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8")) as { overrides?: object };
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify(
      { name: "outside", version: "1.0.0", private: true, type: "module", dependencies: rootDeps, overrides },
      null,
      2,
    ),
  );
  fs.writeFileSync(
    path.join(dir, "package-lock.json"),
    JSON.stringify(
      { name: "outside", version: "1.0.0", lockfileVersion: 3, requires: true, packages: entries },
      null,
      2,
    ),
  );
  execFileSync("npm", ["ci", "--offline", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: dir,
    stdio: "pipe",
  });
  const binary = "node_modules/better-sqlite3/build/Release/better_sqlite3.node";
  fs.mkdirSync(path.dirname(path.join(dir, binary)), { recursive: true });
  fs.copyFileSync(path.join(REPO, binary), path.join(dir, binary));
}
