// Enum items (requirements §3) and the check that an enum-valued field names a seeded item.
import { asc, inArray } from "drizzle-orm";
import { perDatabase, type Executor } from "../../../db/engine";
import type { EnumItem } from "../contract/entities";
import { invalid } from "../errors";

export async function listEnums(db: Executor): Promise<EnumItem[]> {
  const { enumItem } = db.t;
  const rows = await db.all(db.q.select().from(enumItem).orderBy(asc(enumItem.enumCategory), asc(enumItem.sortOrder)));
  return rows.map((r) => ({
    enum_id: r.enumId,
    enum_label: r.enumLabel,
    enum_category: r.enumCategory as EnumItem["enum_category"],
  }));
}

/** The labels of the given enum ids (ids not seeded are left out). */
export async function enumLabels(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const { enumItem } = db.t;
  const rows = await db.all(
    db.q
      .select()
      .from(enumItem)
      .where(inArray(enumItem.enumId, [...ids])),
  );
  return new Map(rows.map((e) => [e.enumId, e.enumLabel] as const));
}

/** A value must be a seeded item: a typo is a 400 naming the field, not a foreign-key failure. */
// Only the seed writes enum items, before any request: read once per database.
const seededIdsOf = perDatabase(() => ({ ids: undefined as Set<string> | undefined }));
async function seededEnumIds(db: Executor): Promise<Set<string>> {
  const kept = seededIdsOf(db);
  // Kept only once read: a failed read (the database away) is tried again next time.
  kept.ids ??= new Set((await db.all(db.q.select({ id: db.t.enumItem.enumId }).from(db.t.enumItem))).map((r) => r.id));
  return kept.ids;
}

export async function assertEnumValues(db: Executor, fields: Record<string, string | null | undefined>): Promise<void> {
  const entries = Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === "string");
  if (!entries.length) return;
  const seeded = await seededEnumIds(db);
  for (const [field, value] of entries) {
    if (!seeded.has(value)) throw invalid(field, `${field}: unknown value ${value}`);
  }
}
