// The founder's data is read once per page load (docs/performance.md, "One read per page load").
// TanStack Query's default (staleTime 0, refetchOnMount true) refetches a query each time one more
// component starts to use it after the first answer arrived: the dashboard read all_data twice,
// once for the screen and again when a strategy card mounted. A write needs no such refetch: every
// write refetches all queries (mutations.ts), and a query it could not refetch (unused at that
// moment) is marked invalidated, so the next component to use it reads it again. Returning to the
// tab still refetches (refetchOnWindowFocus, unchanged), and so does a reload.
import type { Query } from "@tanstack/react-query";

/** Query options: a component mounting later reuses the answer unless a write invalidated it. */
export const READ_ONCE_PER_LOAD = {
  refetchOnMount: (query: Pick<Query, "state">) => query.state.isInvalidated,
} as const;
