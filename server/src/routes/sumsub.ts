// /api/sumsub: identity checks through Sumsub (or the offline emulator). Tokens bind the caller's own
// person by a server-derived externalUserId; confirm never takes the browser's word, it asks Sumsub.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
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
import {
  actorOf,
  auditOf,
  requireAccountAccess,
  requireCaller,
  requireOwnAccountId,
  requireRecordWriter,
  routeOf,
} from "../authz";
import { badGateway, conflict, notFound, tooManyRequests } from "../errors";
import { getAccount } from "../repositories/accounts";
import { getPerson } from "../repositories/persons";
import type { PersonRow } from "../../../db/schema";
import { checkOfReview, externalUserIdFor, parseSumsubDate } from "../identity/verification";
import { applicantIdentifiers, applicantPhone, verificationStateOf } from "../identity/applicant";
import { OWNER_LINK_TTL_DAYS, ownerVerificationEmail } from "../identity/owner-email";
import { clearVerification, recordApplicantId, recordReview } from "../domain/identity-review";
import { errorSummary } from "../error-summary";
import { sendOwnerVerificationMails } from "../domain/owner-mails";
import { counter } from "../metrics";
import { limitedProviderErrors, perCallerRateLimit } from "./shared";
import { identityProvider } from "./identity-provider";

const ownerMails = counter({
  name: "owner_mails_total",
  help: "Identity verification mails to additional owners: sent, or refused (the account's hourly limit)",
  labelNames: ["result"],
  zeroed: [{ result: "sent" }, { result: "refused" }],
});

const eqIgnoreCase = (a: string | null | undefined, b: string) =>
  !!a && a.trim().toLowerCase() === b.trim().toLowerCase();

