// GoTrue's models.WebAuthnCredential and WebAuthn challenges: passkeys and WebAuthn factors' keys.
import { nowIso } from "../clock";
import type { ModelSchema, Row, StoreDb } from "./db";

/** A WebAuthn public-key credential: a passkey (factor_id null) or a WebAuthn factor's key. */
export interface WebAuthnCredentialRow {
  /** The passkey id GoTrue hands out (a uuid), not the authenticator's credential id. */
  id: string;
  user_id: string;
  factor_id: string | null;
  /** base64url, as the authenticator made it. */
  credential_id: string;
  /** base64url COSE key. */
  public_key: string;
  sign_count: number;
  transports: string[];
  aaguid: string;
  friendly_name: string;
  created_at: string;
  updated_at: string;
  last_used_at: string | null;
}

/** What a WebAuthn ceremony was started with, kept until its answer comes back. */
export interface WebAuthnChallengeRow {
  /** For a factor, the MFA challenge's id; otherwise the challenge_id handed out. */
  id: string;
  /** null for a discoverable passkey sign-in (nobody is known yet). */
  user_id: string | null;
  kind: "create" | "request";
  /** base64url. */
  challenge: string;
  expires_at: string;
}

export const WEBAUTHN_SCHEMA: ModelSchema = {
  ddl: `
CREATE TABLE IF NOT EXISTS webauthn_credentials (
  id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  factor_id TEXT REFERENCES factors(id) ON DELETE CASCADE, credential_id TEXT NOT NULL UNIQUE, public_key TEXT NOT NULL,
  sign_count INTEGER NOT NULL, transports TEXT NOT NULL, aaguid TEXT NOT NULL, friendly_name TEXT NOT NULL,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL, last_used_at TEXT);
CREATE TABLE IF NOT EXISTS webauthn_challenges (
  id TEXT PRIMARY KEY, user_id TEXT REFERENCES users(id) ON DELETE CASCADE, kind TEXT NOT NULL,
  challenge TEXT NOT NULL, expires_at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS webauthn_credentials_user ON webauthn_credentials(user_id);`,
  tables: ["webauthn_challenges", "webauthn_credentials"],
  indexes: `CREATE INDEX IF NOT EXISTS webauthn_credentials_user ON webauthn_credentials(user_id);
CREATE INDEX IF NOT EXISTS webauthn_credentials_factor ON webauthn_credentials(factor_id);
CREATE INDEX IF NOT EXISTS webauthn_challenges_user ON webauthn_challenges(user_id);`,
};

const decodeCredential = (r: Row): WebAuthnCredentialRow => ({
  ...(r as unknown as WebAuthnCredentialRow),
  transports: JSON.parse(String(r.transports)) as string[],
});

export class WebAuthn {
  constructor(private readonly s: StoreDb) {}

  insertWebAuthnCredential(
    c: Omit<WebAuthnCredentialRow, "created_at" | "updated_at" | "last_used_at">,
  ): WebAuthnCredentialRow {
    const now = nowIso();
    this.s
      .sql(
        `INSERT INTO webauthn_credentials (id,user_id,factor_id,credential_id,public_key,sign_count,transports,aaguid,friendly_name,created_at,updated_at)
       VALUES (?,?,?,?,?,?,?,?,?,?,?)`,
      )
      .run(
        c.id,
        c.user_id,
        c.factor_id,
        c.credential_id,
        c.public_key,
        c.sign_count,
        JSON.stringify(c.transports),
        c.aaguid,
        c.friendly_name,
        now,
        now,
      );
    return { ...c, created_at: now, updated_at: now, last_used_at: null };
  }

  /** A user's passkeys (factor_id null), oldest first; or, with a factor id, that factor's key. */
  webAuthnCredentialsOf(userId: string, factorId: string | null = null): WebAuthnCredentialRow[] {
    const rows = (
      factorId === null
        ? this.s
            .sql(
              "SELECT * FROM webauthn_credentials WHERE user_id = ? AND factor_id IS NULL ORDER BY created_at, rowid",
            )
            .all(userId)
        : this.s.sql("SELECT * FROM webauthn_credentials WHERE user_id = ? AND factor_id = ?").all(userId, factorId)
    ) as Row[];
    return rows.map(decodeCredential);
  }

  /** The keys of a user's verified WebAuthn factors (what an MFA assertion may use). */
  webAuthnFactorCredentialsOf(userId: string): WebAuthnCredentialRow[] {
    const rows = this.s
      .sql(
        "SELECT c.* FROM webauthn_credentials c JOIN factors f ON f.id = c.factor_id WHERE c.user_id = ? AND f.status = 'verified' ORDER BY c.created_at, c.rowid",
      )
      .all(userId) as Row[];
    return rows.map(decodeCredential);
  }

  findWebAuthnCredential(credentialId: string): WebAuthnCredentialRow | undefined {
    const row = this.s.sql("SELECT * FROM webauthn_credentials WHERE credential_id = ?").get(credentialId) as
      Row | undefined;
    return row ? decodeCredential(row) : undefined;
  }

  findPasskey(id: string, userId: string): WebAuthnCredentialRow | undefined {
    const row = this.s
      .sql("SELECT * FROM webauthn_credentials WHERE id = ? AND user_id = ? AND factor_id IS NULL")
      .get(id, userId) as Row | undefined;
    return row ? decodeCredential(row) : undefined;
  }

  updateWebAuthnCredential(
    id: string,
    patch: Partial<Pick<WebAuthnCredentialRow, "sign_count" | "friendly_name" | "last_used_at">>,
  ): WebAuthnCredentialRow {
    const current = this.s.sql("SELECT * FROM webauthn_credentials WHERE id = ?").get(id) as Row | undefined;
    if (!current) throw new Error(`WebAuthn credential ${id} vanished during update`);
    const next = { ...decodeCredential(current), ...patch, updated_at: nowIso() };
    this.s
      .sql(
        "UPDATE webauthn_credentials SET sign_count = ?, friendly_name = ?, last_used_at = ?, updated_at = ? WHERE id = ?",
      )
      .run(next.sign_count, next.friendly_name, next.last_used_at, next.updated_at, id);
    return next;
  }

  deleteWebAuthnCredential(id: string): void {
    this.s.sql("DELETE FROM webauthn_credentials WHERE id = ?").run(id);
  }

  insertWebAuthnChallenge(c: WebAuthnChallengeRow): void {
    this.s
      .sql("INSERT INTO webauthn_challenges (id,user_id,kind,challenge,expires_at) VALUES (?,?,?,?,?)")
      .run(c.id, c.user_id, c.kind, c.challenge, c.expires_at);
  }

  /** Takes a challenge out (one answer per challenge, as GoTrue's ConsumeWebAuthnChallengeByID). */
  consumeWebAuthnChallenge(id: string): WebAuthnChallengeRow | undefined {
    return this.s.transaction(() => {
      const row = this.s.sql("SELECT * FROM webauthn_challenges WHERE id = ?").get(id) as
        WebAuthnChallengeRow | undefined;
      if (row) this.s.sql("DELETE FROM webauthn_challenges WHERE id = ?").run(id);
      return row;
    });
  }
}
