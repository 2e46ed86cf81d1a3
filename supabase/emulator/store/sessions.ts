// GoTrue's models.Session and models.RefreshToken: a session's AAL/AMR and its rotation chain of tokens.
import { nowIso } from "../clock";
import type { ModelSchema, Row, StoreDb } from "./db";

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface SessionRow {
  id: string;
  user_id: string;
  aal: "aal1" | "aal2";
  amr: AmrEntry[];
  factor_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface RefreshTokenRow {
  id: number;
  token: string;
  session_id: string;
  user_id: string;
  parent: string | null;
  revoked: boolean;
  created_at: string;
  updated_at: string;
}

export const SESSIONS_SCHEMA: ModelSchema = {
  ddl: `
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  aal TEXT NOT NULL, amr TEXT NOT NULL, factor_id TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS refresh_tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT, token TEXT NOT NULL UNIQUE,
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE, user_id TEXT NOT NULL,
  parent TEXT, revoked INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS sessions_user ON sessions(user_id);
CREATE INDEX IF NOT EXISTS refresh_tokens_session ON refresh_tokens(session_id);`,
  tables: ["refresh_tokens", "sessions"],
  indexes: `CREATE INDEX IF NOT EXISTS sessions_user ON sessions(user_id);
CREATE INDEX IF NOT EXISTS refresh_tokens_session ON refresh_tokens(session_id);`,
};

const decodeSession = (r: Row): SessionRow => ({
  ...(r as unknown as SessionRow),
  amr: JSON.parse(String(r.amr)) as AmrEntry[],
});
const decodeRefresh = (r: Row): RefreshTokenRow => ({
  ...(r as unknown as RefreshTokenRow),
  revoked: Boolean(r.revoked),
});

export class Sessions {
  constructor(private readonly s: StoreDb) {}

  insertSession(session: Omit<SessionRow, "created_at" | "updated_at">): SessionRow {
    const now = nowIso();
    const row: SessionRow = { ...session, created_at: now, updated_at: now };
    this.s
      .sql("INSERT INTO sessions (id,user_id,aal,amr,factor_id,created_at,updated_at) VALUES (?,?,?,?,?,?,?)")
      .run(row.id, row.user_id, row.aal, JSON.stringify(row.amr), row.factor_id, now, now);
    return row;
  }

  findSession(id: string): SessionRow | undefined {
    const r = this.s.sql("SELECT * FROM sessions WHERE id = ?").get(id) as Row | undefined;
    return r && decodeSession(r);
  }

  sessionsOf(userId: string): SessionRow[] {
    return (this.s.sql("SELECT * FROM sessions WHERE user_id = ?").all(userId) as Row[]).map(decodeSession);
  }

  updateSession(id: string, patch: { aal: SessionRow["aal"]; amr: AmrEntry[]; factor_id: string | null }): void {
    this.s
      .sql("UPDATE sessions SET aal = ?, amr = ?, factor_id = ?, updated_at = ? WHERE id = ?")
      .run(patch.aal, JSON.stringify(patch.amr), patch.factor_id, nowIso(), id);
  }

  deleteSession(id: string): void {
    this.s.sql("DELETE FROM sessions WHERE id = ?").run(id);
  }

  deleteSessionsOf(userId: string, exceptSessionId?: string): void {
    this.s.sql("DELETE FROM sessions WHERE user_id = ? AND id <> ?").run(userId, exceptSessionId ?? "");
  }

  insertRefreshToken(t: {
    token: string;
    session_id: string;
    user_id: string;
    parent: string | null;
  }): RefreshTokenRow {
    const now = nowIso();
    const info = this.s
      .sql(
        "INSERT INTO refresh_tokens (token,session_id,user_id,parent,revoked,created_at,updated_at) VALUES (?,?,?,?,0,?,?)",
      )
      .run(t.token, t.session_id, t.user_id, t.parent, now, now);
    return { ...t, id: Number(info.lastInsertRowid), revoked: false, created_at: now, updated_at: now };
  }

  findRefreshToken(token: string): RefreshTokenRow | undefined {
    const r = this.s.sql("SELECT * FROM refresh_tokens WHERE token = ?").get(token) as Row | undefined;
    return r && decodeRefresh(r);
  }

  /** The newest unrevoked token of a session: the head of its rotation chain. */
  activeRefreshToken(sessionId: string): RefreshTokenRow | undefined {
    const r = this.s
      .sql("SELECT * FROM refresh_tokens WHERE session_id = ? AND revoked = 0 ORDER BY id DESC LIMIT 1")
      .get(sessionId) as Row | undefined;
    return r && decodeRefresh(r);
  }

  revokeRefreshToken(id: number): void {
    this.s.sql("UPDATE refresh_tokens SET revoked = 1, updated_at = ? WHERE id = ?").run(nowIso(), id);
  }

  /** GoTrue's family revocation: every token of the session the reused token belongs to. */
  revokeSessionTokens(sessionId: string): void {
    this.s
      .sql("UPDATE refresh_tokens SET revoked = 1, updated_at = ? WHERE session_id = ? AND revoked = 0")
      .run(nowIso(), sessionId);
  }
}
