// TanStack Query defaults of requirements §9: 3 retries, exponential delay from 1 s up to 30 s, unused
// data dropped after 5 minutes. Only failures that may pass on their own are retried (network
// errors, 5xx): a 4xx answer is final — retrying a 403 (e.g. insufficient_aal, which must show the
// second-factor prompt at once) or a 429 (which would only extend the rate limit) helps no one.
import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client";

const MAX_RETRIES = 3;

/** @internal */ export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/** TanStack's retry callback: up to MAX_RETRIES, never for a client error (4xx). */
/** @internal */ export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, gcTime: 5 * 60_000 },
    },
  });
}
