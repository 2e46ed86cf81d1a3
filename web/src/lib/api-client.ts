// The product API client: openapi-fetch over the generated path types, relative to the serving
// origin (requirements §7: relative /api paths, bearer token, no cookies). A non-2xx answer throws an
// Error carrying the server's message, so callers and TanStack Query see failures as errors.
import createClient, { type Middleware } from "openapi-fetch";
import { isApiErrorCode, type ApiErrorCode } from "@contract/errors";
import type { paths } from "./api-paths";
import { minutesFromRetryAfter, tooManyAttemptsMessage } from "./rate-limit";
import { getSupabase } from "./supabase";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The body's `error`, when it is a code of the API's closed set. */
    readonly code?: ApiErrorCode,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Reads the server's `{ error, message }` body; falls back to the status text. */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  let message = `${response.status} ${response.statusText}`.trim();
  let code: ApiErrorCode | undefined;
  try {
    const body: unknown = await response.clone().json();
    if (body && typeof body === "object") {
      const b = body as { message?: unknown; error?: unknown };
      if (typeof b.message === "string" && b.message) message = b.message;
      if (isApiErrorCode(b.error)) code = b.error;
    }
  } catch {
    // not JSON: keep the status line
  }
  // 429: the wait comes from Retry-After when the server gives one (web/src/lib/rate-limit.ts has
  // the wording).
  const minutes = response.status === 429 ? minutesFromRetryAfter(response.headers.get("retry-after")) : undefined;
  if (minutes !== undefined) message = tooManyAttemptsMessage(minutes);
  return new ApiError(message, response.status, code);
}

type RefusalListener = (error: ApiError) => void;
const refusalListeners = new Set<RefusalListener>();

/**
 * Refusals the whole app reacts to, whichever screen made the call: 401 (the session is no longer
 * honoured), 403 insufficient_aal (the second factor must be verified) and 429 (too many
 * attempts). Returns the unsubscribe.
 */
export function onApiRefusal(listener: RefusalListener): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

export function isAppWideRefusal(error: ApiError): boolean {
  return error.status === 401 || (error.status === 403 && error.code === "insufficient_aal") || error.status === 429;
}

/** Adds the current access token; supabase-js refreshes it, so it is read per request. */
export function bearerMiddleware(getToken: () => Promise<string | undefined>): Middleware {
  return {
    async onRequest({ request }) {
      const token = await getToken();
      if (token) request.headers.set("Authorization", `Bearer ${token}`);
      return request;
    },
    async onResponse({ response }) {
      if (!response.ok) {
        const error = await apiErrorFrom(response);
        if (isAppWideRefusal(error)) for (const listener of refusalListeners) listener(error);
        throw error;
      }
      return response;
    },
  };
}

async function currentAccessToken(): Promise<string | undefined> {
  const { data } = await getSupabase().auth.getSession();
  return data.session?.access_token;
}

// Same-origin /api paths. The origin is spelled out only because Request() outside a browser
// (the component tests) cannot resolve a bare path; fetch is looked up per call so tests can stub it.
export const api = createClient<paths>({
  baseUrl: typeof location === "undefined" ? "" : location.origin,
  credentials: "omit",
  fetch: (request) => globalThis.fetch(request),
});
api.use(bearerMiddleware(currentAccessToken));
