// `npm run db:release`: writes db/releases/<package.json version>.json, the snapshot of what this
// release's code uses (tables, columns) and how many migrations it ships with, for the
// expand/contract check of the next release's migrations (db/releases.ts, docs/deploying.md).
import fs from "node:fs";
import path from "node:path";
import { RELEASES_FOLDER, tablesOfSchema, type ReleaseSnapshot } from "../db/releases";
import { committedMigrations } from "../db/schema-version";
import { MIGRATIONS_FOLDER } from "../db/client";
import { PG_MIGRATIONS_FOLDER } from "../db/postgres";

const root = path.resolve(import.meta.dirname, "..");
const { version } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
const snapshot: ReleaseSnapshot = {
  version,
  migrations: {
    sqlite: committedMigrations(MIGRATIONS_FOLDER).length,
    postgres: committedMigrations(PG_MIGRATIONS_FOLDER).length,
  },
  tables: tablesOfSchema(),
};
fs.mkdirSync(RELEASES_FOLDER, { recursive: true });
const file = path.join(RELEASES_FOLDER, `${version}.json`);
fs.writeFileSync(file, `${JSON.stringify(snapshot, null, 2)}\n`);
console.log(`wrote ${path.relative(root, file)}`);
