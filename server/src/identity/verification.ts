// A person is bound to their Sumsub applicant by an externalUserId the server derives (never from
// anything a browser sends); and Sumsub's dates, read.

const EXTERNAL_USER_PREFIX = "ff-person-";

/** The externalUserId this product gives Sumsub for a person. */
export function externalUserIdFor(personId: number): string {
  return `${EXTERNAL_USER_PREFIX}${personId}`;
}

export function personIdFromExternalUserId(externalUserId: string | undefined): number | null {
  if (!externalUserId?.startsWith(EXTERNAL_USER_PREFIX)) return null;
  const digits = externalUserId.slice(EXTERNAL_USER_PREFIX.length);
  // Digits only: Number() would also accept "1e3", " 7" or "0x1f".
  if (!/^[1-9]\d{0,14}$/.test(digits)) return null;
  return Number(digits);
}

/** Sumsub dates are UTC without a zone: "yyyy-MM-dd HH:mm:ss[.SSS]". */
export function parseSumsubDate(value: string | undefined): Date | null {
  if (!value) return null;
  const d = new Date(`${value.trim().replace(" ", "T")}Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A review's check (attempt) and when it started; null without a start, so its GREEN is not applied. */
export function checkOfReview(review: {
  attemptId?: string;
  reviewId?: string;
  createDate?: string;
}): { id: string; startedAt: Date } | null {
  const startedAt = parseSumsubDate(review.createDate);
  const id = review.attemptId ?? review.reviewId;
  return startedAt && id ? { id, startedAt } : null;
}
