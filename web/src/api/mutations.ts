// Writes go through useAccountMutation: after any successful mutation every query is refetched
// (requirements §4), and the returned promise resolves only once that refetch has finished, so a screen
// that navigates afterwards shows fresh data.
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";

/** Refetches every active query and marks the rest stale (they refetch when next used). */
export function refetchAll(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}

/**
 * A mutation whose success refetches all queries. `mutateAsync` rejects on failure; the caller
 * decides what the person sees (requirements §8: the creation flow only logs, edit screens toast).
 */
export function useAccountMutation<TVariables = void, TResult = void>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => refetchAll(queryClient),
  });
}
