// The identity check's calls: POST /api/sumsub/access_token (the widget's token),
// POST /api/sumsub/confirm (the server re-reads the review from the provider),
// POST /api/sumsub/new_check (a finished check starts again) and
// POST /api/sumsub/send_sumsub_emails (verification links to additional owners).
import { SUMSUB_LEVEL_NAME, SUMSUB_TOKEN_TTL_SECONDS } from "@contract/rules";
import { api } from "@/lib/api-client";
import { required } from "./required";
import type { ResponseBody } from "./response-body";

/**
 * POST /api/sumsub/access_token, the §7 variant: user_id is the person's email, the contract's
 * level and token lifetime, and the identifiers the widget pre-fills. The server binds the token to the
 * caller's own primary person whatever this says.
 */
export async function fetchIdentityToken(identifiers: { email: string; phone?: string | null }): Promise<string> {
  const { data } = await api.POST("/api/sumsub/access_token", {
    body: {
      user_id: identifiers.email,
      level_name: SUMSUB_LEVEL_NAME,
      ttl_in_seconds: SUMSUB_TOKEN_TTL_SECONDS,
      applicant_identifiers: { email: identifiers.email, ...(identifiers.phone ? { phone: identifiers.phone } : {}) },
    },
  });
  return required(data, "access token").token;
}

export type IdentityState = ResponseBody<"/api/sumsub/confirm", "post">;

/**
 * POST /api/sumsub/confirm: the server re-reads the applicant and review from the provider and
 * records them (sumsub_applicant_id, sumsub_completed_at); the browser's word is never taken.
 */
export async function confirmIdentity(
  body: { applicant_id?: string; person_id?: number } = {},
): Promise<IdentityState> {
  const { data } = await api.POST("/api/sumsub/confirm", { body });
  return required(data, "identity state");
}

/**
 * POST /api/sumsub/new_check ('Update license'): the provider drops the caller's finished check
 * and the verification is cleared until the new one completes; a check under way is left alone.
 */
export async function startNewIdentityCheck(): Promise<IdentityState> {
  const { data } = await api.POST("/api/sumsub/new_check", { body: {} });
  return required(data, "identity state");
}

/**
 * POST /api/sumsub/send_sumsub_emails: verification links to the given (non-primary) persons.
 * Resolves true only when every owner was actually emailed: without `reissue` the server skips
 * owners who are already verified, and saying 'sent' then would be untrue. `reissue` ('Update
 * license') asks for a fresh link for verified owners too. No persons: nothing is sent.
 */
export async function sendVerificationEmails(
  personIds: number[],
  { reissue = false }: { reissue?: boolean } = {},
): Promise<boolean> {
  if (personIds.length === 0) return true;
  const { data } = await api.POST("/api/sumsub/send_sumsub_emails", {
    body: personIds,
    ...(reissue ? { params: { query: { reissue: "true" as const } } } : {}),
  });
  return Boolean(data) && data!.results.every((r) => r.status === "sent");
}
