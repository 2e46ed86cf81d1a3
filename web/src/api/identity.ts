// The identity check's calls (POST /api/sumsub/…).
import { SUMSUB_LEVEL_NAME, SUMSUB_TOKEN_TTL_SECONDS } from "@contract/rules";
import { api } from "@/lib/api-client";
import { required } from "./required";
import type { ResponseBody } from "./response-body";

/** The widget's token (§7); the server binds it to the caller's own primary person whatever this says. */
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

/** The server re-reads the review from the provider and records it: the browser's word is never taken. */
export async function confirmIdentity(
  body: { applicant_id?: string; person_id?: number } = {},
): Promise<IdentityState> {
  const { data } = await api.POST("/api/sumsub/confirm", { body });
  return required(data, "identity state");
}

/** 'Update license': a finished check starts again, and the verification is cleared until it completes. */
export async function startNewIdentityCheck(): Promise<IdentityState> {
  const { data } = await api.POST("/api/sumsub/new_check", { body: {} });
  return required(data, "identity state");
}

/**
 * Verification links to the given owners; true only when every one was emailed (without `reissue`,
 * 'Update license', the server skips verified owners).
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
