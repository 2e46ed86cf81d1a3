// /api/sumsub: identity verification through Sumsub (or the offline emulator; same code path).
// - access_token: an SDK token for the caller's own primary person, bound to them by an
//   externalUserId derived on the server; whatever the body says cannot pick another person.
// - confirm: the web reports "applicant loaded" or "review completed"; the server never takes
//   its word and reads the applicant and review status from Sumsub itself.
// - webhook: Sumsub's signed callbacks (raw-body digest check before anything is parsed).
// - send_sumsub_emails: emails additional owners a hosted verification link (also 'Update
//   license' on /edit-others, with ?reissue=true: see the route).
import { z } from "zod";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiError } from "../contract/entities";
import { timestampNow } from "../contract/rules";
import { requireAccountAccess, requireCaller, requireOwnAccountId } from "../authz";
import { badGateway, badRequest, conflict, notFound, unauthorized } from "../http-errors";
import { getAccount } from "../repositories/accounts";
import { listOrganizationsOfAccount } from "../repositories/organizations";
import { displayName, getPerson } from "../repositories/persons";
import type { PersonRow } from "../../../db/schema";
import { createSumsubClient, SumsubApiError } from "../identity/client";
import { verifyWebhookDigest } from "../identity/webhookDigest";
import { webhookPayloadSchema } from "../identity/types";
import {
  externalUserIdFor,
  parseSumsubDate,
  personIdFromExternalUserId,
  recordApplicantId,
  recordReview,
} from "../identity/verification";
import { ownerVerificationEmail } from "../identity/ownerEmail";
import { errors } from "./shared";
import { requireRecordWriter } from "../domain/submission";
import { routeOf, sourceEventRecorded } from "../domain/audit";
import { ownerMailAllowance, recordOwnerMail } from "../domain/owner-mails";
import type { WebhookPayload } from "../identity/types";

/** Sumsub's advice for de-duplicating deliveries: correlationId + type + createdAtMs. */
function webhookEventKey(e: WebhookPayload): string {
  return ["sumsub", e.correlationId ?? "", e.type, e.createdAtMs ?? "", e.applicantId].join("|");
}

/** Spec §7/§9: 900 s; the caller may ask for less or a little more, never an open-ended token. */
const TOKEN_TTL = { default: 900, min: 60, max: 3600 } as const;
/** How long an emailed owner link stays valid. */
const OWNER_LINK_TTL_DAYS = 3;
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

const routeErrors = { ...errors, 429: apiError, 502: apiError };

/**
 * Per founder (not per IP): each token opens a provider session and each send emails people, so
 * a runaway client or a stolen session cannot turn these into a flood.
 */
const perCaller = (max: number) => ({
  rateLimit: { max, timeWindow: "1 minute", keyGenerator: (request: FastifyRequest) => request.caller?.userId ?? request.ip },
});

const accessTokenBody = z
  .object({
    /** The caller's email (spec §7); only used to check the request is about the caller. */
    user_id: z.string().trim().min(1).max(100).optional(),
    /** Ignored: the level is server configuration (a browser must not pick a weaker level). */
    level_name: z.string().max(100).optional(),
    ttl_in_seconds: z.number().int().min(TOKEN_TTL.min).max(TOKEN_TTL.max).optional(),
    /** Ignored: the server sends the identifiers it holds for the person. */
    applicant_identifiers: z
      .object({ email: z.string().max(100).nullish(), phone: z.string().max(30).nullish() })
      .optional(),
  })
  // The bare variant of spec §7 sends no body at all.
  .nullish();

const confirmBody = z
  .object({
    /** Default: the caller's primary person. An additional owner in the caller's account may be named. */
    person_id: z.number().int().positive().optional(),
    /** What the widget reported in onApplicantLoaded; checked against Sumsub, never stored as is. */
    applicant_id: z.string().trim().min(1).max(100).optional(),
  })
  .nullish();

