// Auth data in its own SQLite file in DATA_DIR (the product's database never sees it), one module
// per GoTrue model (internal/models), composed here over one connection.
import type Database from "better-sqlite3";
import { StoreDb, type ModelSchema } from "./db";
import { Users, USERS_SCHEMA } from "./users";
import { Identities, IDENTITIES_SCHEMA } from "./identities";
import { Sessions, SESSIONS_SCHEMA } from "./sessions";
import { Factors, FACTORS_SCHEMA } from "./factors";
import { WebAuthn, WEBAUTHN_SCHEMA } from "./webauthn";
import { OneTimeTokens, ONE_TIME_TOKENS_SCHEMA } from "./one-time-tokens";
import { FlowStates, FLOW_STATES_SCHEMA } from "./flow-states";
import { OAuthClients, OAUTH_CLIENTS_SCHEMA } from "./oauth-clients";
import { GoogleStandins, GOOGLE_STANDINS_SCHEMA } from "./google-standins";

export type { Json } from "./db";
export type { UserRow } from "./users";
export { newUserRow } from "./users";
export type { IdentityRow } from "./identities";
export type { AmrEntry, RefreshTokenRow, SessionRow } from "./sessions";
export type { FactorRow } from "./factors";
export type { WebAuthnChallengeRow, WebAuthnCredentialRow } from "./webauthn";
export type { OneTimeTokenRow, OneTimeTokenType } from "./one-time-tokens";
export type { FlowStateRow } from "./flow-states";
export type { OAuthClientRow } from "./oauth-clients";

const SEEDED_VERSION = 1;

/** Parents before children: the order tables are created in (a wipe goes the other way). */
const SCHEMAS: ModelSchema[] = [
  USERS_SCHEMA,
  IDENTITIES_SCHEMA,
  SESSIONS_SCHEMA,
  FACTORS_SCHEMA,
  WEBAUTHN_SCHEMA,
  ONE_TIME_TOKENS_SCHEMA,
  FLOW_STATES_SCHEMA,
  OAUTH_CLIENTS_SCHEMA,
  GOOGLE_STANDINS_SCHEMA,
];

export class AuthStore {
  private readonly s: StoreDb;
  readonly db: Database.Database;
  readonly users: Users;
  readonly identities: Identities;
  readonly sessions: Sessions;
  readonly factors: Factors;
  readonly webauthn: WebAuthn;
  readonly oneTimeTokens: OneTimeTokens;
  readonly flowStates: FlowStates;
  readonly oauthClients: OAuthClients;
  readonly googleStandins: GoogleStandins;

  constructor(file: string) {
    this.s = new StoreDb(file);
    this.db = this.s.db;
    for (const schema of SCHEMAS) this.s.migrate(schema);
    this.users = new Users(this.s);
    this.identities = new Identities(this.s);
    this.sessions = new Sessions(this.s);
    this.factors = new Factors(this.s);
    this.webauthn = new WebAuthn(this.s);
    this.oneTimeTokens = new OneTimeTokens(this.s);
    this.flowStates = new FlowStates(this.s);
    this.oauthClients = new OAuthClients(this.s);
    this.googleStandins = new GoogleStandins(this.s);
  }

  /** Whether a seed was written (PRAGMA user_version), so a restart keeps the data as it was left. */
  get seeded(): boolean {
    return (this.db.pragma("user_version", { simple: true }) as number) >= SEEDED_VERSION;
  }

  set seeded(value: boolean) {
    this.db.pragma(`user_version = ${value ? SEEDED_VERSION : 0}`);
  }

  close(): void {
    this.db.close();
  }

  transaction<T>(fn: () => T): T {
    return this.s.transaction(fn);
  }

  /** Empties every table (used by reset before re-seeding). */
  wipe(): void {
    this.transaction(() => {
      for (const schema of [...SCHEMAS].reverse())
        for (const table of schema.tables) this.s.sql(`DELETE FROM ${table}`).run();
    });
  }
}
