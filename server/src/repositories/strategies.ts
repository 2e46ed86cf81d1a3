// Strategies of an account; at most one Founder Foundation strategy each (also a unique index).
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { prepared, type Executor } from "../../../db/engine";
import type { StrategyRow } from "../../../db/schema";
import type { Strategy } from "../contract/entities";
import { FOUNDER_STRATEGY, timestampNow } from "../contract/rules";
import { conflict } from "../errors";

const strategiesOfAccount = prepared((q, { strategy }) =>
  q
    .select()
    .from(strategy)
    .where(eq(strategy.accountId, sql.placeholder("accountId")))
    .orderBy(strategy.strategyId),
);
const strategyById = prepared((q, { strategy }) =>
  q
    .select()
    .from(strategy)
    .where(eq(strategy.strategyId, sql.placeholder("strategyId"))),
);

export function listStrategies(db: Executor, accountId: number): Promise<StrategyRow[]> {
  return strategiesOfAccount.all(db, { accountId });
}

export function getStrategy(db: Executor, strategyId: number): Promise<StrategyRow | undefined> {
  return strategyById.get(db, { strategyId });
}

export function createStrategy(db: Executor, accountId: number, strategyType: string): Promise<StrategyRow> {
  return db.transaction(async (tx) => {
    const { strategy } = tx.t;
    if (strategyType === FOUNDER_STRATEGY) {
      const existing = await tx.get(
        tx.q
          .select({ id: strategy.strategyId })
          .from(strategy)
          .where(and(eq(strategy.accountId, accountId), eq(strategy.strategyType, FOUNDER_STRATEGY))),
      );
      if (existing) throw conflict("A Founder Foundation strategy already exists for this account", "strategy_type");
    }
    const now = timestampNow();
    return (await tx.get(
      tx.q.insert(strategy).values({ accountId, strategyType, createdAt: now, updatedAt: now }).returning(),
    ))!;
  });
}

export async function setEntryCompletedAt(
  db: Executor,
  strategyId: number,
  entryCompletedAt: string | null,
): Promise<StrategyRow> {
  const { strategy } = db.t;
  const row = await db.get(
    db.q
      .update(strategy)
      .set({ entryCompletedAt, updatedAt: timestampNow() })
      .where(eq(strategy.strategyId, strategyId))
      .returning(),
  );
  return row!;
}

export function toStrategyDto(r: StrategyRow): Strategy {
  return {
    strategy_id: r.strategyId,
    account_id: r.accountId,
    strategy_type: r.strategyType,
    created_at: r.createdAt,
    entry_completed_at: r.entryCompletedAt,
  };
}

// Asked on every write to a record: prepared once per database (db/engine.ts).
const submittedStrategyOfAccount = prepared((q, { strategy }) =>
  q
    .select({ id: strategy.strategyId })
    .from(strategy)
    .where(and(eq(strategy.accountId, sql.placeholder("accountId")), isNotNull(strategy.entryCompletedAt)))
    .limit(1),
);

/** True once any strategy of the account has been submitted. */
export async function accountSubmitted(db: Executor, accountId: number): Promise<boolean> {
  return (await submittedStrategyOfAccount.get(db, { accountId })) !== undefined;
}
