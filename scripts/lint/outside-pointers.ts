// The repository cites its own documents (requirements by section, docs/, decision records), never
// one that does not travel with it; `npm run lint` fails on such a pointer in any tracked text file.
// The patterns are assembled from pieces so that this file does not match them itself.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface OutsidePointer {
  file: string;
  line: number;
  text: string;
  why: string;
}

const S = "\u00a7"; // the section sign
export const OUTSIDE_POINTERS: { pattern: RegExp; why: string }[] = [
  {
    pattern: new RegExp(String.raw`\biss` + String.raw`ues?[ -]#?\d+`, "i"),
    why: "cite the decision record or docs section that explains it, not a tracker entry",
  },
  {
    pattern: new RegExp(String.raw`\bsp` + String.raw`ec\s*` + S, "i"),
    why: `cite docs/requirements.md as "requirements ${S}N" (same section numbers)`,
  },
  { pattern: new RegExp(String.raw`\bDES` + String.raw`IGN\.md\b`), why: "cite docs/architecture.md" },
  {
    pattern: new RegExp(String.raw`/wo` + String.raw`rk/|\bsha` + String.raw`red/(?:spec|DESIGN|reference)\b`),
    why: "a path outside the repository",
  },
];

/**
 * The one line that reads data beside the clone rather than citing it: CI hands GoTrue's OpenAPI
 * document to the emulator's contract test (its clone sits next to that folder).
 */
const READS_BESIDE_THE_CLONE = { file: ".ci/run", line: /^export GOTRUE_OPENAPI=\.\.\/\S+\/openapi\.yaml$/ };

/** Generated or binary files: nothing in them is written by hand. */
const SKIPPED = [
  /(^|\/)package-lock\.json$/,
  /\.(png|jpe?g|gif|webp|ico|woff2?|ttf|pdf|sqlite)$/i,
  /^db\/migrations(-pg)?\/meta\//,
];

/** Every pointer outside the repository in `text`, one per line and pattern. */
export function findOutsidePointers(file: string, text: string): OutsidePointer[] {
  const found: OutsidePointer[] = [];
  text.split("\n").forEach((line, i) => {
    if (file === READS_BESIDE_THE_CLONE.file && READS_BESIDE_THE_CLONE.line.test(line)) return;
    for (const { pattern, why } of OUTSIDE_POINTERS) {
      if (pattern.test(line)) found.push({ file, line: i + 1, text: line.trim(), why });
    }
  });
  return found;
}

/** The pointers outside in every text file of the repository at `root`: tracked, or new and not ignored. */
export function scanRepository(root: string): OutsidePointer[] {
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\0")
    .filter(Boolean);
  return files
    .filter((file) => !SKIPPED.some((re) => re.test(file)))
    .flatMap((file) => {
      let text: string;
      try {
        text = readFileSync(path.join(root, file), "utf8");
      } catch {
        return []; // listed but deleted in the work tree
      }
      return text.includes("\0") ? [] : findOutsidePointers(file, text);
    });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const found = scanRepository(root);
  for (const p of found) console.error(`${p.file}:${p.line}: ${p.why}\n    ${p.text}`);
  if (found.length > 0) {
    console.error(`\n${found.length} pointer(s) outside the repository.`);
    process.exit(1);
  }
}
