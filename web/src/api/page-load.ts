// The founder's data is read once per page load (docs/decisions/0105): TanStack Query's default
// refetches a query whenever one more component mounts; a write invalidates it (mutations.ts).
import type { Query } from "@tanstack/react-query";

/** Query options: a component mounting later reuses the answer unless a write invalidated it. */
export const READ_ONCE_PER_LOAD = {
  refetchOnMount: (query: Pick<Query, "state">) => query.state.isInvalidated,
} as const;
