// GoTrue's models.User: one row per account (email and/or phone, password hash, metadata).
import { nowIso } from "../clock";
import type { Json, ModelSchema, Row, StoreDb } from "./db";

export interface UserRow {
  id: string;
  email: string;
  phone: string;
  encrypted_password: string | null;
  role: string;
  email_confirmed_at: string | null;
  confirmation_sent_at: string | null;
  recovery_sent_at: string | null;
  email_change_sent_at: string | null;
  new_email: string | null;
  invited_at: string | null;
  last_sign_in_at: string | null;
  banned_until: string | null;
  app_metadata: Json;
  user_metadata: Json;
  is_anonymous: boolean;
  /** Set by an admin soft delete (the row stays, its address and data are wiped). */
  deleted_at: string | null;
  phone_confirmed_at: string | null;
  /** A phone number waiting for its phone_change code. */
  phone_change: string | null;
  phone_change_sent_at: string | null;
  created_at: string;
  updated_at: string;
}

export const USERS_SCHEMA: ModelSchema = {
  ddl: `
CREATE TABLE IF NOT EXISTS users (
  id TEXT PRIMARY KEY, email TEXT NOT NULL DEFAULT '', phone TEXT NOT NULL DEFAULT '',
  encrypted_password TEXT, role TEXT NOT NULL DEFAULT 'authenticated',
  email_confirmed_at TEXT, confirmation_sent_at TEXT, recovery_sent_at TEXT, email_change_sent_at TEXT,
  new_email TEXT, invited_at TEXT, last_sign_in_at TEXT, banned_until TEXT,
  app_metadata TEXT NOT NULL DEFAULT '{}', user_metadata TEXT NOT NULL DEFAULT '{}',
  is_anonymous INTEGER NOT NULL DEFAULT 0, deleted_at TEXT,
  phone_confirmed_at TEXT, phone_change TEXT, phone_change_sent_at TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE UNIQUE INDEX IF NOT EXISTS users_email ON users(email) WHERE email <> '';
CREATE INDEX IF NOT EXISTS users_newest ON users(created_at DESC, id);`,
  tables: ["users"],
  // Data folders made before soft delete and phone sign-in existed lack these columns.
  addedColumns: [
    { table: "users", columns: ["deleted_at", "phone_confirmed_at", "phone_change", "phone_change_sent_at"] },
  ],
  indexes: "CREATE INDEX IF NOT EXISTS users_phone ON users(phone) WHERE phone <> '';",
};

function decodeUser(r: Row): UserRow {
  return {
    ...(r as unknown as UserRow),
    app_metadata: JSON.parse(String(r.app_metadata)) as Json,
    user_metadata: JSON.parse(String(r.user_metadata)) as Json,
    is_anonymous: Boolean(r.is_anonymous),
  };
}

/** What insertUser takes: every column but those a new row always starts without (and the stamps it can make). */
export type NewUserRow = Omit<
  UserRow,
  "created_at" | "updated_at" | "deleted_at" | "phone_confirmed_at" | "phone_change" | "phone_change_sent_at"
> &
  Partial<Pick<UserRow, "created_at" | "updated_at" | "phone_confirmed_at">>;

/**
 * A new user as GoTrue makes one before the sign-up's own fields: no address, phone or password,
 * nothing confirmed, sent or invited, no metadata, not anonymous. `fields` sets the rest.
 */
export function newUserRow(fields: Pick<NewUserRow, "id"> & Partial<NewUserRow>): NewUserRow {
  return {
    email: "",
    phone: "",
    encrypted_password: null,
    role: "authenticated",
    email_confirmed_at: null,
    confirmation_sent_at: null,
    recovery_sent_at: null,
    email_change_sent_at: null,
    new_email: null,
    invited_at: null,
    last_sign_in_at: null,
    banned_until: null,
    app_metadata: {},
    user_metadata: {},
    is_anonymous: false,
    ...fields,
  };
}

export class Users {
  constructor(private readonly s: StoreDb) {}

