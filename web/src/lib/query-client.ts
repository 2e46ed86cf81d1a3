// TanStack Query defaults of spec §9: 3 retries, exponential delay from 1 s up to 30 s, unused
// data dropped after 5 minutes.
import { QueryClient } from "@tanstack/react-query";

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 3, retryDelay, gcTime: 5 * 60_000 },
    },
  });
}
