// The unsigned calls the emulator's own widget page makes (Sumsub's widget has its own too):
// POST /websdk/api/{session|documents|submit|review}, authenticated by the widget's credential,
// an SDK access token (X-Access-Token) or a hosted link id (X-Link-Id). They walk the applicant
// through capture (IDENTITY, SELFIE), submission (pending) and the emulated reviewer's answer.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { applicantOfGrant, completeReview, reviewJson, type IdentityContext } from "./applicants";
import { HttpError, jsonBody, parse } from "./http-errors";
import { REQUIRED_STEPS, type ApplicantRecord, type GrantRecord } from "./store";

const documentBody = z.object({ idDocSetType: z.enum(["IDENTITY", "SELFIE"]) });
const reviewBody = z.object({ reviewAnswer: z.enum(["GREEN", "RED"]) });

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Resolves the widget's credential (an SDK access token, or a hosted link id) to its applicant. */
async function applicantFor(ctx: IdentityContext, req: FastifyRequest): Promise<ApplicantRecord> {
  const token = header(req, "x-access-token");
  const linkId = header(req, "x-link-id");
  let grant: GrantRecord | undefined;
  if (token) {
    grant = ctx.store.token(token);
    // The widget turns this code into idCheck.onError {code:"invalid-token"}, which makes the
    // SDK call the host's expiration handler for a fresh token.
    if (!grant || grant.expiresAt <= Date.now())
      throw new HttpError(401, "Access token is invalid or expired", { code: "invalid-token" });
  } else if (linkId) {
    grant = ctx.store.link(linkId);
    if (!grant || grant.expiresAt <= Date.now())
      throw new HttpError(410, "This verification link is invalid or has expired", { code: "link-expired" });
  } else {
    throw new HttpError(401, "No access token", { code: "invalid-token" });
  }
  return applicantOfGrant(ctx, grant);
}

function widgetView(a: ApplicantRecord) {
  return {
    applicantId: a.id,
    levelName: a.levelName,
    stepsCompleted: a.stepsCompleted,
    requiredSteps: REQUIRED_STEPS,
    review: reviewJson(a),
  };
}

async function widgetAction(ctx: IdentityContext, action: string, a: ApplicantRecord, body: unknown): Promise<unknown> {
  const r = a.review;
  const rejectedForRetry =
    r.reviewStatus === "completed" &&
    r.reviewResult?.reviewAnswer === "RED" &&
    r.reviewResult.reviewRejectType === "RETRY";
  switch (action) {
    case "session":
      return widgetView(a);
    case "documents": {
      const { idDocSetType } = parse(documentBody, body);
      if (!(r.reviewStatus === "init" || rejectedForRetry))
        throw new HttpError(409, "Documents cannot be changed in this review state");
      ctx.store.update(a, (x) => {
        if (rejectedForRetry) {
          // A RETRY rejection lets the person start over, as in Sumsub.
          x.review.reviewStatus = "init";
          delete x.review.reviewResult;
          delete x.review.reviewDate;
          x.stepsCompleted = [];
        }
        if (!x.stepsCompleted.includes(idDocSetType)) x.stepsCompleted.push(idDocSetType);
      });
      return widgetView(a);
    }
    case "submit": {
      if (r.reviewStatus !== "init") throw new HttpError(409, "The applicant is not awaiting submission");
      const missing = REQUIRED_STEPS.filter((s) => !a.stepsCompleted.includes(s));
      if (missing.length) throw new HttpError(409, `Steps not completed: ${missing.join(", ")}`);
      ctx.store.startCheck(a);
      await ctx.webhooks.send("applicantPending", a);
      return widgetView(a);
    }
    case "review": {
      const { reviewAnswer } = parse(reviewBody, body);
      if (r.reviewStatus !== "pending") throw new HttpError(409, "The applicant is not pending review");
      await completeReview(
        ctx,
        a,
        reviewAnswer === "GREEN"
          ? { reviewAnswer, rejectLabels: [] }
          : {
              reviewAnswer,
              rejectLabels: ["UNSATISFACTORY_PHOTOS"],
              reviewRejectType: "RETRY",
              moderationComment: "Rejected by the emulated reviewer.",
              clientComment: "Rejected in the local identity emulator.",
            },
      );
      return widgetView(a);
    }
    default:
      throw new HttpError(404, "Not found");
  }
}

export function registerWidgetSessionRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  app.post("/websdk/api/:action", async (req) => {
    // The credential is checked before the action is looked at, unknown actions included.
    const a = await applicantFor(ctx, req);
    return widgetAction(ctx, (req.params as { action: string }).action, a, jsonBody(req.body));
  });
}
