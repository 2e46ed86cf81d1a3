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
import { apiErrorFor } from "../contract/entities";
import {
  IDENTITY_TOKEN_TTL,
  accessTokenAnswer,
  accessTokenBody,
  confirmBody,
  newCheckBody,
  sendEmailsBody,
  sendEmailsQuery,
  sendEmailsResult,
  verificationState,
} from "../contract/identity";
import { actorOf, requireAccountAccess, requireCaller, requireOwnAccountId, routeOf } from "../authz";
import { badGateway, unauthorized } from "../http-errors";
import { conflict, invalid, notFound } from "../errors";
import { getAccount } from "../repositories/accounts";
import { getPerson } from "../repositories/persons";
import type { PersonRow } from "../../../db/schema";
import { createSumsubClient, SumsubApiError } from "../identity/client";
import { verifyWebhookDigest } from "../identity/webhook-digest";
import { webhookPayloadSchema } from "../contract/sumsub";
import { checkOfReview, externalUserIdFor, parseSumsubDate, personIdFromExternalUserId } from "../identity/verification";
import { clearVerification, isStaleReview, recordApplicantId, recordReview, type IdentityCheck } from "../domain/identity-review";
import { ownerVerificationEmail } from "../identity/owner-email";
import { errors } from "./shared";
import { errorSummary } from "../error-summary";
import { requireRecordWriter } from "../domain/submission";
import { sourceEventRecorded } from "../repositories/audit";
import { auditOf } from "../domain/audit";
import { sendOwnerVerificationMails } from "../domain/owner-mails";
import type { WebhookPayload } from "../contract/sumsub";

/** Sumsub's advice for de-duplicating deliveries: correlationId + type + createdAtMs. */
function webhookEventKey(e: WebhookPayload): string {
  return ["sumsub", e.correlationId ?? "", e.type, e.createdAtMs ?? "", e.applicantId].join("|");
}

/** How long an emailed owner link stays valid. */
const OWNER_LINK_TTL_DAYS = 3;

const WEBHOOK_BODY_LIMIT = 1024 * 1024;

const routeErrors = { ...errors, 429: apiErrorFor(429), 502: apiErrorFor(502) };

/**
 * Per founder (not per IP): each token opens a provider session and each send emails people, so
 * a runaway client or a stolen session cannot turn these into a flood.
 */
const perCaller = (max: number) => ({
  rateLimit: { max, timeWindow: "1 minute", keyGenerator: (request: FastifyRequest) => request.caller?.userId ?? request.ip },
});

const eqIgnoreCase = (a: string | null | undefined, b: string) => !!a && a.trim().toLowerCase() === b.trim().toLowerCase();

/** Sumsub wants E.164; the product stores 10 US digits. */
const e164 = (phone: string | null) => (phone ? (phone.length === 10 ? `+1${phone}` : `+${phone}`) : undefined);

function verificationStateOf(row: PersonRow, reviewStatus: string | null) {
  return {
    person_id: row.personId,
    sumsub_applicant_id: row.sumsubApplicantId,
    review_status: reviewStatus,
    sumsub_review_answer: row.sumsubReviewAnswer,
    sumsub_completed_at: row.sumsubCompletedAt,
  };
}

