// What the product tells the provider about a person's applicant, and what it asks back (no HTTP:
// the routes turn a provider failure into their answer, routes/identity-provider.ts).
import type { PersonRow } from "../../../db/schema";
import type { WebhookPayload } from "../contract/sumsub";
import { SumsubApiError, type ApplicantIdentifiers, type SumsubClient } from "./client";
import { checkOfReview, externalUserIdFor } from "./verification";

/** Sumsub wants E.164; the product stores 10 US digits. */
export const applicantPhone = (phone: string | null): string | undefined =>
  phone ? (phone.length === 10 ? `+1${phone}` : `+${phone}`) : undefined;

export function applicantIdentifiers(
  email: string | undefined,
  phone: string | null,
): ApplicantIdentifiers | undefined {
  const e164 = applicantPhone(phone);
  return email || e164 ? { ...(email ? { email } : {}), ...(e164 ? { phone: e164 } : {}) } : undefined;
}

/** Sumsub's advice for de-duplicating deliveries: correlationId + type + createdAtMs. */
export function webhookEventKey(e: WebhookPayload): string {
  return ["sumsub", e.correlationId ?? "", e.type, e.createdAtMs ?? "", e.applicantId].join("|");
}

export function verificationStateOf(row: PersonRow, reviewStatus: string | null) {
  return {
    person_id: row.personId,
    sumsub_applicant_id: row.sumsubApplicantId,
    review_status: reviewStatus,
    sumsub_review_answer: row.sumsubReviewAnswer,
    sumsub_completed_at: row.sumsubCompletedAt,
  };
}

/**
 * A GREEN webhook's check, confirmed with the provider (a signature proves the sender, not the
 * applicant): bound to this person by externalUserId and completed GREEN, else null.
 */
export async function confirmedGreen(
  sumsub: SumsubClient,
  personId: number,
  applicantId: string,
): Promise<{ id: string; startedAt: Date } | null> {
  const applicant = await sumsub.getApplicant(applicantId).catch((err: unknown) => {
    if (err instanceof SumsubApiError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  });
  const review = applicant?.review;
  if (!applicant || applicant.externalUserId !== externalUserIdFor(personId)) return null;
  if (review?.reviewStatus !== "completed" || review.reviewResult?.reviewAnswer !== "GREEN") return null;
  return checkOfReview(review);
}
