// /api/sumsub request and answer shapes (requirements §7), for the route and the web.
import { z } from "zod";
import { SUMSUB_TOKEN_TTL_SECONDS } from "./rules";
import { recordId } from "./entities";

/** Requirements §7/§9: 900 s; the caller may ask for less or a little more, never an open-ended token. */
export const IDENTITY_TOKEN_TTL = { default: SUMSUB_TOKEN_TTL_SECONDS, min: 60, max: 3600 } as const;

export const accessTokenBody = z
  .object({
    /** The caller's email (requirements §7); only used to check the request is about the caller. */
    user_id: z.string().trim().min(1).max(100).optional(),
    /** Ignored: the level is server configuration (a browser must not pick a weaker level). */
    level_name: z.string().max(100).optional(),
    ttl_in_seconds: z.number().int().min(IDENTITY_TOKEN_TTL.min).max(IDENTITY_TOKEN_TTL.max).optional(),
    applicant_identifiers: z
      .object({ email: z.string().max(100).nullish(), phone: z.string().max(30).nullish() })
      .optional(),
  })
  // The bare variant of requirements §7 sends no body at all.
  .nullish();

export const accessTokenAnswer = z.object({ token: z.string() });

export const confirmBody = z
  .object({
    /** Default: the caller's primary person. An additional owner in the caller's account may be named. */
    person_id: recordId.optional(),
    /** What the widget reported in onApplicantLoaded; checked against Sumsub, never stored as is. */
    applicant_id: z.string().trim().min(1).max(100).optional(),
  })
  .nullish();

export const newCheckBody = z.object({}).strict().nullish();

export const verificationState = z.object({
  person_id: z.number().int(),
  sumsub_applicant_id: z.string().nullable(),
  review_status: z.string().nullable(),
  sumsub_review_answer: z.enum(["GREEN", "RED"]).nullable(),
  sumsub_completed_at: z.string().nullable(),
});

export const sendEmailsBody = z.array(recordId).min(1).max(50);
/** §7's bare array of person ids; the re-issue is a query option, so Approve keeps skipping verified owners. */
export const sendEmailsQuery = z
  .object({
    /** "true": email every listed owner, verified ones included ('Update license'). */
    reissue: z.enum(["true", "false"]).optional(),
  })
  .strict();
export const sendEmailsResult = z.object({
  results: z.array(
    z.object({
      person_id: z.number().int(),
      status: z.enum(["sent", "already_verified"]),
      sumsub_email_sent_at: z.string().nullable(),
    }),
  ),
});
