// Recording identity-check results in the provider's time order; a GREEN only with its confirmed
// check, started after the last change of a bound field (docs/decisions/0023).
import type { Executor } from "../../../db/engine";
import type { PersonRow } from "../../../db/schema";
import { parseTimestamp, timestampNow } from "../contract/rules";
import { createNotification } from "../repositories/notifications";
import { displayName, getPersonForUpdate, updatePersonSystemColumns } from "../repositories/persons";
import { writeAudit, type AuditEntry } from "../repositories/audit";
import type { ReviewAnswer } from "../contract/sumsub";

export interface IdentityCheck {
  id: string;
  startedAt: Date;
}

export interface ReviewOutcome {
  applicantId: string;
  answer: ReviewAnswer;
  at: Date;
  /** The check the result belongs to, as the provider confirmed it; a GREEN without one is not applied. */
  check?: IdentityCheck;
}

export interface ReviewSource {
  route: string;
  sourceEventId?: string;
}

/** Not applied: stale (older than the stored result), outdated (check older than a change), unconfirmed. */
export type RecordResult = "verified" | "rejected" | "unchanged" | "stale" | "outdated" | "unconfirmed";

const PROVIDER = { type: "identity_provider", id: "sumsub" } as const;

export function isStaleReview(row: Pick<PersonRow, "sumsubReviewAt">, at: Date): boolean {
  return row.sumsubReviewAt !== null && at.getTime() <= parseTimestamp(row.sumsubReviewAt).getTime();
}

/** Whether a check started after the bound fields last changed; the provider's start has whole seconds, so a change counts from its second's start. */
function checkCoversIdentity(row: Pick<PersonRow, "identityChangedAt">, check: IdentityCheck): boolean {
  if (row.identityChangedAt === null) return true; // a person stored before the time was recorded
  const changedAt = parseTimestamp(row.identityChangedAt).getTime();
  return check.startedAt.getTime() >= changedAt - (changedAt % 1000);
}

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

/** Applies a review in one transaction; a webhook's result is audited once even when not applied. */
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

/** A new check ('Update license', docs/decisions/0092): unverified until its result; the stored result time stays. */
export function clearVerification(db: Executor, personId: number, audit: AuditEntry): Promise<PersonRow | undefined> {
  return db.transaction(async (tx) => {
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
