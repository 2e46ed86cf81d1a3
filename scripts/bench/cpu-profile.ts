// Reads a V8 .cpuprofile (what `node --cpu-prof` writes) and ranks where the time went: self time
// per function, and the same grouped by package (or project folder), so a slow route's cause is named.
import fs from "node:fs";
import path from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** A span on the monotonic clock in microseconds (V8's profile clock; `process.hrtime` reads the same one on Linux). */
export interface Window {
  fromUs: number;
  toUs: number;
}

export function monotonicUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/** Samples per node id, only those taken inside the window when one is given (and the profile has timestamps). */
function hitsByNode(profile: CpuProfile, window?: Window): Map<number, number> {
  const hits = new Map<number, number>();
  if (window && profile.samples && profile.timeDeltas) {
    let t = profile.startTime;
    profile.samples.forEach((id, i) => {
      t += profile.timeDeltas?.[i] ?? 0;
      if (t >= window.fromUs && t <= window.toUs) hits.set(id, (hits.get(id) ?? 0) + 1);
    });
    return hits;
  }
  for (const n of profile.nodes) if (n.hitCount) hits.set(n.id, n.hitCount);
  return hits;
}

export interface ProfileSummary {
  file: string;
  totalMs: number;
  /** Share of samples by package name (node_modules) or project folder. */
  byOwner: Array<{ owner: string; percent: number }>;
  /**
   * The same, with Node internals and native work (crypto, SQLite, writes) charged to the nearest
   * package or project frame that called them: answers "which library is the cost".
   */
  byCaller: Array<{ owner: string; percent: number }>;
  topFunctions: Array<{ fn: string; owner: string; percent: number }>;
}

function ownerOf(url: string, root: string): string {
  if (!url) return "(native / idle / gc)";
  const file = url.startsWith("file://") ? decodeURIComponent(new URL(url).pathname) : url;
  const nm = file.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const parts = file.slice(nm + "node_modules/".length).split("/");
    return parts[0]?.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? file);
  }
  if (file.startsWith("node:")) return file;
  const rel = path.relative(root, file);
  return rel.startsWith("..") ? file : rel.split("/").slice(0, 3).join("/");
}

export function summarizeProfile(
  file: string,
  root: string,
  opts: { window?: Window; top?: number } = {},
): ProfileSummary {
  const top = opts.top ?? 12;
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
  const hitMap = hitsByNode(profile, opts.window);
  const total = [...hitMap.values()].reduce((a, b) => a + b, 0) || 1;
  const owners = new Map<string, number>();
  const fns = new Map<string, { owner: string; hits: number }>();
  for (const n of profile.nodes) {
    const hits = hitMap.get(n.id) ?? 0;
    if (!hits) continue;
    const owner = ["(idle)", "(program)", "(garbage collector)"].includes(n.callFrame.functionName)
      ? n.callFrame.functionName
      : ownerOf(n.callFrame.url, root);
    owners.set(owner, (owners.get(owner) ?? 0) + hits);
    const key = `${n.callFrame.functionName || "(anonymous)"} ${owner}:${n.callFrame.lineNumber + 1}`;
    const f = fns.get(key) ?? { owner, hits: 0 };
    f.hits += hits;
    fns.set(key, f);
  }
  const pct = (h: number) => Math.round((1000 * h) / total) / 10;
  const parent = new Map<number, ProfileNode>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n);
  const isCode = (owner: string) => !owner.startsWith("node:") && !owner.startsWith("(");
  const callers = new Map<string, number>();
  for (const [id, hits] of hitMap) {
    let node = byId.get(id);
    const own = node ? ownerOf(node.callFrame.url, root) : "(unknown)";
    let owner =
      node && ["(idle)", "(program)", "(garbage collector)"].includes(node.callFrame.functionName)
        ? node.callFrame.functionName
        : own;
    while (node && !isCode(owner)) {
      node = parent.get(node.id);
      if (node) {
        const o = ownerOf(node.callFrame.url, root);
        if (isCode(o)) owner = o;
      }
    }
    callers.set(owner, (callers.get(owner) ?? 0) + hits);
  }
  return {
    file,
    totalMs: Math.round(
      (opts.window
        ? Math.min(opts.window.toUs, profile.endTime) - Math.max(opts.window.fromUs, profile.startTime)
        : profile.endTime - profile.startTime) / 1000,
    ),
    byCaller: [...callers]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([owner, h]) => ({ owner, percent: pct(h) })),
    byOwner: [...owners]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([owner, h]) => ({ owner, percent: pct(h) })),
    topFunctions: [...fns]
      .sort((a, b) => b[1].hits - a[1].hits)
      .slice(0, top)
      .map(([fn, f]) => ({ fn: fn.split(" ")[0] ?? fn, owner: f.owner, percent: pct(f.hits) })),
  };
}

/** The main thread's (thread 0) profile in a `--cpu-prof-dir`; tsx's loader thread writes one too. */
export function mainThreadProfile(dir: string): string | undefined {
  return threadProfiles(dir).main;
}

/** The main thread's profile and the others' (the tsx loader's hooks thread, where it compiles). */
export function threadProfiles(dir: string): { main?: string; others: string[] } {
  if (!fs.existsSync(dir)) return { others: [] };
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"));
  const isMain = (f: string) => f.split(".")[4] === "0";
  const main = files.find(isMain);
  return {
    main: main ? path.join(dir, main) : undefined,
    others: files.filter((f) => !isMain(f)).map((f) => path.join(dir, f)),
  };
}

/** Milliseconds of the summary's span the thread was not idle. */
export function busyMs(summary: ProfileSummary): number {
  const idle = summary.byOwner.find((o) => o.owner === "(idle)")?.percent ?? 0;
  return Math.round((summary.totalMs * (100 - idle)) / 100);
}
