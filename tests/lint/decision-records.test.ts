// Decision records keep one shape and one index (docs/decisions/README.md): every record opens with
// "# NNNN — Title" and then "Date: YYYY-MM-DD · Status: accepted…", its number matches its file name,
// and the index has a row linking it. A record a later one replaced is folded into it and deleted, so
// every record holds today and every citation of one ("decision 0043", "docs/decisions/0043-…") names
// a record that is there.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../server/src/app";

const DIR = path.join(REPO_ROOT, "docs/decisions");
const records = fs
  .readdirSync(DIR)
  .filter((f) => /^\d{4}-.+\.md$/.test(f))
  .sort();
const index = fs.readFileSync(path.join(DIR, "README.md"), "utf8");

const CITATION = /\bdecisions?(?:\s+records?)?\s+(\d{4}(?:(?:,\s*|\s+and\s+|\s+or\s+)\d{4})*)|decisions\/(\d{4})/gi;

/** The record numbers `text` cites, with their line numbers. */
function citedRecords(text: string): { line: number; record: string }[] {
  return text
    .split("\n")
    .flatMap((line, i) =>
      [...line.matchAll(CITATION)].flatMap((m) =>
        (m[1] ?? m[2]!).match(/\d{4}/g)!.map((record) => ({ line: i + 1, record })),
      ),
    );
}

describe("decision records", () => {
  it("exist", () => {
    expect(records.length).toBeGreaterThan(0);
  });

  it.each(records)("%s has its title, date and status lines and a row in the index", (file) => {
    const [title, ...rest] = fs.readFileSync(path.join(DIR, file), "utf8").split("\n");
    expect(title).toMatch(new RegExp(`^# ${file.slice(0, 4)} — \\S`));
    const header = rest.find((line) => line.trim() !== "");
    expect(header).toMatch(/^Date: \d{4}-\d{2}-\d{2} · Status: accepted\b/);
    expect(index).toContain(`](${file})`);
  });

  it("reads a citation in prose, in a list and as a path", () => {
    const text = "see decision 0043\nDecisions 0115, 0116 and 0122 went\n// docs/decisions/0008-change-stamp.md";
    expect(citedRecords(text).map((c) => c.record)).toEqual(["0043", "0115", "0116", "0122", "0008"]);
  });

  it("are cited only where they exist", () => {
    const have = new Set(records.map((f) => f.slice(0, 4)));
    const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
    })
      .split("\0")
      .filter((f) => f && !/(^|\/)package-lock\.json$|^db\/migrations|\.(png|jpe?g|woff2?|sqlite|pdf)$/.test(f));
    const dangling = files.flatMap((file) => {
      let text: string;
      try {
        text = fs.readFileSync(path.join(REPO_ROOT, file), "utf8");
      } catch {
        return []; // listed but deleted in the work tree
      }
      return citedRecords(text)
        .filter((c) => !have.has(c.record))
        .map((c) => `${file}:${c.line} cites ${c.record}`);
    });
    expect(dangling).toEqual([]);
  });
});
