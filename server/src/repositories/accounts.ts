// Accounts: one per auth user (token sub), created on first lookup; RIA answers live here.
import { eq, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Db } from "../../../db/client";
import { preparedPerDb } from "../../../db/prepared";
import { account, type AccountRow } from "../../../db/schema";
import type { Account } from "../contract/entities";
import { timestampNow } from "../contract/rules";

// Runs in the auth hook on every API request.
const accountIdByUser = preparedPerDb((db) =>
  db.select({ id: account.accountId }).from(account).where(eq(account.userId, sql.placeholder("userId"))).prepare(),
);

export function findAccountIdByUser(db: Db, userId: string): number | null {
  return accountIdByUser(db).get({ userId })?.id ?? null;
}

/**
 * A user's account never changes once created (user_id is unique and accounts are never deleted
 * or re-assigned), so the auth hook remembers found ids instead of querying on every request.
 * "No account yet" is not remembered: the account may be created at any moment. Bounded; the
 * least recently used user goes first.
 */
const rememberedAccountIds = preparedPerDb(() => new LRUCache<string, number>({ max: 10_000 }));

export function accountIdOfCaller(db: Db, userId: string): number | null {
  const remembered = rememberedAccountIds(db);
  const known = remembered.get(userId);
  if (known !== undefined) return known;
  const found = findAccountIdByUser(db, userId);
  if (found !== null) remembered.set(userId, found);
  return found;
}

/** Race-safe: the unique index on user_id makes a concurrent second insert a no-op. */
export function getOrCreateAccountForUser(db: Db, userId: string): number {
  const now = timestampNow();
  db.insert(account).values({ userId, createdAt: now, updatedAt: now }).onConflictDoNothing({ target: account.userId }).run();
  return findAccountIdByUser(db, userId)!;
}

const accountById = preparedPerDb((db) => db.select().from(account).where(eq(account.accountId, sql.placeholder("accountId"))).prepare());

export function getAccount(db: Db, accountId: number): AccountRow | undefined {
  return accountById(db).get({ accountId });
}

export interface RiaChanges {
  ria_primary_goal?: string | null;
  ria_risk_score?: number | null;
  ria_loss_capacity_percent?: number | null;
  ria_time_horizon_years?: string | null;
  ria_liquidity_needs?: string | null;
  ria_federal_effective_tax_rate?: string | null;
  ria_state?: string | null;
}

export function updateAccountRia(db: Db, accountId: number, c: RiaChanges): AccountRow {
  return db
    .update(account)
    .set({
      riaPrimaryGoal: c.ria_primary_goal,
      riaRiskScore: c.ria_risk_score,
      riaLossCapacityPercent: c.ria_loss_capacity_percent,
      riaTimeHorizonYears: c.ria_time_horizon_years,
      riaLiquidityNeeds: c.ria_liquidity_needs,
      riaFederalEffectiveTaxRate: c.ria_federal_effective_tax_rate,
      riaState: c.ria_state,
      updatedAt: timestampNow(),
    })
    .where(eq(account.accountId, accountId))
    .returning()
    .get();
}

export function toAccountDto(r: AccountRow): Account {
  return {
    account_id: r.accountId,
    user_id: r.userId,
    primary_account_holder: r.primaryAccountHolder,
    ria_primary_goal: r.riaPrimaryGoal,
    ria_risk_score: r.riaRiskScore,
    ria_loss_capacity_percent: r.riaLossCapacityPercent,
    ria_time_horizon_years: r.riaTimeHorizonYears,
    ria_liquidity_needs: r.riaLiquidityNeeds,
    ria_federal_effective_tax_rate: r.riaFederalEffectiveTaxRate,
    ria_state: r.riaState,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}
