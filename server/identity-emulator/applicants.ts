// Applicants as Sumsub shows and changes them, shared by the REST API and the widget session:
// their JSON views, creation and review (each with its webhook), lookup by id or external user id.
import { randomUUID } from "node:crypto";
import { HttpError } from "./http-errors";
import { sumsubDate, type ApplicantRecord, type EmulatorStore, type GrantRecord, type ReviewResult } from "./store";
import type { WebhookType } from "./webhooks";

/** What every part of the emulator is handed at start (no module-level state). */
export interface IdentityContext {
  store: EmulatorStore;
  webhooks: { send(type: WebhookType, applicant: ApplicantRecord): Promise<void> };
  log(msg: string): void;
  /** The origin browsers use to reach this listener (known once it listens, for port 0). */
  readonly origin: string;
}

export function reviewJson(a: ApplicantRecord) {
  const r = a.review;
  return {
    reviewId: r.reviewId,
    attemptId: r.attemptId,
    attemptCnt: r.attemptCnt,
    levelName: a.levelName,
    levelAutoCheckMode: null,
    createDate: r.createDate,
    ...(r.reviewDate ? { reviewDate: r.reviewDate } : {}),
    reviewStatus: r.reviewStatus,
    ...(r.reviewStatus === "completed" && r.reviewResult ? { reviewResult: r.reviewResult } : {}),
    reprocessing: false,
    priority: 0,
  };
}

export function applicantJson(a: ApplicantRecord) {
  return {
    id: a.id,
    createdAt: a.createdAt,
    key: "LOCALEMULATOR",
    clientId: "local-identity-emulator",
    inspectionId: a.inspectionId,
    externalUserId: a.externalUserId,
    ...(a.email ? { email: a.email } : {}),
    ...(a.phone ? { phone: a.phone } : {}),
    applicantPlatform: "Web",
    requiredIdDocs: {
      docSets: [
        { idDocSetType: "IDENTITY", types: ["PASSPORT", "ID_CARD", "DRIVERS"] },
        { idDocSetType: "SELFIE", types: ["SELFIE"], videoRequired: "passiveLiveness" },
      ],
    },
    review: reviewJson(a),
    lang: "en",
    type: "individual",
  };
}

/** By applicant id, or `-;externalUserId=<id>` as Sumsub's paths allow. */
export function findApplicant(ctx: IdentityContext, idSegment: string): ApplicantRecord {
  const prefix = "-;externalUserId=";
  const a = idSegment.startsWith(prefix)
    ? ctx.store.byExternalUserId(idSegment.slice(prefix.length))
    : ctx.store.byId(idSegment);
  if (!a) throw new HttpError(404, "Applicant not found");
  return a;
}

export async function createApplicant(
  ctx: IdentityContext,
  input: { externalUserId: string; levelName: string; email?: string; phone?: string },
): Promise<ApplicantRecord> {
  const a = ctx.store.createApplicant(input);
  ctx.log(`applicant ${a.id} created`);
  await ctx.webhooks.send("applicantCreated", a);
  return a;
}

export async function completeReview(ctx: IdentityContext, a: ApplicantRecord, result: ReviewResult): Promise<void> {
  ctx.store.update(a, (x) => {
    x.review.reviewStatus = "completed";
    x.review.reviewDate = sumsubDate();
    x.review.reviewResult = result;
  });
  ctx.log(`applicant ${a.id} reviewed ${result.reviewAnswer}`);
  await ctx.webhooks.send("applicantReviewed", a);
}

/**
 * Sumsub's reset: the applicant's documents and review are dropped and a new attempt starts
 * (status init), so the person captures a document again in the widget.
 */
export function resetApplicant(ctx: IdentityContext, a: ApplicantRecord): void {
  ctx.store.update(a, (x) => {
    x.stepsCompleted = [];
    x.review.reviewStatus = "init";
    x.review.attemptId = randomUUID().slice(0, 5);
    delete x.review.reviewDate;
    delete x.review.reviewResult;
  });
  ctx.log(`applicant ${a.id} reset`);
}

/** The applicant a widget credential stands for, created on first use as Sumsub does. */
export async function applicantOfGrant(ctx: IdentityContext, grant: GrantRecord): Promise<ApplicantRecord> {
  return (
    ctx.store.byExternalUserId(grant.userId) ??
    (await createApplicant(ctx, {
      externalUserId: grant.userId,
      levelName: grant.levelName,
      email: grant.email,
      phone: grant.phone,
    }))
  );
}