export const sumsubRoutes: FastifyPluginAsyncZod = async (app) => {
  const identity = app.config.identity;
  const sumsub = createSumsubClient({ baseUrl: identity.baseUrl, appToken: identity.appToken, secretKey: identity.secretKey });

  /** Runs a provider call; its failures become a 502 (logged without request data). */
  async function provider<T>(log: FastifyBaseLogger, what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      const detail = err instanceof SumsubApiError ? { status: err.status, errorCode: err.errorCode, correlationId: err.correlationId } : { error: errorSummary(err) };
      log.warn(detail, `identity provider call failed: ${what}`);
      throw badGateway("The identity verification service is unavailable. Please try again.");
    }
  }

  /**
   * A GREEN webhook, confirmed with the provider before it counts (a signed webhook proves who
   * sent it, not that its applicant exists or belongs to this person): the applicant must be the
   * provider's, bound to this person by externalUserId, with a completed GREEN review. Its check
   * comes back, or null when the provider does not confirm (an unknown applicant included).
   * Provider failures are 502, so the provider delivers the webhook again later.
   */
  async function confirmedGreen(log: FastifyBaseLogger, person: PersonRow, applicantId: string): Promise<IdentityCheck | null> {
    const applicant = await provider(log, "webhook confirmation", async () => {
      try {
        return await sumsub.getApplicant(applicantId);
      } catch (err) {
        if (err instanceof SumsubApiError && (err.status === 404 || err.status === 400)) return null;
        throw err;
      }
    });
    const review = applicant?.review;
    if (!applicant || applicant.externalUserId !== externalUserIdFor(person.personId)) return null;
    if (review?.reviewStatus !== "completed" || review.reviewResult?.reviewAnswer !== "GREEN") return null;
    return checkOfReview(review);
  }

  async function primaryPerson(request: FastifyRequest): Promise<PersonRow> {
    const accountId = requireOwnAccountId(request);
    const holder = (await getAccount(app.db, accountId))?.primaryAccountHolder;
    const row = holder ? await getPerson(app.db, holder) : undefined;
    if (!row) throw notFound("Person");
    return row;
  }

  async function personInCallerAccount(request: FastifyRequest, personId: number): Promise<PersonRow> {
    const row = await getPerson(app.db, personId);
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
        response: { 200: accessTokenAnswer, ...routeErrors },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const me = await primaryPerson(request);
      const userId = request.body?.user_id;
      // The web sends the caller's email as user_id; anything else is someone else's: 404.
      if (userId !== undefined && !eqIgnoreCase(caller.email, userId) && !eqIgnoreCase(me.email, userId)) throw notFound("Person");
      const email = caller.email ?? me.email ?? undefined;
      const phone = e164(me.phone);
      const { token } = await provider(request.log, "access token", () =>
        sumsub.createSdkAccessToken({
          userId: externalUserIdFor(me.personId),
          levelName: identity.levelName,
          ttlInSecs: request.body?.ttl_in_seconds ?? IDENTITY_TOKEN_TTL.default,
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
      const target = personId === undefined ? await primaryPerson(request) : await personInCallerAccount(request, personId);
      const applicant = await provider(request.log, "applicant lookup", () => sumsub.getApplicantByExternalUserId(externalUserIdFor(target.personId)));
      const claimed = request.body?.applicant_id;
      if (claimed !== undefined && applicant?.id !== claimed) throw conflict("That applicant does not belong to this person", "applicant_id");

      let reviewStatus: string | null = null;
      const source = { route: routeOf(request) };
      if (applicant) {
        if (target.sumsubApplicantId !== applicant.id) await recordApplicantId(app.db, target.personId, applicant.id, source);
        const review = await provider(request.log, "review status", () => sumsub.getApplicantStatus(applicant.id));
        reviewStatus = review.reviewStatus;
        const answer = review.reviewResult?.reviewAnswer;
        if (review.reviewStatus === "completed" && (answer === "GREEN" || answer === "RED")) {
          const check = checkOfReview(review) ?? undefined;
          await recordReview(app.db, target.personId, { applicantId: applicant.id, answer, at: parseSumsubDate(review.reviewDate) ?? new Date(), check }, source);
        }
      }
      const row = await getPerson(app.db, target.personId);
      if (!row) throw notFound("Person");
      return verificationStateOf(row, reviewStatus);
    },
  );

  // 'Update license' for the founder's own check once it has a result (verified, rejected, or
  // cleared by a name change): the provider drops the applicant's documents and review, and the
  // person is not verified until the new check completes (docs/decisions/0092). A check still
  // under way is left as it is.
  app.post(
    "/api/sumsub/new_check",
    {
      config: perCaller(10),
      schema: {
        tags: ["sumsub"],
        summary: "Start the caller's identity check again: the provider resets the applicant and the verification is cleared until the new result",
        body: newCheckBody,
        response: { 200: verificationState, ...routeErrors },
      },
    },
    async (request) => {
      const target = await primaryPerson(request);
      await requireRecordWriter(app.db, requireCaller(request), target.accountId);
      const applicant = await provider(request.log, "applicant lookup", () => sumsub.getApplicantByExternalUserId(externalUserIdFor(target.personId)));
      if (!applicant) throw conflict("There is no identity check to start again: start the first one", "person_id");
      // A check still under way (init, pending) is the new one already: nothing to drop.
      const review = await provider(request.log, "review status", () => sumsub.getApplicantStatus(applicant.id));
      if (review.reviewStatus !== "completed") return verificationStateOf(target, review.reviewStatus);
      await provider(request.log, "applicant reset", () => sumsub.resetApplicant(applicant.id));
      const fields = ["sumsub_review_answer", "sumsub_completed_at", "sumsub_check_id", "sumsub_check_started_at"];
      const row = await clearVerification(app.db, target.personId, auditOf(actorOf(request), target.accountId, "identity.reset", { type: "person", id: target.personId }, fields));
      if (!row) throw notFound("Person");
      return verificationStateOf(row, "init");
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
      const targets: PersonRow[] = [];
      for (const id of new Set(request.body)) targets.push(await personInCallerAccount(request, id));
      await requireRecordWriter(app.db, requireCaller(request), accountId);
      const outcome = await sendOwnerVerificationMails(app.db, actorOf(request), accountId, targets, {
        reissue: request.query.reissue === "true",
        link: (t, identifiers) =>
          provider(request.log, "verification link", () =>
            sumsub.createWebSdkLink({
              userId: externalUserIdFor(t.personId),
              levelName: identity.levelName,
              ttlInSecs: OWNER_LINK_TTL_DAYS * 86_400,
              applicantIdentifiers: { email: identifiers.email, ...(identifiers.phone ? { phone: identifiers.phone } : {}) },
              lang: "en",
            }),
          ),
        mail: async (t, { to, inviterName, llcName, link }) => {
          try {
            await app.mailer.send(ownerVerificationEmail({ to, inviterName, llcName, link, validForDays: OWNER_LINK_TTL_DAYS }));
          } catch (err) {
            // A mail server's message may quote the recipient's address: the summary only.
            request.log.warn({ personId: t.personId, error: errorSummary(err) }, "owner verification email not sent");
            throw badGateway("Failed to send verification emails");
          }
        },
        phoneOf: e164,
      });
      if (!outcome.ok) {
        return reply
          .status(429)
          .header("retry-after", String(outcome.retryAfterSeconds))
          .send({ error: "too_many_requests", message: `Too many attempts, try again in ${Math.ceil(outcome.retryAfterSeconds / 60)} minutes` });
      }
      return { results: outcome.results };
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
          throw invalid("body", "Webhook body is not valid JSON");
        }
        const parsed = webhookPayloadSchema.safeParse(json);
        if (!parsed.success) throw invalid("body", "Webhook body is not a Sumsub applicant event");
        const event = parsed.data;

        // Only the server-derived externalUserId binds an event to a person. The stored applicant
        // id is not used for lookups: browsers can write it (PATCH /api/persons), Sumsub cannot lie.
        const personId = personIdFromExternalUserId(event.externalUserId);
        const target = personId ? await getPerson(app.db, personId) : undefined;
        // Unknown person (e.g. deleted since): acknowledge, or Sumsub would retry for a day.
        if (!target) return { ok: true as const, result: "ignored" };

        // Sumsub delivers at least once: the same event again (its key, as Sumsub advises:
        // correlationId + type + createdAtMs) is acknowledged and changes nothing.
        const source = { route: routeOf(request), sourceEventId: webhookEventKey(event) };
        if (await sourceEventRecorded(app.db, source.sourceEventId)) return { ok: true as const, result: "duplicate" };

        if (event.type === "applicantReviewed") {
          const answer = event.reviewResult?.reviewAnswer;
          // Without the provider's time a result cannot be ordered against the stored one.
          const at = parseSumsubDate(event.createdAtMs);
          if ((answer !== "GREEN" && answer !== "RED") || !at) return { ok: true as const, result: "ignored" };
          let check: IdentityCheck | undefined;
          // A GREEN that would be applied is confirmed first; an older one is recorded as stale unasked.
          if (answer === "GREEN" && !isStaleReview(target, at)) {
            check = (await confirmedGreen(request.log, target, event.applicantId)) ?? undefined;
            if (!check) request.log.warn({ personId: target.personId, type: event.type }, "identity webhook not confirmed by the provider");
          }
          const result = await recordReview(app.db, target.personId, { applicantId: event.applicantId, answer, at, check }, source);
          request.log.info({ personId: target.personId, type: event.type, result }, "identity webhook");
          return { ok: true as const, result };
        }
        if (target.sumsubApplicantId !== event.applicantId) await recordApplicantId(app.db, target.personId, event.applicantId, source);
        return { ok: true as const, result: "recorded" };
      },
    );
  });
};
