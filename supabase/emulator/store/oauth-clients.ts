// GoTrue's models.OAuthServerClient: clients of the OAuth 2.1 server (deleted ones stay, with deleted_at).
import { nowIso } from "../clock";
import type { ModelSchema, Row, StoreDb } from "./db";

/** A client of the OAuth 2.1 server, registered by an admin. */
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

export const OAUTH_CLIENTS_SCHEMA: ModelSchema = {
  ddl: `
CREATE TABLE IF NOT EXISTS oauth_clients (
  id TEXT PRIMARY KEY, registration_type TEXT NOT NULL, client_type TEXT NOT NULL, token_endpoint_auth_method TEXT NOT NULL,
  client_name TEXT NOT NULL, client_uri TEXT NOT NULL, logo_uri TEXT NOT NULL, redirect_uris TEXT NOT NULL, grant_types TEXT NOT NULL,
  client_secret_hash TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT);`,
  tables: ["oauth_clients"],
};

const decodeOAuthClient = (r: Row): OAuthClientRow => ({
  ...(r as unknown as OAuthClientRow),
  redirect_uris: JSON.parse(String(r.redirect_uris)) as string[],
  grant_types: JSON.parse(String(r.grant_types)) as string[],
});

export class OAuthClients {
  constructor(private readonly s: StoreDb) {}

  insertOAuthClient(c: Omit<OAuthClientRow, "created_at" | "updated_at">): OAuthClientRow {
    const now = nowIso();
    const row: OAuthClientRow = { ...c, created_at: now, updated_at: now };
    this.s
      .sql(
        `INSERT INTO oauth_clients (id,registration_type,client_type,token_endpoint_auth_method,client_name,client_uri,logo_uri,redirect_uris,grant_types,client_secret_hash,created_at,updated_at)
         VALUES (@id,@registration_type,@client_type,@token_endpoint_auth_method,@client_name,@client_uri,@logo_uri,@redirect_uris,@grant_types,@client_secret_hash,@created_at,@updated_at)`,
      )
      .run({ ...row, redirect_uris: JSON.stringify(row.redirect_uris), grant_types: JSON.stringify(row.grant_types) });
    return row;
  }

  findOAuthClient(id: string): OAuthClientRow | undefined {
    const r = this.s.sql("SELECT * FROM oauth_clients WHERE id = ? AND deleted_at IS NULL").get(id) as Row | undefined;
    return r && decodeOAuthClient(r);
  }

  listOAuthClients(limit: number, offset: number): { clients: OAuthClientRow[]; total: number } {
    const total = (
      this.s.sql("SELECT COUNT(*) AS n FROM oauth_clients WHERE deleted_at IS NULL").get() as { n: number }
    ).n;
    const rows = this.s
      .sql("SELECT * FROM oauth_clients WHERE deleted_at IS NULL ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?")
      .all(limit, offset) as Row[];
    return { clients: rows.map(decodeOAuthClient), total };
  }

  updateOAuthClient(
    id: string,
    patch: Partial<Omit<OAuthClientRow, "id" | "created_at" | "updated_at">>,
  ): OAuthClientRow {
    const current = this.findOAuthClient(id);
    if (!current) throw new Error(`OAuth client ${id} vanished during update`);
    const next = { ...current, ...patch, updated_at: nowIso() };
    this.s
      .sql(
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
    this.s.sql("UPDATE oauth_clients SET deleted_at = ?, updated_at = ? WHERE id = ?").run(nowIso(), nowIso(), id);
  }
}
