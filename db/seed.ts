// Idempotent seed: upserts every enum item, so re-running after a label change updates it and
// never duplicates. Runs after migrations at every start.
import { sql } from "drizzle-orm";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { enumItem } from "./schema";
import { ENUM_SEED } from "./enums";

// Typed loosely on the schema so this module does not import client.ts (which imports it).
export function seedEnums(db: BetterSQLite3Database<Record<string, unknown>>): void {
  db.transaction((tx) => {
    for (const item of ENUM_SEED) {
      tx.insert(enumItem)
        .values(item)
        .onConflictDoUpdate({
          target: enumItem.enumId,
          set: { enumLabel: sql`excluded.enum_label`, enumCategory: sql`excluded.enum_category`, sortOrder: sql`excluded.sort_order` },
        })
        .run();
    }
  });
}
