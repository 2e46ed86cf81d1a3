// GoTrue's models.OneTimeToken: the hashes behind mail links and typed codes, one live token per user and type.
import { nowIso } from "../clock";
import type { ModelSchema, StoreDb } from "./db";

export type OneTimeTokenType =
  | "confirmation"
  | "recovery"
  | "email_change"
  | "invite"
  | "reauthentication"
  | "email_change_current"
  | "phone_change";

export interface OneTimeTokenRow {
  /** What the mail link carries: the hash, or `pkce_<hash>` in PKCE flows. */
  token_hash: string;
  /** hex(sha224(email + otp)): what a typed code resolves to. */
  otp_hash: string;
  user_id: string;
  token_type: OneTimeTokenType;
  relates_to: string;
  created_at: string;
}

export const ONE_TIME_TOKENS_SCHEMA: ModelSchema = {
  ddl: `
CREATE TABLE IF NOT EXISTS one_time_tokens (
  token_hash TEXT PRIMARY KEY, otp_hash TEXT NOT NULL, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_type TEXT NOT NULL, relates_to TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS one_time_tokens_user ON one_time_tokens(user_id, token_type);`,
  tables: ["one_time_tokens"],
  indexes: `CREATE INDEX IF NOT EXISTS one_time_tokens_user ON one_time_tokens(user_id, token_type);
CREATE INDEX IF NOT EXISTS one_time_tokens_otp ON one_time_tokens(otp_hash);`,
};

export class OneTimeTokens {
  constructor(private readonly s: StoreDb) {}

  /** A user has at most one live token per type, as GoTrue's per-column tokens. */
  putOneTimeToken(t: Omit<OneTimeTokenRow, "created_at">): void {
    this.s.transaction(() => {
      this.s.sql("DELETE FROM one_time_tokens WHERE user_id = ? AND token_type = ?").run(t.user_id, t.token_type);
      this.s
        .sql(
          "INSERT OR REPLACE INTO one_time_tokens (token_hash,otp_hash,user_id,token_type,relates_to,created_at) VALUES (?,?,?,?,?,?)",
        )
        .run(t.token_hash, t.otp_hash, t.user_id, t.token_type, t.relates_to, nowIso());
    });
  }

  /** By the link's token or by the hash of a typed code. */
  findOneTimeToken(hash: string): OneTimeTokenRow | undefined {
    return this.s.sql("SELECT * FROM one_time_tokens WHERE token_hash = ? OR otp_hash = ?").get(hash, hash) as
      OneTimeTokenRow | undefined;
  }

  /** The user's live token of one type (at most one, see putOneTimeToken). */
  oneTimeTokenOf(userId: string, type: OneTimeTokenType): OneTimeTokenRow | undefined {
    return this.s.sql("SELECT * FROM one_time_tokens WHERE user_id = ? AND token_type = ?").get(userId, type) as
      OneTimeTokenRow | undefined;
  }

  deleteOneTimeTokens(userId: string, types?: OneTimeTokenType[]): void {
    if (!types) {
      this.s.sql("DELETE FROM one_time_tokens WHERE user_id = ?").run(userId);
      return;
    }
    for (const type of types)
      this.s.sql("DELETE FROM one_time_tokens WHERE user_id = ? AND token_type = ?").run(userId, type);
  }
}
