// GoTrue's models.Factor and models.Challenge: MFA factors (TOTP, WebAuthn), their challenges, spent TOTP steps.
import { nowIso } from "../clock";
import type { ModelSchema, StoreDb } from "./db";

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

export interface ChallengeRow {
  id: string;
  factor_id: string;
  ip_address: string;
  created_at: string;
  verified_at: string | null;
}

export const FACTORS_SCHEMA: ModelSchema = {
  ddl: `
CREATE TABLE IF NOT EXISTS factors (
  id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  friendly_name TEXT NOT NULL, factor_type TEXT NOT NULL, status TEXT NOT NULL, secret TEXT NOT NULL,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL, last_challenged_at TEXT);
CREATE TABLE IF NOT EXISTS totp_used_steps (
  factor_id TEXT PRIMARY KEY REFERENCES factors(id) ON DELETE CASCADE, step INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS mfa_challenges (
  id TEXT PRIMARY KEY, factor_id TEXT NOT NULL REFERENCES factors(id) ON DELETE CASCADE,
  ip_address TEXT NOT NULL, created_at TEXT NOT NULL, verified_at TEXT);
CREATE INDEX IF NOT EXISTS factors_user ON factors(user_id);
CREATE INDEX IF NOT EXISTS factors_unverified ON factors(created_at) WHERE status <> 'verified';
CREATE INDEX IF NOT EXISTS mfa_challenges_factor ON mfa_challenges(factor_id);`,
  tables: ["totp_used_steps", "mfa_challenges", "factors"],
  indexes: `CREATE INDEX IF NOT EXISTS factors_user ON factors(user_id);
CREATE INDEX IF NOT EXISTS factors_unverified ON factors(created_at) WHERE status <> 'verified';
CREATE INDEX IF NOT EXISTS mfa_challenges_factor ON mfa_challenges(factor_id);`,
};

/** Factors with their WebAuthn key's AAGUID beside them (GoTrue keeps it on the factor row). */
const FACTOR_SELECT =
  "SELECT f.*, c.aaguid AS web_authn_aaguid FROM factors f LEFT JOIN webauthn_credentials c ON c.factor_id = f.id";

export class Factors {
  constructor(private readonly s: StoreDb) {}

  insertFactor(f: Omit<FactorRow, "created_at" | "updated_at" | "last_challenged_at">): FactorRow {
    const now = nowIso();
    const row: FactorRow = { ...f, created_at: now, updated_at: now, last_challenged_at: null };
    this.s
      .sql(
        `INSERT INTO factors (id,user_id,friendly_name,factor_type,status,secret,created_at,updated_at,last_challenged_at)
         VALUES (@id,@user_id,@friendly_name,@factor_type,@status,@secret,@created_at,@updated_at,@last_challenged_at)`,
      )
      .run(row);
    return row;
  }

  factorsOf(userId: string): FactorRow[] {
    return this.s.sql(`${FACTOR_SELECT} WHERE f.user_id = ? ORDER BY f.created_at, f.id`).all(userId) as FactorRow[];
  }

  findFactor(id: string): FactorRow | undefined {
    return this.s.sql(`${FACTOR_SELECT} WHERE f.id = ?`).get(id) as FactorRow | undefined;
  }

  setFactorStatus(id: string, status: FactorRow["status"]): void {
    this.s.sql("UPDATE factors SET status = ?, updated_at = ? WHERE id = ?").run(status, nowIso(), id);
  }

  renameFactor(id: string, friendlyName: string): void {
    this.s.sql("UPDATE factors SET friendly_name = ?, updated_at = ? WHERE id = ?").run(friendlyName, nowIso(), id);
  }

  deleteFactor(id: string): void {
    this.s.sql("DELETE FROM factors WHERE id = ?").run(id);
  }

  deleteFactorsOf(userId: string): void {
    this.s.sql("DELETE FROM factors WHERE user_id = ?").run(userId);
  }

  /** GoTrue's sweep: unverified factors never challenged and older than the enrolment window. */
  deleteExpiredUnverifiedFactors(olderThanIso: string): void {
    this.s
      .sql(
        `DELETE FROM factors WHERE status <> 'verified' AND created_at < ?
         AND NOT EXISTS (SELECT 1 FROM mfa_challenges c WHERE c.factor_id = factors.id)`,
      )
      .run(olderThanIso);
  }

  deleteUnverifiedFactorsOf(userId: string, exceptId: string): void {
    this.s.sql("DELETE FROM factors WHERE user_id = ? AND status <> 'verified' AND id <> ?").run(userId, exceptId);
  }

  insertChallenge(c: Omit<ChallengeRow, "created_at" | "verified_at">): ChallengeRow {
    const now = nowIso();
    this.s
      .sql("INSERT INTO mfa_challenges (id,factor_id,ip_address,created_at) VALUES (?,?,?,?)")
      .run(c.id, c.factor_id, c.ip_address, now);
    this.s.sql("UPDATE factors SET last_challenged_at = ? WHERE id = ?").run(now, c.factor_id);
    return { ...c, created_at: now, verified_at: null };
  }

  findChallenge(id: string): ChallengeRow | undefined {
    return this.s.sql("SELECT * FROM mfa_challenges WHERE id = ?").get(id) as ChallengeRow | undefined;
  }

  markChallengeVerified(id: string): void {
    this.s.sql("UPDATE mfa_challenges SET verified_at = ? WHERE id = ?").run(nowIso(), id);
  }

  /** The last TOTP time step accepted for a factor (codes of that step and earlier are spent). */
  lastTotpStep(factorId: string): number | undefined {
    const row = this.s.sql("SELECT step FROM totp_used_steps WHERE factor_id = ?").get(factorId) as
      { step: number } | undefined;
    return row?.step;
  }

  setLastTotpStep(factorId: string, step: number): void {
    this.s
      .sql(
        "INSERT INTO totp_used_steps (factor_id, step) VALUES (?, ?) ON CONFLICT(factor_id) DO UPDATE SET step = excluded.step",
      )
      .run(factorId, step);
  }
}
