// Expand/contract releases (docs/decisions/0046): db/releases/<version>.json lists the tables and
// columns each release's code uses, so a migration drops only what the previous release no longer uses.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

export const RELEASES_FOLDER = fileURLToPath(new URL("./releases", import.meta.url));

/** Table name → its column names, sorted: what a release's code reads and writes. */
export type TablesUsed = Record<string, string[]>;

export interface ReleaseSnapshot {
  version: string;
  /** How many of each engine's committed migrations the release shipped with. */
  migrations: { sqlite: number; postgres: number };
  tables: TablesUsed;
}

/** The tables and columns this code's schema declares (and so may use). */
export function tablesOfSchema(): TablesUsed {
  const tables: TablesUsed = {};
  for (const value of Object.values(schema) as unknown[]) {
    if (!is(value, SQLiteTable)) continue;
    const config = getTableConfig(value);
    tables[config.name] = config.columns.map((c) => c.name).sort();
  }
  return Object.fromEntries(Object.entries(tables).sort(([a], [b]) => a.localeCompare(b)));
}

/** "table.column" (or "table") for everything `used` names that `present` lacks. */
export function missingFrom(used: TablesUsed, present: Map<string, Set<string>>): string[] {
  const missing: string[] = [];
  for (const [table, columns] of Object.entries(used)) {
    const have = present.get(table);
    if (!have) missing.push(table);
    else for (const column of columns) if (!have.has(column)) missing.push(`${table}.${column}`);
  }
  return missing;
}

const semver = (v: string) => v.split(/[.-]/).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
/** Orders versions numerically part by part (1.10.0 after 1.9.0). */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [semver(a), semver(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const [p, q] = [x[i] ?? 0, y[i] ?? 0];
    if (p === q) continue;
    return typeof p === "number" && typeof q === "number" ? p - q : String(p).localeCompare(String(q));
  }
  return 0;
}

/** The committed release snapshots, oldest first. */
export function readReleases(folder = RELEASES_FOLDER): ReleaseSnapshot[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(fs.readFileSync(path.join(folder, f), "utf8")) as ReleaseSnapshot)
    .sort((a, b) => compareVersions(a.version, b.version));
}
