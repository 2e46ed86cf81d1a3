// Accounts: one per auth user (token sub), created on first lookup; RIA answers live here.
import { eq, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { perDatabase, prepared, type Executor } from "../../../db/engine";
import type { AccountRow } from "../../../db/schema";
import type { z } from "zod";
import type { Account, riaFields } from "../contract/entities";
import { timestampNow } from "../contract/rules";

// Runs in the auth hook on every API request.
const accountIdByUser = prepared((q, { account }) =>
  q
    .select({ id: account.accountId })
    .from(account)
    .where(eq(account.userId, sql.placeholder("userId"))),
);

export async function findAccountIdByUser(db: Executor, userId: string): Promise<number | null> {
  return (await accountIdByUser.get(db, { userId }))?.id ?? null;
}

/** A user's account id never changes once created, so found ids are remembered (bounded); "none yet" is not. */
const rememberedAccountIds = perDatabase(() => new LRUCache<string, number>({ max: 10_000 }));

export async function accountIdOfCaller(db: Executor, userId: string): Promise<number | null> {
  const remembered = rememberedAccountIds(db);
  const known = remembered.get(userId);
  if (known !== undefined) return known;
  const found = await findAccountIdByUser(db, userId);
  if (found !== null) remembered.set(userId, found);
  return found;
}

/** Race-safe: the unique index on user_id makes a concurrent second insert a no-op. */
export async function getOrCreateAccountForUser(db: Executor, userId: string): Promise<number> {
  const now = timestampNow();
  const { account } = db.t;
  await db.run(
    db.q
      .insert(account)
      .values({ userId, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: account.userId }),
  );
  return (await findAccountIdByUser(db, userId))!;
}

const accountById = prepared((q, { account }) =>
  q
    .select()
    .from(account)
    .where(eq(account.accountId, sql.placeholder("accountId"))),
);

export function getAccount(db: Executor, accountId: number): Promise<AccountRow | undefined> {
  return accountById.get(db, { accountId });
}

/** Locks the account's row until the transaction ends, so a read-check-write per account runs one at a time. */
export async function lockAccount(tx: Executor, accountId: number): Promise<boolean> {
  const { account } = tx.t;
  return (
    (await tx.get(
      tx.forUpdate(tx.q.select({ id: account.accountId }).from(account).where(eq(account.accountId, accountId))),
    )) !== undefined
  );
}

/** The RIA answers as the contract has them; any subset may change. */
export type RiaChanges = Partial<z.infer<typeof riaFields>>;

export async function updateAccountRia(
  db: Executor,
  accountId: number,
  c: RiaChanges,
): Promise<AccountRow | undefined> {
  const { account } = db.t;
  return db.get(
    db.q
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
      .returning(),
  );
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
