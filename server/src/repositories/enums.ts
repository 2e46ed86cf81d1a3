// Enum items (spec §3) and the check that an enum-valued field names a seeded item.
import { asc, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
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
export function assertEnumValues(db: Db, fields: Record<string, string | null | undefined>): void {
  const wanted = Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === "string");
  if (!wanted.length) return;
  const found = new Set(
    db
      .select({ id: enumItem.enumId })
      .from(enumItem)
      .where(inArray(enumItem.enumId, wanted.map(([, v]) => v)))
      .all()
      .map((r) => r.id),
  );
  for (const [field, value] of wanted) {
    if (!found.has(value)) throw badRequest(field, `${field}: unknown value ${value}`);
  }
}
