// The account's strategies: GET /api/strategies/strategy/account/{accountId}, POST /api/strategies/
// and PUT /api/strategies/{strategyId} (entry_completed_at submits).
import { useQuery } from "@tanstack/react-query";
import type { Strategy } from "@contract/entities";
import { FOUNDER_STRATEGY } from "@contract/rules";
import { api } from "@/lib/api-client";
import { useAccountId } from "./account";
import { useAllData } from "./all-data";
import { READ_ONCE_PER_LOAD } from "./page-load";
import { required } from "./required";

export const strategiesKey = (accountId: number) => ["strategies", accountId] as const;

export async function fetchStrategies(accountId: number): Promise<Strategy[]> {
  const { data } = await api.GET("/api/strategies/strategy/account/{accountId}", { params: { path: { accountId } } });
  return data ?? [];
}

/** The account's strategies; a failed read gives [] (requirements §7). */
export function useStrategies() {
  const { data: accountId } = useAccountId();
  const allData = useAllData();
  return useQuery({
    queryKey: strategiesKey(accountId ?? 0),
    queryFn: async (): Promise<Strategy[]> => {
      try {
        return await fetchStrategies(accountId!);
      } catch (err) {
        console.error("Failed to load strategies", err instanceof Error ? err.message : err);
        return [];
      }
    },
    enabled: accountId !== undefined && allData.isSuccess,
    ...READ_ONCE_PER_LOAD,
  });
}

/** POST /api/strategies/ (a Founder Foundation unless told otherwise) → strategy_id. */
export async function createStrategy(accountId: number, strategyType: string = FOUNDER_STRATEGY): Promise<number> {
  const { data } = await api.POST("/api/strategies/", { body: { account_id: accountId, strategy_type: strategyType } });
  return required(data, "strategy id").strategy_id;
}

/** PUT /api/strategies/{strategyId}: entry_completed_at on approval (a timestamp without Z). */
export async function updateStrategy(
  strategyId: number,
  body: { entry_completed_at: string | null; attested?: boolean },
): Promise<Strategy> {
  const { data } = await api.PUT("/api/strategies/{strategyId}", { params: { path: { strategyId } }, body });
  return required(data, "strategy");
}

/** Whether the account already has a Founder Foundation strategy (Select is then disabled). */
export function hasFounderStrategy(strategies: readonly Strategy[] | undefined): boolean {
  return (strategies ?? []).some((s) => s.strategy_type === FOUNDER_STRATEGY);
}
