// GoTrue's models.Identity: how a user signs in (email, phone, an OAuth provider), linked to the user.
import { randomUUID } from "node:crypto";
import { nowIso } from "../clock";
import type { Json, ModelSchema, Row, StoreDb } from "./db";

export interface IdentityRow {
  id: string;
  user_id: string;
  provider: string;
  provider_id: string;
  identity_data: Json;
  email: string;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

export const IDENTITIES_SCHEMA: ModelSchema = {
  ddl: `
CREATE TABLE IF NOT EXISTS identities (
  id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider TEXT NOT NULL, provider_id TEXT NOT NULL, identity_data TEXT NOT NULL, email TEXT NOT NULL DEFAULT '',
  last_sign_in_at TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, UNIQUE(provider, provider_id));
CREATE INDEX IF NOT EXISTS identities_user ON identities(user_id);`,
  tables: ["identities"],
  indexes: "CREATE INDEX IF NOT EXISTS identities_user ON identities(user_id);",
};

const decodeIdentity = (r: Row): IdentityRow => ({
  ...(r as unknown as IdentityRow),
  identity_data: JSON.parse(String(r.identity_data)) as Json,
});

export class Identities {
  constructor(private readonly s: StoreDb) {}

  insertIdentity(i: Omit<IdentityRow, "id" | "created_at" | "updated_at">): IdentityRow {
    const now = nowIso();
    const row: IdentityRow = { ...i, id: randomUUID(), created_at: now, updated_at: now };
    this.s
      .sql(
        `INSERT INTO identities (id,user_id,provider,provider_id,identity_data,email,last_sign_in_at,created_at,updated_at)
         VALUES (@id,@user_id,@provider,@provider_id,@identity_data,@email,@last_sign_in_at,@created_at,@updated_at)`,
      )
      .run({ ...row, identity_data: JSON.stringify(row.identity_data) });
    return row;
  }

  identitiesOf(userId: string): IdentityRow[] {
    return (this.s.sql("SELECT * FROM identities WHERE user_id = ? ORDER BY created_at").all(userId) as Row[]).map(
      decodeIdentity,
    );
  }

  findIdentity(provider: string, providerId: string): IdentityRow | undefined {
    const r = this.s
      .sql("SELECT * FROM identities WHERE provider = ? AND provider_id = ?")
      .get(provider, providerId) as Row | undefined;
    return r && decodeIdentity(r);
  }

  updateIdentity(id: string, patch: { identity_data?: Json; email?: string }): void {
    const now = nowIso();
    const cur = this.s.sql("SELECT * FROM identities WHERE id = ?").get(id) as Row | undefined;
    if (!cur) return;
    const merged = { ...decodeIdentity(cur), ...patch, updated_at: now };
    this.s
      .sql("UPDATE identities SET identity_data = ?, email = ?, last_sign_in_at = ?, updated_at = ? WHERE id = ?")
      .run(JSON.stringify(merged.identity_data), merged.email, merged.last_sign_in_at, now, id);
  }

  /** Stamps a sign-in on every identity of the user (GoTrue updates them all alike), answering them as identitiesOf does. */
  recordSignIn(userId: string, at: string): IdentityRow[] {
    const rows = this.s
      .sql("UPDATE identities SET last_sign_in_at = ?, updated_at = ? WHERE user_id = ? RETURNING *")
      .all(at, at, userId) as Row[];
    return rows
      .map(decodeIdentity)
      .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
  }

  deleteIdentity(id: string): void {
    this.s.sql("DELETE FROM identities WHERE id = ?").run(id);
  }

  /** GoTrue's soft delete of identities: data emptied, provider id replaced by an opaque value. */
  wipeIdentity(id: string, providerId: string): void {
    this.s
      .sql("UPDATE identities SET identity_data = '{}', email = '', provider_id = ?, updated_at = ? WHERE id = ?")
      .run(providerId, nowIso(), id);
  }
}