const verificationState = z.object({
  person_id: z.number().int(),
  sumsub_applicant_id: z.string().nullable(),
  /** Sumsub's reviewStatus (init, pending, completed…), or null before an applicant exists. */
  review_status: z.string().nullable(),
  sumsub_review_answer: z.enum(["GREEN", "RED"]).nullable(),
  sumsub_completed_at: z.string().nullable(),
});

const sendEmailsBody = z.array(z.number().int().positive()).min(1).max(50);
/**
 * The body stays spec §7's bare array of person ids; the re-issue is opted into in the query so
 * the Approve flow (which lists every owner) keeps skipping owners who are already verified.
 */
const sendEmailsQuery = z
  .object({
    /** "true": email every listed owner, verified ones included ('Update license'). */
    reissue: z.enum(["true", "false"]).optional(),
  })
  .strict();
const sendEmailsResult = z.object({
  results: z.array(
    z.object({
      person_id: z.number().int(),
      status: z.enum(["sent", "already_verified"]),
      sumsub_email_sent_at: z.string().nullable(),
    }),
  ),
});

const eqIgnoreCase = (a: string | null | undefined, b: string) => !!a && a.trim().toLowerCase() === b.trim().toLowerCase();

/** Sumsub wants E.164; the product stores 10 US digits. */
const e164 = (phone: string | null) => (phone ? (phone.length === 10 ? `+1${phone}` : `+${phone}`) : undefined);

