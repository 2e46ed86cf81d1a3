// Recording identity-check results, shared by the webhook and the confirmation route so both
// record a review the same way:
// - results apply in the provider's time order (sumsub_review_at): an older one never overrides a
//   newer one, whatever its answer; a GREEN sets sumsub_completed_at, a RED withdraws it;
// - a GREEN applies only with the check it belongs to, confirmed by the provider, and only when
//   that check started after the person's last change of a field the check binds
//   (identity_changed_at): an old check's late GREEN never verifies a renamed person. The
//   verification records which check it covers and when that check started (docs/decisions/0023);
// - every applied result writes its audit row (and a notification when the state changes).
import type { Executor } from "../../../db/engine";
import type { PersonRow } from "../../../db/schema";
import { parseTimestamp, timestampNow } from "../contract/rules";
import { createNotification } from "../repositories/notifications";
import { displayName, getPersonForUpdate, updatePersonSystemColumns } from "../repositories/persons";
import { writeAudit, type AuditEntry } from "../repositories/audit";
import type { ReviewAnswer } from "../contract/sumsub";

/** A check as the provider reports it: its review attempt, and when it started. */
export interface IdentityCheck {
  id: string;
  startedAt: Date;
}

export interface ReviewOutcome {
  applicantId: string;
  answer: ReviewAnswer;
  /** When Sumsub reached the verdict (webhook createdAtMs, or the status's reviewDate). */
  at: Date;
  /** The check the result belongs to, as the provider confirmed it; a GREEN without one is not applied. */
  check?: IdentityCheck;
}

/** How a result reached the server, for its audit row. */
export interface ReviewSource {
  route: string;
  /** The webhook event's key (deduplication); absent for a result read back from the provider. */
  sourceEventId?: string;
}

/**
 * verified/rejected: the person's state changed; unchanged: same state (newer time kept); stale:
 * older than the stored result, not applied; outdated: a GREEN of a check started before the
 * person's identity fields last changed, not applied; unconfirmed: a GREEN the provider did not
 * confirm, not applied.
 */
export type RecordResult = "verified" | "rejected" | "unchanged" | "stale" | "outdated" | "unconfirmed";

const PROVIDER = { type: "identity_provider", id: "sumsub" } as const;

/** Whether a result of time `at` is not newer than the one stored (it will not be applied). */
export function isStaleReview(row: Pick<PersonRow, "sumsubReviewAt">, at: Date): boolean {
  return row.sumsubReviewAt !== null && at.getTime() <= parseTimestamp(row.sumsubReviewAt).getTime();
}

/**
 * Whether a check started after the person's bound fields last changed. The provider states a
 * check's start to the second ("yyyy-MM-dd HH:mm:ss"), so the change counts from the start of its
 * second: a check started in the same second as a change is taken to cover it.
 */
export function checkCoversIdentity(row: Pick<PersonRow, "identityChangedAt">, check: IdentityCheck): boolean {
  if (row.identityChangedAt === null) return true; // a person stored before the time was recorded
  const changedAt = parseTimestamp(row.identityChangedAt).getTime();
  return check.startedAt.getTime() >= changedAt - (changedAt % 1000);
}

/** Remembers the applicant a person was bound to (first webhook, or the widget's report), with its audit row. */
export function recordApplicantId(
  db: Executor,
  personId: number,
  applicantId: string,
  source: ReviewSource,
): Promise<void> {
  return db.transaction(async (tx) => {
    const row = await getPersonForUpdate(tx, personId);
    if (!row || row.sumsubApplicantId === applicantId) return;
    await updatePersonSystemColumns(tx, personId, { sumsubApplicantId: applicantId });
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

/** What each answer does to the person when it changes their state. */
const APPLY = {
  GREEN: {
    result: "verified",
    title: "Identity verified",
    text: (name: string) => `${name} passed the identity check.`,
  },
  RED: {
    result: "rejected",
    title: "Identity check not passed",
    text: (name: string) => `${name}'s identity check was rejected.`,
  },
} as const;

/**
 * Applies a review to a person in one transaction (person row, notification, audit row).
 * Ordered by the provider's own time: a result not newer than the stored one never overrides it
 * (a replayed GREEN cannot undo a later RED). A webhook's result is recorded in the audit trail
 * even when not applied (stale, outdated, unconfirmed), once (its event key is unique); a result
 * read back from the provider is recorded only when it changes something.
 */
export function recordReview(
  db: Executor,
  personId: number,
  outcome: ReviewOutcome,
  source: ReviewSource,
): Promise<RecordResult> {
  return db.transaction(async (tx): Promise<RecordResult> => {
    const row = await getPersonForUpdate(tx, personId);
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
    const notApplied = async (result: RecordResult): Promise<RecordResult> => {
      if (source.sourceEventId) await audit([], result);
      return result;
    };

    if (isStaleReview(row, outcome.at)) return notApplied("stale");
    const { check } = outcome;
    if (outcome.answer === "GREEN") {
      if (!check) return notApplied("unconfirmed");
      if (!checkCoversIdentity(row, check)) return notApplied("outdated");
    }
    const reviewAt = timestampNow(outcome.at);
    const setApplicant =
      row.sumsubApplicantId === outcome.applicantId ? {} : { sumsubApplicantId: outcome.applicantId };
    const applicantField = setApplicant.sumsubApplicantId ? ["sumsub_applicant_id"] : [];
    // The check a GREEN covers is recorded with it; a RED covers none.
    const covers =
      outcome.answer === "GREEN" && check
        ? { sumsubCheckId: check.id, sumsubCheckStartedAt: timestampNow(check.startedAt) }
        : { sumsubCheckId: null, sumsubCheckStartedAt: null };
    const changesState =
      row.sumsubReviewAnswer !== outcome.answer || (outcome.answer === "GREEN" && !row.sumsubCompletedAt);
    if (!changesState) {
      await updatePersonSystemColumns(tx, personId, { ...setApplicant, ...covers, sumsubReviewAt: reviewAt }, false);
      await audit(["sumsub_review_at", ...applicantField], "unchanged");
      return "unchanged";
    }
    const apply = APPLY[outcome.answer];
    const now = timestampNow();
    const completedAt = outcome.answer === "GREEN" ? now : null;
    await updatePersonSystemColumns(
      tx,
      personId,
      {
        ...setApplicant,
        ...covers,
        sumsubCompletedAt: completedAt,
        sumsubReviewAnswer: outcome.answer,
        sumsubReviewAt: reviewAt,
      },
      now,
    );
    await createNotification(tx, row.accountId, apply.title, apply.text(displayName(row)), personId);
    await audit(["sumsub_review_answer", "sumsub_completed_at", "sumsub_review_at", ...applicantField], apply.result);
    return apply.result;
  });
}

/**
 * A new check starts ('Update license', docs/decisions/0092): the person is no longer verified
 * until its result. The stored result time stays, so the old result can never come back.
 */
export function clearVerification(db: Executor, personId: number, audit: AuditEntry): Promise<PersonRow | undefined> {
  return db.transaction(async (tx) => {
    // The check the old verification covered goes with it (docs/decisions/0023).
    const row = await updatePersonSystemColumns(tx, personId, {
      sumsubCompletedAt: null,
      sumsubReviewAnswer: null,
      sumsubCheckId: null,
      sumsubCheckStartedAt: null,
    });
    if (row) await writeAudit(tx, audit);
    return row;
  });
}
