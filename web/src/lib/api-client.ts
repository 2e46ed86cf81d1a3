// The product API client: openapi-fetch over the generated path types (requirements §7: relative /api
// paths, bearer token, no cookies). A non-2xx answer throws an ApiError with the server's message.
import createClient, { type Middleware } from "openapi-fetch";
import { isApiErrorCode, type ApiErrorCode } from "@contract/error-codes";
import type { paths } from "./api-paths";
import { minutesFromRetryAfter, tooManyAttemptsMessage } from "./rate-limit";
import { getSupabase } from "./supabase";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The body's `error`, when it is a code of the API's closed set. */
    readonly code?: ApiErrorCode,
    /** The request's id (the server's, else the one this client sent): what a founder quotes to support. */
    readonly reference?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

const REQUEST_ID_HEADER = "x-request-id";

/** A new id for one API call (crypto.randomUUID exists only on secure origins; the fallback is as random). */
function newRequestId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

let latestFailure: { reference: string; at: number } | null = null;
const FAILURE_REFERENCE_MS = 10_000;

/** The reference of the API call that failed just now, once, for its failure toast's 'Reference: …'. */
export function takeFailureReference(now = Date.now()): string | undefined {
  const latest = latestFailure;
  latestFailure = null;
  return latest && now - latest.at <= FAILURE_REFERENCE_MS ? latest.reference : undefined;
}

/** Reads the server's `{ error, message, request_id }` body, else the status line and the sent id. */
async function apiErrorFrom(response: Response, sentId?: string): Promise<ApiError> {
  let message = `${response.status} ${response.statusText}`.trim();
  let code: ApiErrorCode | undefined;
  let reference = response.headers.get(REQUEST_ID_HEADER) ?? sentId;
  try {
    const body: unknown = await response.clone().json();
    if (body && typeof body === "object") {
      const b = body as { message?: unknown; error?: unknown; request_id?: unknown };
      if (typeof b.message === "string" && b.message) message = b.message;
      if (isApiErrorCode(b.error)) code = b.error;
      if (typeof b.request_id === "string" && b.request_id) reference = b.request_id;
    }
  } catch {
    // not JSON: keep the status line
  }
  const minutes = response.status === 429 ? minutesFromRetryAfter(response.headers.get("retry-after")) : undefined;
  if (minutes !== undefined) message = tooManyAttemptsMessage(minutes);
  if (reference) latestFailure = { reference, at: Date.now() };
  return new ApiError(message, response.status, code, reference);
}

type RefusalListener = (error: ApiError) => void;
const refusalListeners = new Set<RefusalListener>();

/** Refusals the whole app reacts to, whichever screen made the call: 401, 403 insufficient_aal, 429. */
export function onApiRefusal(listener: RefusalListener): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

function isAppWideRefusal(error: ApiError): boolean {
  return error.status === 401 || (error.status === 403 && error.code === "insufficient_aal") || error.status === 429;
}

/** The current access token (supabase-js refreshes it) and an id of this call's own, the server logs. */
/** @internal */ export function bearerMiddleware(getToken: () => Promise<string | undefined>): Middleware {
  return {
    async onRequest({ request }) {
      const token = await getToken();
      if (token) request.headers.set("Authorization", `Bearer ${token}`);
      request.headers.set(REQUEST_ID_HEADER, newRequestId());
      return request;
    },
    async onResponse({ request, response }) {
      if (!response.ok) {
        const error = await apiErrorFrom(response, request.headers.get(REQUEST_ID_HEADER) ?? undefined);
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

// The origin is spelled out for Request() outside a browser; fetch is looked up per call for tests' stubs.
export const api = createClient<paths>({
  baseUrl: typeof location === "undefined" ? "" : location.origin,
  credentials: "omit",
  fetch: (request) => globalThis.fetch(request),
});
api.use(bearerMiddleware(currentAccessToken));
