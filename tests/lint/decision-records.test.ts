// Decision records keep one shape and one index (docs/decisions/README.md): every record opens with
// "# NNNN — Title" and then "Date: YYYY-MM-DD · Status: …", its number matches its file name, a
// superseded record names the one that replaced it, and the index has a row linking it.
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

describe("decision records", () => {
  it("exist", () => {
    expect(records.length).toBeGreaterThan(0);
  });

  it.each(records)("%s has its title, date and status lines and a row in the index", (file) => {
    const [title, ...rest] = fs.readFileSync(path.join(DIR, file), "utf8").split("\n");
    expect(title).toMatch(new RegExp(`^# ${file.slice(0, 4)} — \\S`));
    const header = rest.find((line) => line.trim() !== "");
    expect(header).toMatch(/^Date: \d{4}-\d{2}-\d{2} · Status: (accepted|superseded by \[?\d{4})/);
    expect(index).toContain(`](${file})`);
  });
});
