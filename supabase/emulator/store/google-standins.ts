// The local consent page's stand-in Google accounts (address + bcrypt hash); GoTrue has no such model.
import { nowIso } from "../clock";
import type { ModelSchema, StoreDb } from "./db";

export const GOOGLE_STANDINS_SCHEMA: ModelSchema = {
  ddl: `
CREATE TABLE IF NOT EXISTS google_standin_accounts (
  email TEXT PRIMARY KEY, password_hash TEXT NOT NULL, created_at TEXT NOT NULL);`,
  tables: ["google_standin_accounts"],
};

export class GoogleStandins {
  constructor(private readonly s: StoreDb) {}

  googleStandinHash(email: string): string | undefined {
    const row = this.s.sql("SELECT password_hash FROM google_standin_accounts WHERE email = ?").get(email) as
      { password_hash: string } | undefined;
    return row?.password_hash;
  }

  putGoogleStandin(email: string, passwordHash: string): void {
    this.s
      .sql("INSERT OR REPLACE INTO google_standin_accounts (email, password_hash, created_at) VALUES (?, ?, ?)")
      .run(email, passwordHash, nowIso());
  }
}
