// Idempotent seed of the enum items, run at every start: one read to see whether anything differs,
// then one prepared upsert reused for every item.
import { sql } from "drizzle-orm";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { enumItem } from "./schema";
import { ENUM_SEED } from "./enums";

const rowKey = (r: { enumId: string; enumLabel: string; enumCategory: string; sortOrder: number }) =>
  JSON.stringify([r.enumId, r.enumLabel, r.enumCategory, r.sortOrder]);

// Typed loosely on the schema so this module does not import client.ts (which imports it).
export function seedEnums(db: BetterSQLite3Database<Record<string, unknown>>): void {
  const stored = new Set(db.select().from(enumItem).all().map(rowKey));
  const missing = ENUM_SEED.filter((item) => !stored.has(rowKey(item)));
  if (!missing.length) return;
  const upsert = db
    .insert(enumItem)
    .values({
      enumId: sql.placeholder("enumId"),
      enumLabel: sql.placeholder("enumLabel"),
      enumCategory: sql.placeholder("enumCategory"),
      sortOrder: sql.placeholder("sortOrder"),
    })
    .onConflictDoUpdate({
      target: enumItem.enumId,
      set: {
        enumLabel: sql`excluded.enum_label`,
        enumCategory: sql`excluded.enum_category`,
        sortOrder: sql`excluded.sort_order`,
      },
    })
    .prepare();
  db.transaction(() => {
    for (const item of missing) upsert.run({ ...item });
  });
}