export const sumsubRoutes: FastifyPluginAsyncZod = async (app) => {
  const identity = app.config.identity;
  const sumsub = createSumsubClient({ baseUrl: identity.baseUrl, appToken: identity.appToken, secretKey: identity.secretKey });

  /** Runs a provider call; its failures become a 502 (logged without request data). */
  async function provider<T>(log: FastifyBaseLogger, what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      const detail = err instanceof SumsubApiError ? { status: err.status, errorCode: err.errorCode, correlationId: err.correlationId } : { message: (err as Error).message };
      log.warn(detail, `identity provider call failed: ${what}`);
      throw badGateway("The identity verification service is unavailable. Please try again.");
    }
  }

  function primaryPerson(request: FastifyRequest): PersonRow {
    const accountId = requireOwnAccountId(request);
    const holder = getAccount(app.db, accountId)?.primaryAccountHolder;
    const row = holder ? getPerson(app.db, holder) : undefined;
    if (!row) throw notFound("Person");
    return row;
  }

  function personInCallerAccount(request: FastifyRequest, personId: number): PersonRow {
    const row = getPerson(app.db, personId);
    if (!row) throw notFound("Person");
    requireAccountAccess(request, row.accountId, "write", "Person");
    return row;
  }

  app.post(
    "/api/sumsub/access_token",
    {
      config: perCaller(30),
      schema: {
        tags: ["sumsub"],
        summary: "An identity-widget access token for the caller's own primary person",
        body: accessTokenBody,
        response: { 200: z.object({ token: z.string() }), ...routeErrors },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const me = primaryPerson(request);
      const userId = request.body?.user_id;
      // The web sends the caller's email as user_id; anything else is someone else's: 404.
      if (userId !== undefined && !eqIgnoreCase(caller.email, userId) && !eqIgnoreCase(me.email, userId)) throw notFound("Person");
      const email = caller.email ?? me.email ?? undefined;
      const phone = e164(me.phone);
      const { token } = await provider(request.log, "access token", () =>
        sumsub.createSdkAccessToken({
          userId: externalUserIdFor(me.personId),
          levelName: identity.levelName,
          ttlInSecs: request.body?.ttl_in_seconds ?? TOKEN_TTL.default,
          ...(email || phone ? { applicantIdentifiers: { ...(email ? { email } : {}), ...(phone ? { phone } : {}) } } : {}),
        }),
      );
      return { token };
    },
  );

  app.post(
    "/api/sumsub/confirm",
    {
      config: perCaller(60),
      schema: {
        tags: ["sumsub"],
        summary: "Re-read a person's identity check from the provider and record it (never trusts the browser)",
        body: confirmBody,
        response: { 200: verificationState, ...routeErrors },
      },
    },
    async (request) => {
      const personId = request.body?.person_id;
      const target = personId === undefined ? primaryPerson(request) : personInCallerAccount(request, personId);
      const applicant = await provider(request.log, "applicant lookup", () => sumsub.getApplicantByExternalUserId(externalUserIdFor(target.personId)));
      const claimed = request.body?.applicant_id;
      if (claimed !== undefined && applicant?.id !== claimed) throw conflict("That applicant does not belong to this person", "applicant_id");

      let reviewStatus: string | null = null;
      const source = { route: routeOf(request) };
      if (applicant) {
        if (target.sumsubApplicantId !== applicant.id) recordApplicantId(app.db, target.personId, applicant.id, source);
        const review = await provider(request.log, "review status", () => sumsub.getApplicantStatus(applicant.id));
        reviewStatus = review.reviewStatus;
        const answer = review.reviewResult?.reviewAnswer;
        if (review.reviewStatus === "completed" && (answer === "GREEN" || answer === "RED")) {
          recordReview(app.db, target.personId, { applicantId: applicant.id, answer, at: parseSumsubDate(review.reviewDate) ?? new Date() }, source);
        }
      }
      const row = getPerson(app.db, target.personId)!;
      return {
        person_id: row.personId,
        sumsub_applicant_id: row.sumsubApplicantId,
        review_status: reviewStatus,
        sumsub_review_answer: row.sumsubReviewAnswer,
        sumsub_completed_at: row.sumsubCompletedAt,
      };
    },
  );

  app.post(
    "/api/sumsub/send_sumsub_emails",
    {
      config: perCaller(10),
      schema: {
        tags: ["sumsub"],
        summary: "Email additional owners a link to verify their identity (reissue=true: verified owners too)",
        querystring: sendEmailsQuery,
        body: sendEmailsBody,
        response: { 200: sendEmailsResult, ...routeErrors },
      },
    },
    async (request, reply) => {
      const accountId = requireOwnAccountId(request);
      // Every id is checked before anything is sent: one foreign id and nothing happens.
      const targets = [...new Set(request.body)].map((id) => personInCallerAccount(request, id));
      requireRecordWriter(app.db, request, accountId);
      for (const t of targets) {
        if (t.accountPrimaryHolder || !t.isAddon) throw badRequest("person_ids", "Only additional owners are emailed a verification link (the primary holder verifies in the creation flow)");
        if (!t.email) throw badRequest("person_ids", "An owner without an email address cannot be emailed");
      }
      const holderId = getAccount(app.db, accountId)?.primaryAccountHolder;
      const holder = holderId ? getPerson(app.db, holderId) : undefined;
      const inviterName = holder ? displayName(holder) : "The account holder";
      const llcName = listOrganizationsOfAccount(app.db, accountId).find((o) => o.name1)?.name1 ?? null;

      // Without reissue (the Approve flow, the resend button) an owner whose check is complete is
      // not emailed again: Approve lists every owner and must not re-mail the verified ones.
      // With reissue=true ('Update license' on /edit-others, where only verified owners can be
      // selected) every listed owner is emailed a fresh link, verified ones included: the founder
      // named them explicitly, and a license update is a new check only the owner can make. The
      // owner stays verified (sumsub_completed_at is kept) until the provider reviews again.
      const reissue = request.query.reissue === "true";
      const skip = (t: PersonRow) => !reissue && t.sumsubReviewAnswer === "GREEN" && t.sumsubCompletedAt;
      const allowance = ownerMailAllowance(app.db, accountId, targets.filter((t) => !skip(t)).length);
      if (!allowance.ok) {
        return reply
          .status(429)
          .header("retry-after", String(allowance.retryAfterSeconds))
          .send({ error: "too_many_requests", message: `Too many attempts, try again in ${Math.ceil(allowance.retryAfterSeconds / 60)} minutes` });
      }
      const results: z.infer<typeof sendEmailsResult>["results"] = [];
      for (const t of targets) {
        if (skip(t)) {
          results.push({ person_id: t.personId, status: "already_verified", sumsub_email_sent_at: t.sumsubEmailSentAt });
          continue;
        }
        const email = t.email!;
        const phone = e164(t.phone);
        const link = await provider(request.log, "verification link", () =>
          sumsub.createWebSdkLink({
            userId: externalUserIdFor(t.personId),
            levelName: identity.levelName,
            ttlInSecs: OWNER_LINK_TTL_DAYS * 86_400,
            applicantIdentifiers: { email, ...(phone ? { phone } : {}) },
            lang: "en",
          }),
        );
        try {
          await app.mailer.send(ownerVerificationEmail({ to: email, inviterName, llcName, link, validForDays: OWNER_LINK_TTL_DAYS }));
        } catch (err) {
          request.log.warn({ personId: t.personId, message: (err as Error).message }, "owner verification email not sent");
          throw badGateway("Failed to send verification emails");
        }
        const sentAt = timestampNow();
        recordOwnerMail(app.db, request, t, sentAt);
        results.push({ person_id: t.personId, status: "sent", sumsub_email_sent_at: sentAt });
      }
      return { results };
    },
  );

  // The webhook lives in its own scope: its body must stay raw bytes for the digest check, while
  // every other route keeps the app's JSON parser.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));

    scope.post(
      "/api/sumsub/webhook",
      {
        config: { public: true },
        schema: {
          tags: ["sumsub"],
          summary: "Sumsub webhook (X-Payload-Digest signed; no bearer token)",
          response: { 200: z.object({ ok: z.literal(true), result: z.string() }), ...routeErrors },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const verdict = verifyWebhookDigest(raw, request.headers, identity.webhookSecret);
        if (!verdict.ok) {
          request.log.warn({ reason: verdict.reason }, "rejected identity webhook");
          throw unauthorized("Invalid webhook signature");
        }
        let json: unknown;
        try {
          json = JSON.parse(raw.toString("utf8"));
        } catch {
          throw badRequest("body", "Webhook body is not valid JSON");
        }
        const parsed = webhookPayloadSchema.safeParse(json);
        if (!parsed.success) throw badRequest("body", "Webhook body is not a Sumsub applicant event");
        const event = parsed.data;

        // Only the server-derived externalUserId binds an event to a person. The stored applicant
        // id is not used for lookups: browsers can write it (PATCH /api/persons), Sumsub cannot lie.
        const personId = personIdFromExternalUserId(event.externalUserId);
        const target = personId ? getPerson(app.db, personId) : undefined;
        // Unknown person (e.g. deleted since): acknowledge, or Sumsub would retry for a day.
        if (!target) return { ok: true as const, result: "ignored" };

        // Sumsub delivers at least once: the same event again (its key, as Sumsub advises:
        // correlationId + type + createdAtMs) is acknowledged and changes nothing.
        const source = { route: routeOf(request), sourceEventId: webhookEventKey(event) };
        if (sourceEventRecorded(app.db, source.sourceEventId)) return { ok: true as const, result: "duplicate" };

        if (event.type === "applicantReviewed") {
          const answer = event.reviewResult?.reviewAnswer;
          // Without the provider's time a result cannot be ordered against the stored one.
          const at = parseSumsubDate(event.createdAtMs);
          if ((answer !== "GREEN" && answer !== "RED") || !at) return { ok: true as const, result: "ignored" };
          const result = recordReview(app.db, target.personId, { applicantId: event.applicantId, answer, at }, source);
          request.log.info({ personId: target.personId, type: event.type, result }, "identity webhook");
          return { ok: true as const, result };
        }
        if (target.sumsubApplicantId !== event.applicantId) recordApplicantId(app.db, target.personId, event.applicantId, source);
        return { ok: true as const, result: "recorded" };
      },
    );
  });
};
