// A small Sumsub REST client: every request signed (signing.ts), to api.sumsub.com or the offline
// emulator by one base URL, so both run the same code path.
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
  fetch?: typeof fetch;
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
    createSdkAccessToken(req: SdkTokenRequest): Promise<AccessToken> {
      return call("POST", "/resources/accessTokens/sdk", accessTokenSchema, {
        userId: req.userId,
        levelName: req.levelName,
        ttlInSecs: req.ttlInSecs,
        ...(req.applicantIdentifiers ? { applicantIdentifiers: req.applicantIdentifiers } : {}),
      });
    },

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
