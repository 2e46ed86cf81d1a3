// POST /api/sumsub/webhook: Sumsub's signed callbacks (docs/security.md, Identity results). Public and
// not rate limited: the signature is the gate, and a refused delivery would only come again.
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorFor } from "../contract/entities";
import { webhookPayloadSchema } from "../contract/sumsub";
import { routeOf } from "../authz";
import { invalid, unauthorized } from "../errors";
import { getPerson } from "../repositories/persons";
import { sourceEventRecorded } from "../repositories/audit";
import { verifyWebhookDigest } from "../identity/webhook-digest";
import { parseSumsubDate, personIdFromExternalUserId } from "../identity/verification";
import { confirmedGreen, webhookEventKey } from "../identity/applicant";
import {
  isStaleReview,
  recordApplicantId,
  recordReview,
  type IdentityCheck,
  type RecordResult,
} from "../domain/identity-review";
import { counter } from "../metrics";
import { identityProvider } from "./identity-provider";

type WebhookMetric = "applied" | "stale" | "duplicate" | "unchanged" | "ignored" | "refused";

const webhooks = counter({
  name: "identity_webhooks_total",
  help: "Identity provider webhooks by result: applied (a review or applicant recorded), stale (older than what is stored), duplicate, unchanged, ignored (no such person, or nothing to record), refused (bad signature or body, or a result the provider did not confirm)",
  labelNames: ["result"],
  zeroed: ["applied", "stale", "duplicate", "unchanged", "ignored", "refused"].map((result) => ({ result })),
});

const WEBHOOK_OUTCOME: Record<RecordResult, WebhookMetric> = {
  verified: "applied",
  rejected: "applied",
  unchanged: "unchanged",
  stale: "stale",
  outdated: "stale",
  unconfirmed: "refused",
};

function webhookAnswer<R extends string>(result: R, metric: WebhookMetric) {
  webhooks.inc({ result: metric });
  return { ok: true as const, result };
}

const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** No bearer token and no rate limit: no 403 or 429; an unknown person is acknowledged, not 404. */
const webhookErrors = {
  400: apiErrorFor(400),
  401: apiErrorFor(401),
  413: apiErrorFor(413),
  502: apiErrorFor(502),
  503: apiErrorFor(503),
} as const;

export const sumsubWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const identity = app.config.identity;
  const provider = identityProvider(identity);

  // Raw bytes for the digest check: this scope replaces the app's JSON parser, for this route only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );

  app.post(
    "/api/sumsub/webhook",
    {
      config: { public: true },
      schema: {
        tags: ["sumsub"],
        summary: "Sumsub webhook (X-Payload-Digest signed; no bearer token)",
        response: { 200: z.object({ ok: z.literal(true), result: z.string() }), ...webhookErrors },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const verdict = verifyWebhookDigest(raw, request.headers, identity.webhookSecret);
      if (!verdict.ok) {
        webhooks.inc({ result: "refused" });
        request.log.warn({ reason: verdict.reason }, "rejected identity webhook");
        throw unauthorized("Invalid webhook signature");
      }
      let json: unknown;
      try {
        json = JSON.parse(raw.toString("utf8"));
      } catch {
        webhooks.inc({ result: "refused" });
        throw invalid("body", "Webhook body is not valid JSON");
      }
      const parsed = webhookPayloadSchema.safeParse(json);
      if (!parsed.success) {
        webhooks.inc({ result: "refused" });
        throw invalid("body", "Webhook body is not a Sumsub applicant event");
      }
      const event = parsed.data;

      // Only the server-derived externalUserId binds an event: browsers can write the applicant id.
      const personId = personIdFromExternalUserId(event.externalUserId);
      const target = personId ? await getPerson(app.db, personId) : undefined;
      // Unknown person (e.g. deleted since): acknowledge, or Sumsub would retry for a day.
      if (!target) return webhookAnswer("ignored", "ignored");

      // Delivered at least once: the same event (correlationId + type + createdAtMs) changes nothing.
      const source = { route: routeOf(request), sourceEventId: webhookEventKey(event) };
      if (await sourceEventRecorded(app.db, source.sourceEventId)) return webhookAnswer("duplicate", "duplicate");

      if (event.type === "applicantReviewed") {
        const answer = event.reviewResult?.reviewAnswer;
        const at = parseSumsubDate(event.createdAtMs);
        if ((answer !== "GREEN" && answer !== "RED") || !at) return webhookAnswer("ignored", "ignored");
        let check: IdentityCheck | undefined;
        // A GREEN is confirmed first (provider away: 502, delivered again); an older one is stale unasked.
        if (answer === "GREEN" && !isStaleReview(target, at)) {
          check =
            (await provider.call(request.log, "webhook confirmation", (sumsub) =>
              confirmedGreen(sumsub, target.personId, event.applicantId),
            )) ?? undefined;
          if (!check)
            request.log.warn(
              { personId: target.personId, type: event.type },
              "identity webhook not confirmed by the provider",
            );
        }
        const result = await recordReview(
          app.db,
          target.personId,
          { applicantId: event.applicantId, answer, at, check },
          source,
        );
        request.log.info({ personId: target.personId, type: event.type, result }, "identity webhook");
        return webhookAnswer(result, WEBHOOK_OUTCOME[result]);
      }
      if (target.sumsubApplicantId !== event.applicantId)
        await recordApplicantId(app.db, target.personId, event.applicantId, source);
      return webhookAnswer("recorded", "applied");
    },
  );
};