export const sumsubRoutes: FastifyPluginAsyncZod = async (app) => {
  const identity = app.config.identity;
  const provider = identityProvider(identity);

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
      config: perCallerRateLimit(30),
      schema: {
        tags: ["sumsub"],
        summary: "An identity-widget access token for the caller's own primary person",
        body: accessTokenBody,
        response: { 200: accessTokenAnswer, ...limitedProviderErrors },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const me = await primaryPerson(request);
      const userId = request.body?.user_id;
      // The web sends the caller's email as user_id; anything else is someone else's: 404.
      if (userId !== undefined && !eqIgnoreCase(caller.email, userId) && !eqIgnoreCase(me.email, userId))
        throw notFound("Person");
      const identifiers = applicantIdentifiers(caller.email ?? me.email ?? undefined, me.phone);
      const { token } = await provider.call(request.log, "access token", (sumsub) =>
        sumsub.createSdkAccessToken({
          userId: externalUserIdFor(me.personId),
          levelName: identity.levelName,
          ttlInSecs: request.body?.ttl_in_seconds ?? IDENTITY_TOKEN_TTL.default,
          ...(identifiers ? { applicantIdentifiers: identifiers } : {}),
        }),
      );
      return { token };
    },
  );

  app.post(
    "/api/sumsub/confirm",
    {
      config: perCallerRateLimit(60),
      schema: {
        tags: ["sumsub"],
        summary: "Re-read a person's identity check from the provider and record it (never trusts the browser)",
        body: confirmBody,
        response: { 200: verificationState, ...limitedProviderErrors },
      },
    },
    async (request) => {
      const personId = request.body?.person_id;
      const target =
        personId === undefined ? await primaryPerson(request) : await personInCallerAccount(request, personId);
      const applicant = await provider.call(request.log, "applicant lookup", (sumsub) =>
        sumsub.getApplicantByExternalUserId(externalUserIdFor(target.personId)),
      );
      const claimed = request.body?.applicant_id;
      if (claimed !== undefined && applicant?.id !== claimed)
        throw conflict("That applicant does not belong to this person", "applicant_id");

      let reviewStatus: string | null = null;
      const source = { route: routeOf(request) };
      if (applicant) {
        if (target.sumsubApplicantId !== applicant.id)
          await recordApplicantId(app.db, target.personId, applicant.id, source);
        const review = await provider.call(request.log, "review status", (sumsub) =>
          sumsub.getApplicantStatus(applicant.id),
        );
        reviewStatus = review.reviewStatus;
        const answer = review.reviewResult?.reviewAnswer;
        if (review.reviewStatus === "completed" && (answer === "GREEN" || answer === "RED")) {
          const check = checkOfReview(review) ?? undefined;
          await recordReview(
            app.db,
            target.personId,
            { applicantId: applicant.id, answer, at: parseSumsubDate(review.reviewDate) ?? new Date(), check },
            source,
          );
        }
      }
      const row = await getPerson(app.db, target.personId);
      if (!row) throw notFound("Person");
      return verificationStateOf(row, reviewStatus);
    },
  );

  // 'Update license' for the founder's own check once it has a result (docs/decisions/0092).
  app.post(
    "/api/sumsub/new_check",
    {
      config: perCallerRateLimit(10),
      schema: {
        tags: ["sumsub"],
        summary:
          "Start the caller's identity check again: the provider resets the applicant and the verification is cleared until the new result",
        body: newCheckBody,
        response: { 200: verificationState, ...limitedProviderErrors },
      },
    },
    async (request) => {
      const target = await primaryPerson(request);
      await requireRecordWriter(app.db, requireCaller(request), target.accountId);
      const applicant = await provider.call(request.log, "applicant lookup", (sumsub) =>
        sumsub.getApplicantByExternalUserId(externalUserIdFor(target.personId)),
      );
      if (!applicant) throw conflict("There is no identity check to start again: start the first one", "person_id");
      const review = await provider.call(request.log, "review status", (sumsub) =>
        sumsub.getApplicantStatus(applicant.id),
      );
      if (review.reviewStatus !== "completed") return verificationStateOf(target, review.reviewStatus);
      await provider.call(request.log, "applicant reset", (sumsub) => sumsub.resetApplicant(applicant.id));
      const fields = ["sumsub_review_answer", "sumsub_completed_at", "sumsub_check_id", "sumsub_check_started_at"];
      const row = await clearVerification(
        app.db,
        target.personId,
        auditOf(actorOf(request), target.accountId, "identity.reset", { type: "person", id: target.personId }, fields),
      );
      if (!row) throw notFound("Person");
      return verificationStateOf(row, "init");
    },
  );

  app.post(
    "/api/sumsub/send_sumsub_emails",
    {
      config: perCallerRateLimit(10),
      schema: {
        tags: ["sumsub"],
        summary: "Email additional owners a link to verify their identity (reissue=true: verified owners too)",
        querystring: sendEmailsQuery,
        body: sendEmailsBody,
        response: { 200: sendEmailsResult, ...limitedProviderErrors },
      },
    },
    async (request) => {
      const accountId = requireOwnAccountId(request);
      const targets: PersonRow[] = [];
      for (const id of new Set(request.body)) targets.push(await personInCallerAccount(request, id));
      await requireRecordWriter(app.db, requireCaller(request), accountId);
      const outcome = await sendOwnerVerificationMails(app.db, actorOf(request), accountId, targets, {
        reissue: request.query.reissue === "true",
        link: (t, identifiers) =>
          provider.call(request.log, "verification link", (sumsub) =>
            sumsub.createWebSdkLink({
              userId: externalUserIdFor(t.personId),
              levelName: identity.levelName,
              ttlInSecs: OWNER_LINK_TTL_DAYS * 86_400,
              applicantIdentifiers: {
                email: identifiers.email,
                ...(identifiers.phone ? { phone: identifiers.phone } : {}),
              },
              lang: "en",
            }),
          ),
        mail: async (t, { to, inviterName, llcName, link }) => {
          try {
            await app.mailer.send(
              ownerVerificationEmail({ to, inviterName, llcName, link, validForDays: OWNER_LINK_TTL_DAYS }),
            );
          } catch (err) {
            // A mail server's message may quote the recipient's address: the summary only.
            request.log.warn({ personId: t.personId, error: errorSummary(err) }, "owner verification email not sent");
            throw badGateway("Failed to send verification emails");
          }
        },
        phoneOf: applicantPhone,
      });
      if (!outcome.ok) {
        // The account's hourly allowance (docs/decisions/0025), apart from the per-minute limit above.
        ownerMails.inc({ result: "refused" }, targets.length);
        throw tooManyRequests(outcome.retryAfterSeconds);
      }
      ownerMails.inc({ result: "sent" }, outcome.results.filter((r) => r.status === "sent").length);
      return { results: outcome.results };
    },
  );
};
