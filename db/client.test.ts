import { describe, it, expect } from "vitest";
import { eq } from "drizzle-orm";
import { openDatabase } from "./client";
import { enumItem } from "./schema";
import { seedEnums } from "./seed";
import { ENUM_CATEGORIES } from "../server/src/contract/entities";

describe("database bootstrap", () => {
  it("migrates with foreign keys on and seeds every enum category idempotently", () => {
    const h = openDatabase(":memory:");
    try {
      expect(h.sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
      const count = () => h.db.select().from(enumItem).all().length;
      const before = count();
      seedEnums(h.db);
      expect(count()).toBe(before);
      for (const category of ENUM_CATEGORIES) {
        const items = h.db.select().from(enumItem).where(eq(enumItem.enumCategory, category)).all();
        expect(items.length, category).toBeGreaterThan(0);
        for (const item of items) expect(item.enumId.startsWith(`${category}_`)).toBe(true);
      }
      const states = h.db.select().from(enumItem).where(eq(enumItem.enumCategory, "us_state")).all();
      expect(states).toHaveLength(51);
      expect(states.map((s) => s.enumId)).toContain("us_state_delaware");
      expect(states.map((s) => s.enumId)).toContain("us_state_district_of_columbia");
      const marital = h.db
        .select()
        .from(enumItem)
        .where(eq(enumItem.enumCategory, "marital_status"))
        .orderBy(enumItem.sortOrder)
        .all();
      expect(marital[0]?.enumId).toBe("marital_status_single");
      expect(h.db.select().from(enumItem).where(eq(enumItem.enumId, "strategy_type_founder")).get()).toBeTruthy();
    } finally {
      h.close();
    }
  });

  it("uses WAL on a file database", async () => {
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ff-db-"));
    const h = openDatabase(path.join(dir, "app.sqlite"));
    expect(h.sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
    h.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
