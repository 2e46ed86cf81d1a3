// Paths in backticks in the Markdown docs name files that exist, as links must. A span with a "/"
// must resolve from the repository, the page's folder or its src/, be a tracked path's tail (a folder
// the sentence names), or be build output listed in .gitignore.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface StalePath {
  page: string;
  line: number;
  path: string;
}

const PATH_LIKE = /^(?!\/|@|[a-z]+:)[\w.@-]+(?:\/[\w.@[\]-]*)+$/i;
const EXTENSION = /\.[a-z]{1,5}$/i;

/** Where a path in `page` may be relative to: the repository, the page's folder, and that folder's src/. */
function basesFor(root: string, page: string): string[] {
  const dir = path.join(root, path.dirname(page));
  return [root, dir, path.join(dir, "src")];
}

/** The backticked spans of `text` (outside fenced code blocks) that are paths, with their line numbers. */
export function backtickedPaths(root: string, page: string, text: string): { line: number; path: string }[] {
  const bases = basesFor(root, page);
  const found: { line: number; path: string }[] = [];
  let fenced = false;
  text.split("\n").forEach((line, i) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) return;
    for (const m of line.matchAll(/`([^`\n]+)`/g)) {
      const span = m[1]!.replace(/:\d+(?:-\d+)?(?:,\d+(?:-\d+)?)*$/, "");
      if (!PATH_LIKE.test(span)) continue;
      const first = span.split("/")[0]!;
      const rooted = bases.some((b) => fs.existsSync(path.join(b, first)));
      if (span.endsWith("/") || rooted || EXTENSION.test(span)) found.push({ line: i + 1, path: span });
    }
  });
  return found;
}

function gitFiles(root: string, ...args: string[]): string[] {
  return execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard", ...args], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\0")
    .filter((p) => p && fs.existsSync(path.join(root, p)));
}

/** Every tracked file and folder as "/a/b/c" and "/a/b/", for tail matches. */
function trackedPaths(root: string): string[] {
  const all = new Set<string>();
  for (const file of gitFiles(root)) {
    all.add(`/${file}`);
    for (let dir = path.posix.dirname(file); dir !== "."; dir = path.posix.dirname(dir)) all.add(`/${dir}/`);
  }
  return [...all];
}

/** Build output named in .gitignore: "web/dist" and, for a relative mention, its last folder ("dist"). */
function buildOutputs(root: string): string[] {
  const entries = fs
    .readFileSync(path.join(root, ".gitignore"), "utf8")
    .split("\n")
    .map((l) => l.trim().replace(/^\/|\/$/g, ""))
    .filter((l) => l && !/[*!#]/.test(l));
  return [...new Set(entries.flatMap((e) => [e, e.split("/").pop()!]))];
}

/** Every backticked path in the repository's Markdown that names nothing. */
export function stalePaths(root: string): StalePath[] {
  const tracked = trackedPaths(root);
  const outputs = buildOutputs(root);
  const names = (page: string, span: string): boolean => {
    const bare = span.replace(/\/$/, "");
    if (basesFor(root, page).some((b) => fs.existsSync(path.join(b, bare)))) return true;
    if (outputs.some((o) => bare === o || bare.startsWith(`${o}/`))) return true;
    const tail = `/${bare}`;
    return tracked.some((t) => t.endsWith(tail) || t.endsWith(`${tail}/`));
  };
  return gitFiles(root, "*.md").flatMap((page) =>
    backtickedPaths(root, page, fs.readFileSync(path.join(root, page), "utf8"))
      .filter((p) => !/^[A-Z_]+$/.test(p.path.split("/")[0]!) && !names(page, p.path))
      .map((p) => ({ page, ...p })),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const stale = stalePaths(root);
  for (const s of stale) console.error(`${s.page}:${s.line}: \`${s.path}\` names no file`);
  if (stale.length > 0) {
    console.error(`\n${stale.length} backticked path(s) name nothing.`);
    process.exit(1);
  }
}
