// GoTrue's models.FlowState: a PKCE flow between its start and the code exchange.
import { nowIso } from "../clock";
import type { ModelSchema, StoreDb } from "./db";

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

export const FLOW_STATES_SCHEMA: ModelSchema = {
  ddl: `
CREATE TABLE IF NOT EXISTS flow_states (
  id TEXT PRIMARY KEY, auth_code TEXT NOT NULL UNIQUE, user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
  code_challenge TEXT NOT NULL, code_challenge_method TEXT NOT NULL, provider_type TEXT NOT NULL,
  authentication_method TEXT NOT NULL, redirect_to TEXT, linking_target_id TEXT, created_at TEXT NOT NULL);`,
  tables: ["flow_states"],
  addedColumns: [{ table: "flow_states", columns: ["linking_target_id"] }],
  indexes: "CREATE INDEX IF NOT EXISTS flow_states_user ON flow_states(user_id);",
};

export class FlowStates {
  constructor(private readonly s: StoreDb) {}

  insertFlowState(f: Omit<FlowStateRow, "created_at">): FlowStateRow {
    const row: FlowStateRow = { ...f, created_at: nowIso() };
    this.s
      .sql(
        `INSERT INTO flow_states (id,auth_code,user_id,code_challenge,code_challenge_method,provider_type,authentication_method,redirect_to,linking_target_id,created_at)
         VALUES (@id,@auth_code,@user_id,@code_challenge,@code_challenge_method,@provider_type,@authentication_method,@redirect_to,@linking_target_id,@created_at)`,
      )
      .run(row);
    return row;
  }

  findFlowStateByCode(authCode: string): FlowStateRow | undefined {
    return this.s.sql("SELECT * FROM flow_states WHERE auth_code = ?").get(authCode) as FlowStateRow | undefined;
  }

  findFlowState(id: string): FlowStateRow | undefined {
    return this.s.sql("SELECT * FROM flow_states WHERE id = ?").get(id) as FlowStateRow | undefined;
  }

  setFlowStateUser(id: string, userId: string): void {
    this.s.sql("UPDATE flow_states SET user_id = ?, created_at = ? WHERE id = ?").run(userId, nowIso(), id);
  }

  deleteFlowState(id: string): void {
    this.s.sql("DELETE FROM flow_states WHERE id = ?").run(id);
  }
}
