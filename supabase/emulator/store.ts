// Auth data in its own SQLite file in DATA_DIR (the product's database never sees it).
// Tables mirror GoTrue's models closely enough that behaviour ports over one to one:
// users, identities, sessions (with AAL and AMR), refresh tokens (rotation families),
// MFA factors and challenges, one-time tokens for mail links, and PKCE flow states.
import Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import { nowIso } from "./clock";

export type Json = Record<string, unknown>;

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

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string;
  factor_type: "totp" | "webauthn";
  status: "unverified" | "verified";
  secret: string;
  created_at: string;
  updated_at: string;
  last_challenged_at: string | null;
  /** A verified WebAuthn factor's authenticator model (its key's AAGUID); null otherwise. */
  web_authn_aaguid?: string | null;
}

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

export interface ChallengeRow {
  id: string;
  factor_id: string;
  ip_address: string;
  created_at: string;
  verified_at: string | null;
}

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

export interface FlowStateRow {
  id: string;
  auth_code: string;
  user_id: string | null;
  code_challenge: string;
  code_challenge_method: "s256" | "plain";
  provider_type: string;
  authentication_method: string;
  redirect_to: string | null;
  /** The signed-in user an OAuth flow links a new identity to (manual linking), else null. */
  linking_target_id: string | null;
  created_at: string;
}

