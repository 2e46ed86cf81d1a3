// Recording identity-check results, shared by the webhook and the confirmation route so both
// record a review the same way:
// - results apply in the provider's time order (sumsub_review_at): an older one never overrides a
//   newer one, whatever its answer; a GREEN sets sumsub_completed_at, a RED withdraws it;
// - every applied result writes its audit row (and a notification when the state changes).
import { eq } from "drizzle-orm";
import type { Executor } from "../../../db/engine";
import { parseTimestamp, timestampNow } from "../contract/rules";
import type { PersonRow } from "../../../db/schema";
import { createNotification } from "../repositories/notifications";
import { displayName, updatePersonSystemColumns } from "../repositories/persons";
import { writeAudit, type AuditEntry } from "./audit";
import type { ReviewAnswer } from "../contract/sumsub";

export interface ReviewOutcome {
  applicantId: string;
  answer: ReviewAnswer;
  /** When Sumsub reached the verdict (webhook createdAtMs, or the status's reviewDate). */
  at: Date;
}

/** How a result reached the server, for its audit row. */
export interface ReviewSource {
  route: string;
  /** The webhook event's key (deduplication); absent for a result read back from the provider. */
  sourceEventId?: string;
}

/** verified/rejected: the person's state changed; unchanged: same state (newer time kept); stale: older than the stored result, not applied. */
export type RecordResult = "verified" | "rejected" | "unchanged" | "stale";

const PROVIDER = { type: "identity_provider", id: "sumsub" } as const;

/** Remembers the applicant a person was bound to (first webhook, or the widget's report), with its audit row. */
export function recordApplicantId(db: Executor, personId: number, applicantId: string, source: ReviewSource): Promise<void> {
  return db.transaction(async (tx) => {
    const { person } = tx.t;
    const row = await tx.get(tx.forUpdate(tx.q.select().from(person).where(eq(person.personId, personId))));
    if (!row || row.sumsubApplicantId === applicantId) return;
    await tx.run(tx.q.update(person).set({ sumsubApplicantId: applicantId, updatedAt: timestampNow() }).where(eq(person.personId, personId)));
    await writeAudit(tx, {
      accountId: row.accountId,
      actor: PROVIDER,
      action: "identity.applicant",
      entity: { type: "person", id: personId },
      fields: ["sumsub_applicant_id"],
      route: source.route,
      ...(source.sourceEventId ? { sourceEventId: source.sourceEventId } : {}),
    });
  });
}

/**
 * Applies a review to a person in one transaction (person row, notification, audit row).
 * Ordered by the provider's own time: a result not newer than the stored one never overrides it
 * (a replayed GREEN cannot undo a later RED). A webhook's result is recorded in the audit trail
 * even when stale, once (its event key is unique); a result read back from the provider is
 * recorded only when it changes something.
 */
export function recordReview(db: Executor, personId: number, outcome: ReviewOutcome, source: ReviewSource): Promise<RecordResult> {
  return db.transaction(async (tx): Promise<RecordResult> => {
    const { person } = tx.t;
    const row = await tx.get(tx.forUpdate(tx.q.select().from(person).where(eq(person.personId, personId))));
    if (!row) return "stale";
    const audit = (fields: string[], result: RecordResult) =>
      writeAudit(tx, {
        accountId: row.accountId,
        actor: PROVIDER,
        action: "identity.review",
        entity: { type: "person", id: personId },
        fields,
        route: source.route,
        detail: { answer: outcome.answer, result },
        ...(source.sourceEventId ? { sourceEventId: source.sourceEventId } : {}),
      });

    if (row.sumsubReviewAt && outcome.at.getTime() <= parseTimestamp(row.sumsubReviewAt).getTime()) {
      if (source.sourceEventId) await audit([], "stale");
      return "stale";
    }
    const now = timestampNow();
    const reviewAt = timestampNow(outcome.at);
    const setApplicant = row.sumsubApplicantId === outcome.applicantId ? {} : { sumsubApplicantId: outcome.applicantId };
    const changesState = row.sumsubReviewAnswer !== outcome.answer || (outcome.answer === "GREEN" && !row.sumsubCompletedAt);
    if (!changesState) {
      await tx.run(tx.q.update(person).set({ ...setApplicant, sumsubReviewAt: reviewAt }).where(eq(person.personId, personId)));
      await audit(["sumsub_review_at", ...(setApplicant.sumsubApplicantId ? ["sumsub_applicant_id"] : [])], "unchanged");
      return "unchanged";
    }
    const fields = ["sumsub_review_answer", "sumsub_completed_at", "sumsub_review_at", ...(setApplicant.sumsubApplicantId ? ["sumsub_applicant_id"] : [])];
    if (outcome.answer === "GREEN") {
      await tx.run(
        tx.q
          .update(person)
          .set({ ...setApplicant, sumsubCompletedAt: now, sumsubReviewAnswer: "GREEN", sumsubReviewAt: reviewAt, updatedAt: now })
          .where(eq(person.personId, personId)),
      );
      await createNotification(tx, row.accountId, "Identity verified", `${displayName(row)} passed the identity check.`, personId);
      await audit(fields, "verified");
      return "verified";
    }
    await tx.run(
      tx.q
        .update(person)
        .set({ ...setApplicant, sumsubCompletedAt: null, sumsubReviewAnswer: "RED", sumsubReviewAt: reviewAt, updatedAt: now })
        .where(eq(person.personId, personId)),
    );
    await createNotification(tx, row.accountId, "Identity check not passed", `${displayName(row)}'s identity check was rejected.`, personId);
    await audit(fields, "rejected");
    return "rejected";
  });
}

/**
 * A new check starts ('Update license', docs/decisions/0092): the person is no longer verified
 * until its result. The stored result time stays, so the old result can never come back.
 */
export function clearVerification(db: Executor, personId: number, audit: AuditEntry): Promise<PersonRow | undefined> {
  return db.transaction(async (tx) => {
    const row = await updatePersonSystemColumns(tx, personId, { sumsubCompletedAt: null, sumsubReviewAnswer: null });
    if (row) await writeAudit(tx, audit);
    return row;
  });
}
