// The signed Sumsub REST surface under /resources: SDK access tokens in both forms, applicants
// (create, one, status, reset), a check requested (status/pending), sandbox testCompleted, and
// external WebSDK links. Every request is
// authenticated first (signatures.ts), unknown paths included, as Sumsub answers them.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  applicantJson,
  completeReview,
  createApplicant,
  findApplicant,
  resetApplicant,
  reviewJson,
  type IdentityContext,
} from "./applicants";
import { HttpError, jsonBody, parse } from "./http-errors";
import { verifyAppSignature, type AppCredentials } from "./signatures";
import type { GrantRecord } from "./store";

const DEFAULT_TTL_SECONDS = 600;

const identifiersSchema = z.object({ email: z.string().optional(), phone: z.string().optional() }).optional();
const sdkTokenBody = z.object({
  userId: z.string().min(1).max(256),
  levelName: z.string().min(1).max(256),
  ttlInSecs: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 86_400)
    .default(DEFAULT_TTL_SECONDS),
  applicantIdentifiers: identifiersSchema,
});
const createApplicantBody = z.object({
  externalUserId: z.string().min(1).max(256),
  email: z.string().optional(),
  phone: z.string().optional(),
});
const testCompletedBody = z.object({
  reviewAnswer: z.enum(["GREEN", "RED"]),
  rejectLabels: z.array(z.string()).default([]),
  reviewRejectType: z.enum(["FINAL", "RETRY"]).optional(),
  moderationComment: z.string().optional(),
  clientComment: z.string().optional(),
});

function grantFrom(body: z.infer<typeof sdkTokenBody>): GrantRecord {
  return {
    userId: body.userId,
    levelName: body.levelName,
    expiresAt: Date.now() + body.ttlInSecs * 1000,
    email: body.applicantIdentifiers?.email,
    phone: body.applicantIdentifiers?.phone,
  };
}

const query = (req: FastifyRequest) => req.query as Record<string, string | undefined>;
const applicantSegment = (req: FastifyRequest) => (req.params as { applicant: string }).applicant;

export function registerRestRoutes(app: FastifyInstance, ctx: IdentityContext, creds: AppCredentials): void {
  void app.register(
    async (api) => {
      const authenticate = async (req: FastifyRequest) => verifyAppSignature(req, creds);
      api.addHook("preHandler", authenticate);
      api.setNotFoundHandler({ preHandler: authenticate }, async () => {
        throw new HttpError(404, "Not found");
      });

      api.post("/accessTokens/sdk", async (req) => {
        const b = parse(sdkTokenBody, jsonBody(req.body));
        return { token: ctx.store.issueToken(grantFrom(b), ctx.origin), userId: b.userId };
      });

      // The legacy form: everything in the query, an empty body.
      api.post("/accessTokens", async (req) => {
        const q = query(req);
        const b = parse(sdkTokenBody, { userId: q.userId, levelName: q.levelName, ttlInSecs: q.ttlInSecs });
        return { token: ctx.store.issueToken(grantFrom(b), ctx.origin), userId: b.userId };
      });

      api.post("/applicants", async (req) => {
        const levelName = query(req).levelName;
        if (!levelName) throw new HttpError(400, "levelName query parameter is required");
        const b = parse(createApplicantBody, jsonBody(req.body));
        const existing = ctx.store.byExternalUserId(b.externalUserId);
        if (existing)
          throw new HttpError(
            409,
            `Applicant with external user id '${b.externalUserId}' already exists: ${existing.id}`,
          );
        return applicantJson(await createApplicant(ctx, { ...b, levelName }));
      });

      api.post("/sdkIntegrations/levels/-/websdkLink", async (req) => {
        const b = parse(sdkTokenBody, jsonBody(req.body));
        const id = ctx.store.issueLink(grantFrom({ ...b, ttlInSecs: b.ttlInSecs || DEFAULT_TTL_SECONDS }));
        return { url: `${ctx.origin}/websdk/p/${id}` };
      });

      api.get("/applicants/:applicant/one", async (req) => applicantJson(findApplicant(ctx, applicantSegment(req))));
      api.get("/applicants/:applicant/status", async (req) => reviewJson(findApplicant(ctx, applicantSegment(req))));

      api.post("/applicants/:applicant/reset", async (req) => {
        resetApplicant(ctx, findApplicant(ctx, applicantSegment(req)));
        return { ok: 1 };
      });

      // Request a check: a new review attempt of the applicant starts now (sends applicantPending).
      api.post("/applicants/:applicant/status/pending", async (req) => {
        const a = findApplicant(ctx, applicantSegment(req));
        ctx.store.startCheck(a);
        await ctx.webhooks.send("applicantPending", a);
        return { ok: 1 };
      });

      // Sandbox only: force the review's outcome (sends applicantReviewed).
      api.post("/applicants/:applicant/status/testCompleted", async (req) => {
        const a = findApplicant(ctx, applicantSegment(req));
        await completeReview(ctx, a, parse(testCompletedBody, jsonBody(req.body)));
        return { ok: 1 };
      });
    },
    { prefix: "/resources" },
  );
}
