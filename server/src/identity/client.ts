// A small Sumsub REST client. Every request is signed (see signing.ts) and goes to one configurable
// base URL: api.sumsub.com when real credentials are configured, the offline emulator otherwise, so
// the product runs the same code path in both cases.
import type { z } from "zod";
import { signedHeaders } from "./signing";
import {
  acknowledgementSchema,
  accessTokenSchema,
  apiErrorSchema,
  applicantSchema,
  reviewSchema,
  webSdkLinkSchema,
  type AccessToken,
  type Applicant,
  type ApplicantReview,
  type ReviewAnswer,
} from "../contract/sumsub";

export interface SumsubClientOptions {
  baseUrl: string;
  appToken: string;
  secretKey: string;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Unix seconds; injected for tests. */
  now?: () => number;
  /** Per-request timeout; Sumsub answers quickly, a hung call must not hang a route. */
  timeoutMs?: number;
}

export interface ApplicantIdentifiers {
  email?: string;
  phone?: string;
}

export interface SdkTokenRequest {
  userId: string;
  levelName: string;
  ttlInSecs: number;
  applicantIdentifiers?: ApplicantIdentifiers;
}

export interface TestReview {
  reviewAnswer: ReviewAnswer;
  rejectLabels?: string[];
  reviewRejectType?: "FINAL" | "RETRY";
  moderationComment?: string;
  clientComment?: string;
}

/** A non-2xx answer from Sumsub, carrying its error fields (never the request's secrets). */
export class SumsubApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly description: string,
    public readonly errorCode?: number,
    public readonly errorName?: string,
    public readonly correlationId?: string,
  ) {
    super(`Sumsub API error ${status}: ${description}`);
    this.name = "SumsubApiError";
  }
}

export type SumsubClient = ReturnType<typeof createSumsubClient>;

const seg = encodeURIComponent;

function query(params: Record<string, string | number | undefined>): string {
  const parts = Object.entries(params)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([k, v]) => `${seg(k)}=${seg(String(v))}`);
  return parts.length ? `?${parts.join("&")}` : "";
}

export function createSumsubClient(opts: SumsubClientOptions) {
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? (() => Math.floor(Date.now() / 1000));
  const base = opts.baseUrl.replace(/\/+$/, "");

  async function call<S extends z.ZodType>(
    method: "GET" | "POST",
    path: string,
    schema: S,
    body?: unknown,
  ): Promise<z.infer<S>> {
    const url = new URL(base + path);
    // Serialise once: the signature must cover exactly the bytes that are sent.
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = {
      Accept: "application/json",
      // Sumsub asks JS clients to send this even when the body is empty.
      "Content-Type": "application/json",
      ...signedHeaders({
        appToken: opts.appToken,
        secretKey: opts.secretKey,
        ts: now(),
        method,
        pathWithQuery: url.pathname + url.search,
        body: payload,
      }),
    };
    const res = await doFetch(url, {
      method,
      headers,
      body: payload,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (e.g. a proxy's HTML error page): treated as an empty body below.
    }
    if (!res.ok) {
      const err = apiErrorSchema.safeParse(json);
      const e = err.success ? err.data : {};
      throw new SumsubApiError(
        res.status,
        e.description ?? (res.statusText || "request failed"),
        e.errorCode,
        e.errorName,
        e.correlationId,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new SumsubApiError(502, `unexpected response shape from ${method} ${url.pathname}`);
    return parsed.data;
  }

  return {
    /** Current form: JSON body (`POST /resources/accessTokens/sdk`). */
    createSdkAccessToken(req: SdkTokenRequest): Promise<AccessToken> {
      return call("POST", "/resources/accessTokens/sdk", accessTokenSchema, {
        userId: req.userId,
        levelName: req.levelName,
        ttlInSecs: req.ttlInSecs,
        ...(req.applicantIdentifiers ? { applicantIdentifiers: req.applicantIdentifiers } : {}),
      });
    },

    /** Legacy form: parameters in the query, empty body (`POST /resources/accessTokens`). */
    createSdkAccessTokenLegacy(req: Omit<SdkTokenRequest, "applicantIdentifiers">): Promise<AccessToken> {
      const q = query({ userId: req.userId, levelName: req.levelName, ttlInSecs: req.ttlInSecs });
      return call("POST", `/resources/accessTokens${q}`, accessTokenSchema);
    },

    createApplicant(req: { externalUserId: string; levelName: string } & ApplicantIdentifiers): Promise<Applicant> {
      const { levelName, ...body } = req;
      return call("POST", `/resources/applicants${query({ levelName })}`, applicantSchema, body);
    },

    getApplicant(applicantId: string): Promise<Applicant> {
      return call("GET", `/resources/applicants/${seg(applicantId)}/one`, applicantSchema);
    },

    /** null when Sumsub has no applicant for this external user id yet. */
    async getApplicantByExternalUserId(externalUserId: string): Promise<Applicant | null> {
      try {
        return await call("GET", `/resources/applicants/-;externalUserId=${seg(externalUserId)}/one`, applicantSchema);
      } catch (err) {
        if (err instanceof SumsubApiError && err.status === 404) return null;
        throw err;
      }
    },

    getApplicantStatus(applicantId: string): Promise<ApplicantReview> {
      return call("GET", `/resources/applicants/${seg(applicantId)}/status`, reviewSchema);
    },

    /** Drops the applicant's documents and review: the person's next widget session captures anew. */
    async resetApplicant(applicantId: string): Promise<void> {
      await call("POST", `/resources/applicants/${seg(applicantId)}/reset`, acknowledgementSchema);
    },

    /** Requests a check of the applicant: a new review attempt starts (Sumsub sends applicantPending). */
    async requestCheck(applicantId: string): Promise<void> {
      await call("POST", `/resources/applicants/${seg(applicantId)}/status/pending`, acknowledgementSchema);
    },

    /** Sandbox only: simulates the review outcome (and makes Sumsub send applicantReviewed). */
    async testCompleted(applicantId: string, review: TestReview): Promise<void> {
      await call("POST", `/resources/applicants/${seg(applicantId)}/status/testCompleted`, acknowledgementSchema, {
        rejectLabels: [],
        ...review,
      });
    },

    /** A permalink to Sumsub's hosted WebSDK for one applicant (used to email additional owners). */
    async createWebSdkLink(req: SdkTokenRequest & { lang?: string }): Promise<string> {
      const { lang, ...body } = req;
      const res = await call(
        "POST",
        `/resources/sdkIntegrations/levels/-/websdkLink${query({ lang })}`,
        webSdkLinkSchema,
        body,
      );
      return res.url;
    },
  };
}