  insertUser(u: NewUserRow): UserRow {
    const now = nowIso();
    const row: UserRow = {
      ...u,
      deleted_at: null,
      phone_confirmed_at: u.phone_confirmed_at ?? null,
      phone_change: null,
      phone_change_sent_at: null,
      created_at: u.created_at ?? now,
      updated_at: u.updated_at ?? now,
    };
    this.s
      .sql(
        `INSERT INTO users (id,email,phone,encrypted_password,role,email_confirmed_at,confirmation_sent_at,recovery_sent_at,
         email_change_sent_at,new_email,invited_at,last_sign_in_at,banned_until,app_metadata,user_metadata,is_anonymous,phone_confirmed_at,created_at,updated_at)
         VALUES (@id,@email,@phone,@encrypted_password,@role,@email_confirmed_at,@confirmation_sent_at,@recovery_sent_at,
         @email_change_sent_at,@new_email,@invited_at,@last_sign_in_at,@banned_until,@app_metadata,@user_metadata,@is_anonymous,@phone_confirmed_at,@created_at,@updated_at)`,
      )
      .run({
        ...row,
        app_metadata: JSON.stringify(row.app_metadata),
        user_metadata: JSON.stringify(row.user_metadata),
        is_anonymous: row.is_anonymous ? 1 : 0,
      });
    return row;
  }

  findUserById(id: string): UserRow | undefined {
    const r = this.s.sql("SELECT * FROM users WHERE id = ?").get(id) as Row | undefined;
    return r && decodeUser(r);
  }

  findUserByEmail(email: string): UserRow | undefined {
    const r = this.s.sql("SELECT * FROM users WHERE email = ? AND email <> ''").get(email.toLowerCase()) as
      Row | undefined;
    return r && decodeUser(r);
  }

  /** By a phone number as GoTrue stores it (digits, no "+"). */
  findUserByPhone(phone: string): UserRow | undefined {
    const r = this.s.sql("SELECT * FROM users WHERE phone = ? AND phone <> ''").get(phone) as Row | undefined;
    return r && decodeUser(r);
  }

  findUserByPhoneChange(phone: string): UserRow | undefined {
    const r = this.s.sql("SELECT * FROM users WHERE phone_change = ?").get(phone) as Row | undefined;
    return r && decodeUser(r);
  }

  listUsers(limit: number, offset: number): { users: UserRow[]; total: number } {
    const total = (this.s.sql("SELECT COUNT(*) AS n FROM users").get() as { n: number }).n;
    const rows = this.s
      .sql("SELECT * FROM users ORDER BY created_at DESC, id LIMIT ? OFFSET ?")
      .all(limit, offset) as Row[];
    return { users: rows.map(decodeUser), total };
  }

  /** Stamps a sign-in (last_sign_in_at and updated_at), answering the row as it now is. */
  recordSignIn(id: string, at: string): UserRow {
    const r = this.s
      .sql("UPDATE users SET last_sign_in_at = ?, updated_at = ? WHERE id = ? RETURNING *")
      .get(at, at, id) as Row | undefined;
    if (!r) throw new Error(`user ${id} vanished during sign-in`);
    return decodeUser(r);
  }

  updateUser(id: string, patch: Partial<Omit<UserRow, "id" | "created_at">>): UserRow {
    const fields = { ...patch, updated_at: patch.updated_at ?? nowIso() } as Record<string, unknown>;
    const encoded: Record<string, unknown> = { id };
    for (const [k, v] of Object.entries(fields)) {
      encoded[k] =
        k === "app_metadata" || k === "user_metadata" ? JSON.stringify(v) : k === "is_anonymous" ? (v ? 1 : 0) : v;
    }
    const sets = Object.keys(fields)
      .map((k) => `${k} = @${k}`)
      .join(", ");
    const r = this.s.sql(`UPDATE users SET ${sets} WHERE id = @id RETURNING *`).get(encoded) as Row | undefined;
    if (!r) throw new Error(`user ${id} vanished during update`);
    return decodeUser(r);
  }

  deleteUser(id: string): void {
    this.s.sql("DELETE FROM users WHERE id = ?").run(id);
  }
}
