// The next release of this checkout, for the rolling-deploy run: a copy of the working tree (its
// node_modules linked, not copied) with one more migration on each engine and the schema that
// declares what it adds, as a team's next release would carry an expand migration.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { REPO_ROOT } from "../../server/src/app";

const NOT_COPIED = new Set(["node_modules", ".git", ".data", "bench-results", "test-artifacts", "coverage", "dist"]);

export interface NextRelease {
  /** The copy's root: start it with startAppProcess(env, { root }), migrate with its `npm run db:migrate`. */
  root: string;
  close(): void;
}

function addMigration(folder: string, tag: string, sql: string): void {
  const file = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(file, "utf8")) as {
    entries: Array<{ idx: number; when: number; tag: string }>;
  };
  const last = journal.entries.at(-1)!;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
  fs.writeFileSync(file, JSON.stringify(journal, null, 2));
  fs.writeFileSync(path.join(folder, `${tag}.sql`), sql);
}

/** The next release: a nullable column `person.<column>` added on both engines (an expand migration). */
export function nextReleaseAddingColumn(column: string): NextRelease {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "ff-next-release-"));
  fs.cpSync(REPO_ROOT, root, { recursive: true, filter: (src) => !NOT_COPIED.has(path.basename(src)) });
  fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(root, "node_modules"), "dir");
  const tag = `9000_add_person_${column}`;
  addMigration(path.join(root, "db/migrations"), tag, `ALTER TABLE \`person\` ADD \`${column}\` text;`);
  addMigration(path.join(root, "db/migrations-pg"), tag, `ALTER TABLE "person" ADD COLUMN "${column}" text;`);
  for (const schema of ["db/schema.ts", "db/schema-pg.ts"]) {
    const file = path.join(root, schema);
    const text = fs.readFileSync(file, "utf8");
    if (!text.includes('city: text("city"),')) throw new Error(`${schema}: no person.city to add a column after`);
    fs.writeFileSync(
      file,
      text.replace('city: text("city"),', `city: text("city"),\n    ${column}: text("${column}"),`),
    );
  }
  return { root, close: () => fs.rmSync(root, { recursive: true, force: true }) };
}
