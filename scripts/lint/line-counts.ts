// `npm run lint`'s counts of lines, printed and held to their limits. Comments say why in a line or
// two: comment-only lines may be at most MAX_COMMENT_SHARE of a folder's product code. The machinery
// (bench and test support) stays within MACHINERY's limits, and its share of the product is printed.
// Lines are classified by TypeScript's own parser, so a "/*" inside a string or a glob is code.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const MAX_COMMENT_SHARE = 0.1;

const FOLDERS = ["server/src", "db", "web/src", "supabase/emulator", "scripts", "tests/support"];

/** Lines of non-test source files, at most `max` for each group of folders. */
export const MACHINERY = [
  { name: "scripts/bench", folders: ["scripts/bench"], max: 2500 },
  { name: "tests/support", folders: ["tests/support"], max: 4500 },
  {
    name: "emulator bench + test-support",
    folders: ["supabase/emulator/bench", "supabase/emulator/test-support"],
    max: 1500,
  },
];

/** What the machinery is weighed against: the product, and the app alone (without the auth emulator). */
const APP = ["server/src", "server/identity-emulator", "db", "web/src"];
const PRODUCT = [...APP, "supabase/emulator"];

const SOURCE = /\.(ts|tsx|js|mjs)$/;
const GENERATED = new Set(["web/src/api/schema.d.ts"]);
const TEST_FILE = /\.test\.[^/]+$/;
/** Code only tests run, beside the product: left out of its comment share and its lines. */
const TEST_ONLY = [
  "web/src/testing/",
  "web/src/test-setup.ts",
  "supabase/emulator/test-support/",
  "server/src/contract/test-fixtures.ts",
];

export const isTestCode = (file: string): boolean => TEST_FILE.test(file) || TEST_ONLY.some((p) => file.startsWith(p));

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

/** Lines as `wc -l` counts them. */
export const lineCount = (text: string): number => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

/** Every hand-written source file under the folders, with its text: tracked, or new and not ignored. */
function sources(root: string, folders: string[]): { file: string; text: string }[] {
  const listed = execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", ...folders],
    {
      cwd: root,
      encoding: "utf8",
    },
  );
  return listed
    .split("\0")
    .filter((file) => SOURCE.test(file) && !GENERATED.has(file))
    .flatMap((file) => {
      try {
        return [{ file, text: readFileSync(path.join(root, file), "utf8") }];
      } catch {
        return []; // listed but deleted in the work tree
      }
    });
}

interface FolderShare extends LineCount {
  folder: string;
  share: number;
}

/** Each folder's comment share, test code left out; tests/support is all machinery and counts as one folder. */
function folderShares(root: string): FolderShare[] {
  return FOLDERS.map((folder) => {
    const total: LineCount = { comment: 0, nonBlank: 0 };
    for (const { file, text } of sources(root, [folder])) {
      if (isTestCode(file)) continue;
      const count = countLines(file, text);
      total.comment += count.comment;
      total.nonBlank += count.nonBlank;
    }
    return { folder, ...total, share: total.nonBlank === 0 ? 0 : total.comment / total.nonBlank };
  });
}

const linesUnder = (root: string, folders: string[], skip: (file: string) => boolean): number =>
  sources(root, folders).reduce((sum, { file, text }) => (skip(file) ? sum : sum + lineCount(text)), 0);

function machineryLines(root: string) {
  const groups = MACHINERY.map((m) => ({ ...m, lines: linesUnder(root, m.folders, (f) => TEST_FILE.test(f)) }));
  const machinery = MACHINERY.flatMap((m) => m.folders.map((f) => `${f}/`));
  const productOnly = (f: string) => isTestCode(f) || machinery.some((m) => f.startsWith(m));
  return {
    groups,
    product: linesUnder(root, PRODUCT, productOnly),
    app: linesUnder(root, APP, productOnly),
  };
}

/** Prints every count of `root` with its limit; false when one is over. */
export function checkLineCounts(root: string, log: (line: string) => void = console.log): boolean {
  const shares = folderShares(root);
  const percent = (x: number) => `${(x * 100).toFixed(1)} %`;
  log(`comment-only lines of product code, test code left out (limit ${percent(MAX_COMMENT_SHARE)}):`);
  for (const s of shares) {
    const over = s.share > MAX_COMMENT_SHARE ? "  OVER" : "";
    log(`  ${s.folder.padEnd(18)} ${percent(s.share).padStart(7)}  (${s.comment} of ${s.nonBlank})${over}`);
  }
  const { groups, product, app } = machineryLines(root);
  log("machinery lines (non-test .ts/.tsx/.js/.mjs):");
  for (const g of groups) {
    const over = g.lines > g.max ? "  OVER" : "";
    log(`  ${g.name.padEnd(30)} ${String(g.lines).padStart(6)}  (limit ${g.max})${over}`);
  }
  const total = groups.reduce((sum, g) => sum + g.lines, 0);
  const ratio = (n: number) => (n === 0 ? "-" : (total / n).toFixed(2));
  log(`  ${total} lines: ${ratio(product)} of the product's ${product} (${ratio(app)} of the app's ${app})`);
  return shares.every((s) => s.share <= MAX_COMMENT_SHARE) && groups.every((g) => g.lines <= g.max);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  if (!checkLineCounts(root)) process.exit(1);
}
