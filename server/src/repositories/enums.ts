// Enum items (spec §3) and the check that an enum-valued field names a seeded item.
import { asc, eq, sql } from "drizzle-orm";
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

/**
 * The contract's regexes already fix each field's category prefix; this checks the value is a
 * seeded item, so a typo is a 400 naming the field rather than a foreign-key failure.
 */
const enumItemById = preparedPerDb((db) =>
  db.select({ id: enumItem.enumId }).from(enumItem).where(eq(enumItem.enumId, sql.placeholder("enumId"))).prepare(),
);

export function assertEnumValues(db: Db, fields: Record<string, string | null | undefined>): void {
  for (const [field, value] of Object.entries(fields)) {
    if (typeof value !== "string") continue;
    if (!enumItemById(db).get({ enumId: value })) throw badRequest(field, `${field}: unknown value ${value}`);
  }
}
