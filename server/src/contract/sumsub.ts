// The slices of Sumsub's payloads this product reads: lenient about other fields (Sumsub adds them),
// strict about the ones decisions rest on.
import { z } from "zod";

export type ReviewAnswer = "GREEN" | "RED";

const reviewResultSchema = z.looseObject({
  reviewAnswer: z.enum(["GREEN", "RED", "YELLOW"]).optional(),
  rejectLabels: z.array(z.string()).optional(),
  reviewRejectType: z.enum(["FINAL", "RETRY", "EXTERNAL"]).optional(),
  moderationComment: z.string().optional(),
  clientComment: z.string().optional(),
});

export const reviewSchema = z.looseObject({
  /** The review and its current attempt: a new check (a resubmission) is a new attempt. */
  reviewId: z.string().optional(),
  attemptId: z.string().optional(),
  reviewStatus: z.string(),
  levelName: z.string().optional(),
  /** When this check (attempt) started, "yyyy-MM-dd HH:mm:ss" UTC. */
  createDate: z.string().optional(),
  reviewDate: z.string().optional(),
  reviewResult: reviewResultSchema.optional(),
});
export type ApplicantReview = z.infer<typeof reviewSchema>;

export const applicantSchema = z.looseObject({
  id: z.string(),
  createdAt: z.string().optional(),
  externalUserId: z.string().optional(),
  inspectionId: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  review: reviewSchema.optional(),
});
export type Applicant = z.infer<typeof applicantSchema>;

export const accessTokenSchema = z.looseObject({ token: z.string().min(1), userId: z.string() });
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const acknowledgementSchema = z.looseObject({});

export const webSdkLinkSchema = z.looseObject({ url: z.url() });

export const apiErrorSchema = z.looseObject({
  description: z.string().optional(),
  code: z.number().optional(),
  correlationId: z.string().optional(),
  errorCode: z.number().optional(),
  errorName: z.string().optional(),
});

export const webhookPayloadSchema = z.looseObject({
  type: z.string(),
  applicantId: z.string(),
  externalUserId: z.string().optional(),
  inspectionId: z.string().optional(),
  correlationId: z.string().optional(),
  levelName: z.string().optional(),
  sandboxMode: z.boolean().optional(),
  reviewStatus: z.string().optional(),
  reviewResult: reviewResultSchema.optional(),
  createdAtMs: z.string().optional(),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