/** A client of the OAuth 2.1 server, registered by an admin (models.OAuthServerClient). */
export interface OAuthClientRow {
  id: string;
  registration_type: "manual" | "dynamic";
  client_type: "public" | "confidential";
  token_endpoint_auth_method: string;
  client_name: string;
  client_uri: string;
  logo_uri: string;
  redirect_uris: string[];
  grant_types: string[];
  /** base64url(sha256(secret)); empty for public clients. */
  client_secret_hash: string;
  created_at: string;
  updated_at: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS oauth_clients (
  id TEXT PRIMARY KEY, registration_type TEXT NOT NULL, client_type TEXT NOT NULL, token_endpoint_auth_method TEXT NOT NULL,
  client_name TEXT NOT NULL, client_uri TEXT NOT NULL, logo_uri TEXT NOT NULL, redirect_uris TEXT NOT NULL, grant_types TEXT NOT NULL,
  client_secret_hash TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT);
CREATE TABLE IF NOT EXISTS users (
  id TEXT PRIMARY KEY, email TEXT NOT NULL DEFAULT '', phone TEXT NOT NULL DEFAULT '',
  encrypted_password TEXT, role TEXT NOT NULL DEFAULT 'authenticated',
  email_confirmed_at TEXT, confirmation_sent_at TEXT, recovery_sent_at TEXT, email_change_sent_at TEXT,
  new_email TEXT, invited_at TEXT, last_sign_in_at TEXT, banned_until TEXT,
  app_metadata TEXT NOT NULL DEFAULT '{}', user_metadata TEXT NOT NULL DEFAULT '{}',
  is_anonymous INTEGER NOT NULL DEFAULT 0, deleted_at TEXT,
  phone_confirmed_at TEXT, phone_change TEXT, phone_change_sent_at TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE UNIQUE INDEX IF NOT EXISTS users_email ON users(email) WHERE email <> '';
CREATE TABLE IF NOT EXISTS identities (
  id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider TEXT NOT NULL, provider_id TEXT NOT NULL, identity_data TEXT NOT NULL, email TEXT NOT NULL DEFAULT '',
  last_sign_in_at TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, UNIQUE(provider, provider_id));
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  aal TEXT NOT NULL, amr TEXT NOT NULL, factor_id TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS refresh_tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT, token TEXT NOT NULL UNIQUE,
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE, user_id TEXT NOT NULL,
  parent TEXT, revoked INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS factors (
  id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  friendly_name TEXT NOT NULL, factor_type TEXT NOT NULL, status TEXT NOT NULL, secret TEXT NOT NULL,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL, last_challenged_at TEXT);
CREATE TABLE IF NOT EXISTS totp_used_steps (
  factor_id TEXT PRIMARY KEY REFERENCES factors(id) ON DELETE CASCADE, step INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS google_standin_accounts (
  email TEXT PRIMARY KEY, password_hash TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS mfa_challenges (
  id TEXT PRIMARY KEY, factor_id TEXT NOT NULL REFERENCES factors(id) ON DELETE CASCADE,
  ip_address TEXT NOT NULL, created_at TEXT NOT NULL, verified_at TEXT);
CREATE TABLE IF NOT EXISTS webauthn_credentials (
  id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  factor_id TEXT REFERENCES factors(id) ON DELETE CASCADE, credential_id TEXT NOT NULL UNIQUE, public_key TEXT NOT NULL,
  sign_count INTEGER NOT NULL, transports TEXT NOT NULL, aaguid TEXT NOT NULL, friendly_name TEXT NOT NULL,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL, last_used_at TEXT);
CREATE TABLE IF NOT EXISTS webauthn_challenges (
  id TEXT PRIMARY KEY, user_id TEXT REFERENCES users(id) ON DELETE CASCADE, kind TEXT NOT NULL,
  challenge TEXT NOT NULL, expires_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS one_time_tokens (
  token_hash TEXT PRIMARY KEY, otp_hash TEXT NOT NULL, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_type TEXT NOT NULL, relates_to TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS flow_states (
  id TEXT PRIMARY KEY, auth_code TEXT NOT NULL UNIQUE, user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
  code_challenge TEXT NOT NULL, code_challenge_method TEXT NOT NULL, provider_type TEXT NOT NULL,
  authentication_method TEXT NOT NULL, redirect_to TEXT, linking_target_id TEXT, created_at TEXT NOT NULL);
`;

type Row = Record<string, unknown>;

/** Factors with their WebAuthn key's AAGUID beside them (GoTrue keeps it on the factor row). */
const FACTOR_SELECT =
  "SELECT f.*, c.aaguid AS web_authn_aaguid FROM factors f LEFT JOIN webauthn_credentials c ON c.factor_id = f.id";

function decodeUser(r: Row): UserRow {
  return {
    ...(r as unknown as UserRow),
    app_metadata: JSON.parse(String(r.app_metadata)) as Json,
    user_metadata: JSON.parse(String(r.user_metadata)) as Json,
    is_anonymous: Boolean(r.is_anonymous),
  };
}
const decodeIdentity = (r: Row): IdentityRow => ({
  ...(r as unknown as IdentityRow),
  identity_data: JSON.parse(String(r.identity_data)) as Json,
});
const decodeSession = (r: Row): SessionRow => ({
  ...(r as unknown as SessionRow),
  amr: JSON.parse(String(r.amr)) as AmrEntry[],
});
const decodeOAuthClient = (r: Row): OAuthClientRow => ({
  ...(r as unknown as OAuthClientRow),
  redirect_uris: JSON.parse(String(r.redirect_uris)) as string[],
  grant_types: JSON.parse(String(r.grant_types)) as string[],
});
const decodeWebAuthnCredential = (r: Row): WebAuthnCredentialRow => ({
  ...(r as unknown as WebAuthnCredentialRow),
  transports: JSON.parse(String(r.transports)) as string[],
});
const decodeRefresh = (r: Row): RefreshTokenRow => ({
  ...(r as unknown as RefreshTokenRow),
  revoked: Boolean(r.revoked),
});

export class AuthStore {
  readonly db: Database.Database;

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma("journal_mode = WAL");
    // Durable across a process crash (the crash suite kills it mid-write); a power cut may lose
    // the last commits, which a local emulator can afford for one fsync less per write.
    this.db.pragma("synchronous = NORMAL");
    this.db.pragma("foreign_keys = ON");
    this.db.exec(SCHEMA);
    // Data folders made before soft delete and phone sign-in existed lack these columns.
    const columns = new Set((this.db.pragma("table_info(users)") as { name: string }[]).map((c) => c.name));
    for (const column of ["deleted_at", "phone_confirmed_at", "phone_change", "phone_change_sent_at"]) {
      if (!columns.has(column)) this.db.exec(`ALTER TABLE users ADD COLUMN ${column} TEXT`);
    }
    const flowColumns = new Set((this.db.pragma("table_info(flow_states)") as { name: string }[]).map((c) => c.name));
    if (!flowColumns.has("linking_target_id"))
      this.db.exec("ALTER TABLE flow_states ADD COLUMN linking_target_id TEXT");
  }

  close(): void {
    this.db.close();
  }

  /** Statements are prepared once and reused: preparing is a large share of a short query. */
  private readonly statements = new Map<string, Database.Statement>();

  private sql(text: string): Database.Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  /** Empties every table (used by reset before re-seeding). */
  wipe(): void {
    this.transaction(() => {
      for (const t of [
        "oauth_clients",
        "google_standin_accounts",
        "flow_states",
        "one_time_tokens",
        "webauthn_challenges",
        "webauthn_credentials",
        "totp_used_steps",
        "mfa_challenges",
        "factors",
        "refresh_tokens",
        "sessions",
        "identities",
        "users",
      ]) {
        this.sql(`DELETE FROM ${t}`).run();
      }
    });
  }

  // ---- users ----
  insertUser(
    u: Omit<
      UserRow,
      "created_at" | "updated_at" | "deleted_at" | "phone_confirmed_at" | "phone_change" | "phone_change_sent_at"
    > &
      Partial<Pick<UserRow, "created_at" | "updated_at" | "phone_confirmed_at">>,
  ): UserRow {
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
    this.db
      .prepare(
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
    const r = this.sql("SELECT * FROM users WHERE id = ?").get(id) as Row | undefined;
    return r && decodeUser(r);
  }

  findUserByEmail(email: string): UserRow | undefined {
    const r = this.sql("SELECT * FROM users WHERE email = ? AND email <> ''").get(email.toLowerCase()) as
      Row | undefined;
    return r && decodeUser(r);
  }

  /** By a phone number as GoTrue stores it (digits, no "+"). */
  findUserByPhone(phone: string): UserRow | undefined {
    const r = this.sql("SELECT * FROM users WHERE phone = ? AND phone <> ''").get(phone) as Row | undefined;
    return r && decodeUser(r);
  }

  findUserByPhoneChange(phone: string): UserRow | undefined {
    const r = this.sql("SELECT * FROM users WHERE phone_change = ?").get(phone) as Row | undefined;
    return r && decodeUser(r);
  }

  listUsers(limit: number, offset: number): { users: UserRow[]; total: number } {
    const total = (this.sql("SELECT COUNT(*) AS n FROM users").get() as { n: number }).n;
    const rows = this.sql("SELECT * FROM users ORDER BY created_at DESC, id LIMIT ? OFFSET ?").all(
      limit,
      offset,
    ) as Row[];
    return { users: rows.map(decodeUser), total };
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
    this.sql(`UPDATE users SET ${sets} WHERE id = @id`).run(encoded);
    const u = this.findUserById(id);
    if (!u) throw new Error(`user ${id} vanished during update`);
    return u;
  }

  deleteUser(id: string): void {
    this.sql("DELETE FROM users WHERE id = ?").run(id);
  }

  // ---- identities ----
  insertIdentity(i: Omit<IdentityRow, "id" | "created_at" | "updated_at">): IdentityRow {
    const now = nowIso();
    const row: IdentityRow = { ...i, id: randomUUID(), created_at: now, updated_at: now };
    this.db
      .prepare(
        `INSERT INTO identities (id,user_id,provider,provider_id,identity_data,email,last_sign_in_at,created_at,updated_at)
         VALUES (@id,@user_id,@provider,@provider_id,@identity_data,@email,@last_sign_in_at,@created_at,@updated_at)`,
      )
      .run({ ...row, identity_data: JSON.stringify(row.identity_data) });
    return row;
  }

  identitiesOf(userId: string): IdentityRow[] {
    return (this.sql("SELECT * FROM identities WHERE user_id = ? ORDER BY created_at").all(userId) as Row[]).map(
      decodeIdentity,
    );
  }

  findIdentity(provider: string, providerId: string): IdentityRow | undefined {
    const r = this.sql("SELECT * FROM identities WHERE provider = ? AND provider_id = ?").get(provider, providerId) as
      Row | undefined;
    return r && decodeIdentity(r);
  }

  updateIdentity(id: string, patch: { identity_data?: Json; email?: string; last_sign_in_at?: string }): void {
    const now = nowIso();
    const cur = this.sql("SELECT * FROM identities WHERE id = ?").get(id) as Row | undefined;
    if (!cur) return;
    const merged = { ...decodeIdentity(cur), ...patch, updated_at: now };
    this.db
      .prepare("UPDATE identities SET identity_data = ?, email = ?, last_sign_in_at = ?, updated_at = ? WHERE id = ?")
      .run(JSON.stringify(merged.identity_data), merged.email, merged.last_sign_in_at, now, id);
  }

  deleteIdentity(id: string): void {
    this.sql("DELETE FROM identities WHERE id = ?").run(id);
  }

  /** GoTrue's soft delete of identities: data emptied, provider id replaced by an opaque value. */
  wipeIdentity(id: string, providerId: string): void {
    this.sql(
      "UPDATE identities SET identity_data = '{}', email = '', provider_id = ?, updated_at = ? WHERE id = ?",
    ).run(providerId, nowIso(), id);
  }

  deleteFactorsOf(userId: string): void {
    this.sql("DELETE FROM factors WHERE user_id = ?").run(userId);
  }

  // ---- sessions and refresh tokens ----
  insertSession(s: Omit<SessionRow, "created_at" | "updated_at">): SessionRow {
    const now = nowIso();
    const row: SessionRow = { ...s, created_at: now, updated_at: now };
    this.db
      .prepare("INSERT INTO sessions (id,user_id,aal,amr,factor_id,created_at,updated_at) VALUES (?,?,?,?,?,?,?)")
      .run(row.id, row.user_id, row.aal, JSON.stringify(row.amr), row.factor_id, now, now);
    return row;
  }

  findSession(id: string): SessionRow | undefined {
    const r = this.sql("SELECT * FROM sessions WHERE id = ?").get(id) as Row | undefined;
    return r && decodeSession(r);
  }

  sessionsOf(userId: string): SessionRow[] {
    return (this.sql("SELECT * FROM sessions WHERE user_id = ?").all(userId) as Row[]).map(decodeSession);
  }

  updateSession(id: string, patch: { aal: SessionRow["aal"]; amr: AmrEntry[]; factor_id: string | null }): void {
    this.db
      .prepare("UPDATE sessions SET aal = ?, amr = ?, factor_id = ?, updated_at = ? WHERE id = ?")
      .run(patch.aal, JSON.stringify(patch.amr), patch.factor_id, nowIso(), id);
  }

  deleteSession(id: string): void {
    this.sql("DELETE FROM sessions WHERE id = ?").run(id);
  }

  deleteSessionsOf(userId: string, exceptSessionId?: string): void {
    this.sql("DELETE FROM sessions WHERE user_id = ? AND id <> ?").run(userId, exceptSessionId ?? "");
  }

  insertRefreshToken(t: {
    token: string;
    session_id: string;
    user_id: string;
    parent: string | null;
  }): RefreshTokenRow {
    const now = nowIso();
    const info = this.db
      .prepare(
        "INSERT INTO refresh_tokens (token,session_id,user_id,parent,revoked,created_at,updated_at) VALUES (?,?,?,?,0,?,?)",
      )
      .run(t.token, t.session_id, t.user_id, t.parent, now, now);
    return { ...t, id: Number(info.lastInsertRowid), revoked: false, created_at: now, updated_at: now };
  }

  findRefreshToken(token: string): RefreshTokenRow | undefined {
    const r = this.sql("SELECT * FROM refresh_tokens WHERE token = ?").get(token) as Row | undefined;
    return r && decodeRefresh(r);
  }

  /** The newest unrevoked token of a session: the head of its rotation chain. */
  activeRefreshToken(sessionId: string): RefreshTokenRow | undefined {
    const r = this.db
      .prepare("SELECT * FROM refresh_tokens WHERE session_id = ? AND revoked = 0 ORDER BY id DESC LIMIT 1")
      .get(sessionId) as Row | undefined;
    return r && decodeRefresh(r);
  }

  revokeRefreshToken(id: number): void {
    this.sql("UPDATE refresh_tokens SET revoked = 1, updated_at = ? WHERE id = ?").run(nowIso(), id);
  }

  /** GoTrue's family revocation: every token of the session the reused token belongs to. */
  revokeSessionTokens(sessionId: string): void {
    this.sql("UPDATE refresh_tokens SET revoked = 1, updated_at = ? WHERE session_id = ? AND revoked = 0").run(
      nowIso(),
      sessionId,
    );
  }

  // ---- MFA ----
  insertFactor(f: Omit<FactorRow, "created_at" | "updated_at" | "last_challenged_at">): FactorRow {
    const now = nowIso();
    const row: FactorRow = { ...f, created_at: now, updated_at: now, last_challenged_at: null };
    this.db
      .prepare(
        `INSERT INTO factors (id,user_id,friendly_name,factor_type,status,secret,created_at,updated_at,last_challenged_at)
         VALUES (@id,@user_id,@friendly_name,@factor_type,@status,@secret,@created_at,@updated_at,@last_challenged_at)`,
      )
      .run(row);
    return row;
  }

  factorsOf(userId: string): FactorRow[] {
    return this.sql(`${FACTOR_SELECT} WHERE f.user_id = ? ORDER BY f.created_at, f.id`).all(userId) as FactorRow[];
  }

  findFactor(id: string): FactorRow | undefined {
    return this.sql(`${FACTOR_SELECT} WHERE f.id = ?`).get(id) as FactorRow | undefined;
  }

  setFactorStatus(id: string, status: FactorRow["status"]): void {
    this.sql("UPDATE factors SET status = ?, updated_at = ? WHERE id = ?").run(status, nowIso(), id);
  }

  deleteFactor(id: string): void {
    this.sql("DELETE FROM factors WHERE id = ?").run(id);
  }

  /** GoTrue's sweep: unverified factors never challenged and older than the enrolment window. */
  deleteExpiredUnverifiedFactors(olderThanIso: string): void {
    this.db
      .prepare(
        `DELETE FROM factors WHERE status <> 'verified' AND created_at < ?
         AND NOT EXISTS (SELECT 1 FROM mfa_challenges c WHERE c.factor_id = factors.id)`,
      )
      .run(olderThanIso);
  }

  deleteUnverifiedFactorsOf(userId: string, exceptId: string): void {
    this.sql("DELETE FROM factors WHERE user_id = ? AND status <> 'verified' AND id <> ?").run(userId, exceptId);
  }

  insertChallenge(c: Omit<ChallengeRow, "created_at" | "verified_at">): ChallengeRow {
    const now = nowIso();
    this.sql("INSERT INTO mfa_challenges (id,factor_id,ip_address,created_at) VALUES (?,?,?,?)").run(
      c.id,
      c.factor_id,
      c.ip_address,
      now,
    );
    this.sql("UPDATE factors SET last_challenged_at = ? WHERE id = ?").run(now, c.factor_id);
    return { ...c, created_at: now, verified_at: null };
  }

  findChallenge(id: string): ChallengeRow | undefined {
    return this.sql("SELECT * FROM mfa_challenges WHERE id = ?").get(id) as ChallengeRow | undefined;
  }

  markChallengeVerified(id: string): void {
    this.sql("UPDATE mfa_challenges SET verified_at = ? WHERE id = ?").run(nowIso(), id);
  }

  // ---- WebAuthn ----
  insertWebAuthnCredential(
    c: Omit<WebAuthnCredentialRow, "created_at" | "updated_at" | "last_used_at">,
  ): WebAuthnCredentialRow {
    const now = nowIso();
    this.sql(
      `INSERT INTO webauthn_credentials (id,user_id,factor_id,credential_id,public_key,sign_count,transports,aaguid,friendly_name,created_at,updated_at)
       VALUES (?,?,?,?,?,?,?,?,?,?,?)`,
    ).run(
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
        ? this.sql(
            "SELECT * FROM webauthn_credentials WHERE user_id = ? AND factor_id IS NULL ORDER BY created_at, rowid",
          ).all(userId)
        : this.sql("SELECT * FROM webauthn_credentials WHERE user_id = ? AND factor_id = ?").all(userId, factorId)
    ) as Row[];
    return rows.map(decodeWebAuthnCredential);
  }

  /** The keys of a user's verified WebAuthn factors (what an MFA assertion may use). */
  webAuthnFactorCredentialsOf(userId: string): WebAuthnCredentialRow[] {
    const rows = this.sql(
      "SELECT c.* FROM webauthn_credentials c JOIN factors f ON f.id = c.factor_id WHERE c.user_id = ? AND f.status = 'verified' ORDER BY c.created_at, c.rowid",
    ).all(userId) as Row[];
    return rows.map(decodeWebAuthnCredential);
  }

  findWebAuthnCredential(credentialId: string): WebAuthnCredentialRow | undefined {
    const row = this.sql("SELECT * FROM webauthn_credentials WHERE credential_id = ?").get(credentialId) as
      Row | undefined;
    return row ? decodeWebAuthnCredential(row) : undefined;
  }

  findPasskey(id: string, userId: string): WebAuthnCredentialRow | undefined {
    const row = this.sql("SELECT * FROM webauthn_credentials WHERE id = ? AND user_id = ? AND factor_id IS NULL").get(
      id,
      userId,
    ) as Row | undefined;
    return row ? decodeWebAuthnCredential(row) : undefined;
  }

  updateWebAuthnCredential(
    id: string,
    patch: Partial<Pick<WebAuthnCredentialRow, "sign_count" | "friendly_name" | "last_used_at">>,
  ): WebAuthnCredentialRow {
    const current = this.sql("SELECT * FROM webauthn_credentials WHERE id = ?").get(id) as Row | undefined;
    if (!current) throw new Error(`WebAuthn credential ${id} vanished during update`);
    const next = { ...decodeWebAuthnCredential(current), ...patch, updated_at: nowIso() };
    this.sql(
      "UPDATE webauthn_credentials SET sign_count = ?, friendly_name = ?, last_used_at = ?, updated_at = ? WHERE id = ?",
    ).run(next.sign_count, next.friendly_name, next.last_used_at, next.updated_at, id);
    return next;
  }

  deleteWebAuthnCredential(id: string): void {
    this.sql("DELETE FROM webauthn_credentials WHERE id = ?").run(id);
  }

  insertWebAuthnChallenge(c: WebAuthnChallengeRow): void {
    this.sql("INSERT INTO webauthn_challenges (id,user_id,kind,challenge,expires_at) VALUES (?,?,?,?,?)").run(
      c.id,
      c.user_id,
      c.kind,
      c.challenge,
      c.expires_at,
    );
  }

  /** Takes a challenge out (one answer per challenge, as GoTrue's ConsumeWebAuthnChallengeByID). */
  consumeWebAuthnChallenge(id: string): WebAuthnChallengeRow | undefined {
    return this.transaction(() => {
      const row = this.sql("SELECT * FROM webauthn_challenges WHERE id = ?").get(id) as
        WebAuthnChallengeRow | undefined;
      if (row) this.sql("DELETE FROM webauthn_challenges WHERE id = ?").run(id);
      return row;
    });
  }

  /** The last TOTP time step accepted for a factor (codes of that step and earlier are spent). */
  lastTotpStep(factorId: string): number | undefined {
    const row = this.sql("SELECT step FROM totp_used_steps WHERE factor_id = ?").get(factorId) as
      { step: number } | undefined;
    return row?.step;
  }

  setLastTotpStep(factorId: string, step: number): void {
    this.sql(
      "INSERT INTO totp_used_steps (factor_id, step) VALUES (?, ?) ON CONFLICT(factor_id) DO UPDATE SET step = excluded.step",
    ).run(factorId, step);
  }

  // ---- the local consent page's stand-in Google accounts (address + bcrypt hash) ----
  googleStandinHash(email: string): string | undefined {
    const row = this.sql("SELECT password_hash FROM google_standin_accounts WHERE email = ?").get(email) as
      { password_hash: string } | undefined;
    return row?.password_hash;
  }

  putGoogleStandin(email: string, passwordHash: string): void {
    this.sql("INSERT OR REPLACE INTO google_standin_accounts (email, password_hash, created_at) VALUES (?, ?, ?)").run(
      email,
      passwordHash,
      nowIso(),
    );
  }

  // ---- one-time tokens (mail links and codes) ----
  /** A user has at most one live token per type, as GoTrue's per-column tokens. */
  putOneTimeToken(t: Omit<OneTimeTokenRow, "created_at">): void {
    this.transaction(() => {
      this.sql("DELETE FROM one_time_tokens WHERE user_id = ? AND token_type = ?").run(t.user_id, t.token_type);
      this.db
        .prepare(
          "INSERT OR REPLACE INTO one_time_tokens (token_hash,otp_hash,user_id,token_type,relates_to,created_at) VALUES (?,?,?,?,?,?)",
        )
        .run(t.token_hash, t.otp_hash, t.user_id, t.token_type, t.relates_to, nowIso());
    });
  }

  /** By the link's token or by the hash of a typed code. */
  findOneTimeToken(hash: string): OneTimeTokenRow | undefined {
    return this.sql("SELECT * FROM one_time_tokens WHERE token_hash = ? OR otp_hash = ?").get(hash, hash) as
      OneTimeTokenRow | undefined;
  }

  /** The user's live token of one type (at most one, see putOneTimeToken). */
  oneTimeTokenOf(userId: string, type: OneTimeTokenType): OneTimeTokenRow | undefined {
    return this.sql("SELECT * FROM one_time_tokens WHERE user_id = ? AND token_type = ?").get(userId, type) as
      OneTimeTokenRow | undefined;
  }

  deleteOneTimeTokens(userId: string, types?: OneTimeTokenType[]): void {
    if (!types) {
      this.sql("DELETE FROM one_time_tokens WHERE user_id = ?").run(userId);
      return;
    }
    for (const type of types)
      this.sql("DELETE FROM one_time_tokens WHERE user_id = ? AND token_type = ?").run(userId, type);
  }

  // ---- OAuth 2.1 server clients (deleted ones stay, with deleted_at, as GoTrue keeps them) ----
  insertOAuthClient(c: Omit<OAuthClientRow, "created_at" | "updated_at">): OAuthClientRow {
    const now = nowIso();
    const row: OAuthClientRow = { ...c, created_at: now, updated_at: now };
    this.db
      .prepare(
        `INSERT INTO oauth_clients (id,registration_type,client_type,token_endpoint_auth_method,client_name,client_uri,logo_uri,redirect_uris,grant_types,client_secret_hash,created_at,updated_at)
         VALUES (@id,@registration_type,@client_type,@token_endpoint_auth_method,@client_name,@client_uri,@logo_uri,@redirect_uris,@grant_types,@client_secret_hash,@created_at,@updated_at)`,
      )
      .run({ ...row, redirect_uris: JSON.stringify(row.redirect_uris), grant_types: JSON.stringify(row.grant_types) });
    return row;
  }

  findOAuthClient(id: string): OAuthClientRow | undefined {
    const r = this.sql("SELECT * FROM oauth_clients WHERE id = ? AND deleted_at IS NULL").get(id) as Row | undefined;
    return r && decodeOAuthClient(r);
  }

  listOAuthClients(limit: number, offset: number): { clients: OAuthClientRow[]; total: number } {
    const total = (this.sql("SELECT COUNT(*) AS n FROM oauth_clients WHERE deleted_at IS NULL").get() as { n: number })
      .n;
    const rows = this.sql(
      "SELECT * FROM oauth_clients WHERE deleted_at IS NULL ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?",
    ).all(limit, offset) as Row[];
    return { clients: rows.map(decodeOAuthClient), total };
  }

  updateOAuthClient(
    id: string,
    patch: Partial<Omit<OAuthClientRow, "id" | "created_at" | "updated_at">>,
  ): OAuthClientRow {
    const current = this.findOAuthClient(id);
    if (!current) throw new Error(`OAuth client ${id} vanished during update`);
    const next = { ...current, ...patch, updated_at: nowIso() };
    this.db
      .prepare(
        `UPDATE oauth_clients SET token_endpoint_auth_method = ?, client_name = ?, client_uri = ?, logo_uri = ?, redirect_uris = ?,
         grant_types = ?, client_secret_hash = ?, updated_at = ? WHERE id = ?`,
      )
      .run(
        next.token_endpoint_auth_method,
        next.client_name,
        next.client_uri,
        next.logo_uri,
        JSON.stringify(next.redirect_uris),
        JSON.stringify(next.grant_types),
        next.client_secret_hash,
        next.updated_at,
        id,
      );
    return next;
  }

  softDeleteOAuthClient(id: string): void {
    this.sql("UPDATE oauth_clients SET deleted_at = ?, updated_at = ? WHERE id = ?").run(nowIso(), nowIso(), id);
  }

  // ---- PKCE flow states ----
  insertFlowState(f: Omit<FlowStateRow, "created_at">): FlowStateRow {
    const row: FlowStateRow = { ...f, created_at: nowIso() };
    this.db
      .prepare(
        `INSERT INTO flow_states (id,auth_code,user_id,code_challenge,code_challenge_method,provider_type,authentication_method,redirect_to,linking_target_id,created_at)
         VALUES (@id,@auth_code,@user_id,@code_challenge,@code_challenge_method,@provider_type,@authentication_method,@redirect_to,@linking_target_id,@created_at)`,
      )
      .run(row);
    return row;
  }

  findFlowStateByCode(authCode: string): FlowStateRow | undefined {
    return this.sql("SELECT * FROM flow_states WHERE auth_code = ?").get(authCode) as FlowStateRow | undefined;
  }

  findFlowState(id: string): FlowStateRow | undefined {
    return this.sql("SELECT * FROM flow_states WHERE id = ?").get(id) as FlowStateRow | undefined;
  }

  setFlowStateUser(id: string, userId: string): void {
    this.sql("UPDATE flow_states SET user_id = ?, created_at = ? WHERE id = ?").run(userId, nowIso(), id);
  }

  deleteFlowState(id: string): void {
    this.sql("DELETE FROM flow_states WHERE id = ?").run(id);
  }
}
