// Writes go through useAccountMutation: a success refetches every query (requirements §4) before it resolves.
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";

/** Refetches every active query and marks the rest stale (they refetch when next used). */
export function refetchAll(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}

/** `mutateAsync` rejects on failure; the caller decides what the founder sees (requirements §8). */
export function useAccountMutation<TVariables = void, TResult = void>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => refetchAll(queryClient),
  });
}
