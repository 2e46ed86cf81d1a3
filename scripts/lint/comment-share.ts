// Comments say why in a line or two: `npm run lint` prints the share of comment-only lines in each
// folder below and fails when one is above MAX_COMMENT_SHARE. Lines are classified by TypeScript's
// own parser, so a "/*" inside a string or a glob is code, not the start of a comment.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** The one threshold: a folder whose comment-only lines exceed this share of its non-blank lines fails lint. */
export const MAX_COMMENT_SHARE = 0.1;

export const FOLDERS = ["server/src", "db", "web/src", "supabase/emulator", "scripts", "tests/support"] as const;
const SOURCE = /\.(ts|tsx|js|mjs)$/;
/** Generated, not written by hand. */
const GENERATED = new Set(["web/src/api/schema.d.ts"]);

export interface LineCount {
  comment: number;
  nonBlank: number;
}

const KINDS: Record<string, ts.ScriptKind> = {
  ".tsx": ts.ScriptKind.TSX,
  ".js": ts.ScriptKind.JS,
  ".mjs": ts.ScriptKind.JS,
};

/** Comment-only and non-blank lines of one source file: a non-blank line no token touches is a comment line. */
export function countLines(fileName: string, text: string): LineCount {
  const kind = KINDS[path.extname(fileName)] ?? ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const code = new Set<number>();
  const visit = (node: ts.Node): void => {
    if (ts.isJSDoc(node)) return; // the parser hands JSDoc comments over as nodes
    if (node.getChildCount(source) > 0) return node.getChildren(source).forEach(visit);
    if (node.kind === ts.SyntaxKind.EndOfFileToken) return;
    if (node.kind === ts.SyntaxKind.JsxText && (node as ts.JsxText).containsOnlyTriviaWhiteSpaces) return;
    const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
    const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
    for (let line = first; line <= last; line++) code.add(line);
  };
  visit(source);
  let comment = 0;
  let nonBlank = 0;
  text.split("\n").forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed === "") return;
    nonBlank++;
    if (!code.has(i) && !trimmed.startsWith("#!")) comment++;
  });
  return { comment, nonBlank };
}

/** Every hand-written source file under `folder`: tracked, or new and not ignored. */
function sourceFiles(root: string, folder: string): string[] {
  return execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", folder], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\0")
    .filter((file) => SOURCE.test(file) && !GENERATED.has(file));
}

export interface FolderShare extends LineCount {
  folder: string;
  share: number;
}

export function folderShares(root: string): FolderShare[] {
  return FOLDERS.map((folder) => {
    const total: LineCount = { comment: 0, nonBlank: 0 };
    for (const file of sourceFiles(root, folder)) {
      let text: string;
      try {
        text = readFileSync(path.join(root, file), "utf8");
      } catch {
        continue; // listed but deleted in the work tree
      }
      const count = countLines(file, text);
      total.comment += count.comment;
      total.nonBlank += count.nonBlank;
    }
    return { folder, ...total, share: total.nonBlank === 0 ? 0 : total.comment / total.nonBlank };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const shares = folderShares(root);
  const percent = (x: number) => `${(x * 100).toFixed(1)} %`;
  console.log(`comment-only lines (limit ${percent(MAX_COMMENT_SHARE)}):`);
  for (const s of shares) {
    const over = s.share > MAX_COMMENT_SHARE ? "  OVER" : "";
    console.log(`  ${s.folder.padEnd(18)} ${percent(s.share).padStart(7)}  (${s.comment} of ${s.nonBlank})${over}`);
  }
  if (shares.some((s) => s.share > MAX_COMMENT_SHARE)) process.exit(1);
}
