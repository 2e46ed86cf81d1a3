// Strategies of an account; at most one Founder Foundation strategy each (also a unique index).
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { preparedPerDb } from "../../../db/prepared";
import { strategy, type StrategyRow } from "../../../db/schema";
import type { Strategy } from "../contract/entities";
import { FOUNDER_STRATEGY, timestampNow } from "../contract/rules";
import { conflict } from "../http-errors";

const strategiesOfAccount = preparedPerDb((db) =>
  db.select().from(strategy).where(eq(strategy.accountId, sql.placeholder("accountId"))).orderBy(strategy.strategyId).prepare(),
);
const strategyById = preparedPerDb((db) => db.select().from(strategy).where(eq(strategy.strategyId, sql.placeholder("strategyId"))).prepare());

export function listStrategies(db: Db, accountId: number): StrategyRow[] {
  return strategiesOfAccount(db).all({ accountId });
}

export function getStrategy(db: Db, strategyId: number): StrategyRow | undefined {
  return strategyById(db).get({ strategyId });
}

export function createStrategy(db: Db, accountId: number, strategyType: string): StrategyRow {
  return db.transaction((tx) => {
    if (strategyType === FOUNDER_STRATEGY) {
      const existing = tx
        .select({ id: strategy.strategyId })
        .from(strategy)
        .where(and(eq(strategy.accountId, accountId), eq(strategy.strategyType, FOUNDER_STRATEGY)))
        .get();
      if (existing) throw conflict("A Founder Foundation strategy already exists for this account", "strategy_type");
    }
    const now = timestampNow();
    return tx.insert(strategy).values({ accountId, strategyType, createdAt: now, updatedAt: now }).returning().get();
  });
}

export function setEntryCompletedAt(db: Db | Tx, strategyId: number, entryCompletedAt: string | null): StrategyRow {
  return db
    .update(strategy)
    .set({ entryCompletedAt, updatedAt: timestampNow() })
    .where(eq(strategy.strategyId, strategyId))
    .returning()
    .get();
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
