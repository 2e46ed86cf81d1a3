// Enum items (spec §3) and the check that an enum-valued field names a seeded item.
import { asc, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { preparedPerDb } from "../../../db/prepared";
import { enumItem } from "../../../db/schema";
import type { EnumItem } from "../contract/entities";
import { badRequest } from "../http-errors";

export function listEnums(db: Db): EnumItem[] {
  return db
    .select()
    .from(enumItem)
    .orderBy(asc(enumItem.enumCategory), asc(enumItem.sortOrder))
    .all()
    .map((r) => ({ enum_id: r.enumId, enum_label: r.enumLabel, enum_category: r.enumCategory as EnumItem["enum_category"] }));
}

/** The labels of the given enum ids (ids not seeded are left out). */
export function enumLabels(db: Db, ids: readonly string[]): Map<string, string> {
  if (!ids.length) return new Map();
  return new Map(db.select().from(enumItem).where(inArray(enumItem.enumId, [...ids])).all().map((e) => [e.enumId, e.enumLabel] as const));
}

/**
 * The contract's regexes already fix each field's category prefix; this checks the value is a
 * seeded item, so a typo is a 400 naming the field rather than a foreign-key failure.
 */
// Enum items are written only by the seed when the database is opened, before any request, so
// their ids are read once per database and kept: write routes check several per request.
const seededEnumIds = preparedPerDb((db) => new Set(db.select({ id: enumItem.enumId }).from(enumItem).all().map((r) => r.id)));

export function assertEnumValues(db: Db, fields: Record<string, string | null | undefined>): void {
  for (const [field, value] of Object.entries(fields)) {
    if (typeof value !== "string") continue;
    if (!seededEnumIds(db).has(value)) throw badRequest(field, `${field}: unknown value ${value}`);
  }
}
