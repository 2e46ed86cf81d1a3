// The product's rules for identity-check results, shared by the webhook and the confirmation
// route so both record a review the same way:
// - a person is bound to their Sumsub applicant by externalUserId, derived from the person id on
//   the server (never from anything a browser sends);
// - GREEN sets sumsub_completed_at once and writes one notification; replays change nothing;
// - RED records the rejection (and withdraws an earlier GREEN only if the RED is newer).
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { person } from "../../../db/schema";
import { parseTimestamp, timestampNow } from "../contract/rules";
import { createNotification } from "../repositories/notifications";
import { displayName } from "../repositories/persons";
import type { ReviewAnswer } from "./types";

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

export interface ReviewOutcome {
  applicantId: string;
  answer: ReviewAnswer;
  /** When Sumsub reached the verdict (webhook createdAtMs, or the status's reviewDate). */
  at: Date;
}

export type RecordResult = "verified" | "rejected" | "unchanged";

/** Remembers the applicant a person was bound to (first webhook, or the widget's report). */
export function recordApplicantId(db: Db, personId: number, applicantId: string): void {
  db.update(person).set({ sumsubApplicantId: applicantId, updatedAt: timestampNow() }).where(eq(person.personId, personId)).run();
}

/**
 * Applies a review to a person in one transaction (person row and notification together).
 * Idempotent: the same outcome twice, or a stale one, returns "unchanged" and writes nothing.
 */
export function recordReview(db: Db, personId: number, outcome: ReviewOutcome): RecordResult {
  return db.transaction((tx) => {
    const row = tx.select().from(person).where(eq(person.personId, personId)).get();
    if (!row) return "unchanged";
    const now = timestampNow();
    const setApplicant = row.sumsubApplicantId === outcome.applicantId ? {} : { sumsubApplicantId: outcome.applicantId };

    if (outcome.answer === "GREEN") {
      if (row.sumsubReviewAnswer === "GREEN" && row.sumsubCompletedAt) return "unchanged";
      tx.update(person)
        .set({ ...setApplicant, sumsubCompletedAt: now, sumsubReviewAnswer: "GREEN", updatedAt: now })
        .where(eq(person.personId, personId))
        .run();
      createNotification(tx, row.accountId, "Identity verified", `${displayName(row)} passed the identity check.`);
      return "verified";
    }

    if (row.sumsubReviewAnswer === "RED") return "unchanged";
    // A RED older than the recorded approval is a late, out-of-order delivery: keep the approval.
    if (row.sumsubCompletedAt && outcome.at.getTime() <= parseTimestamp(row.sumsubCompletedAt).getTime()) return "unchanged";
    tx.update(person)
      .set({ ...setApplicant, sumsubCompletedAt: null, sumsubReviewAnswer: "RED", updatedAt: now })
      .where(eq(person.personId, personId))
      .run();
    createNotification(tx, row.accountId, "Identity check not passed", `${displayName(row)}'s identity check was rejected.`);
    return "rejected";
  });
}
