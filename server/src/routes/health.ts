// Public probes that say only a state. /api/health (liveness) never touches the database, so an
// outage does not get healthy instances restarted; /api/ready is 503 until the database and its
// schema answer, and once a shutdown began, so the balancer takes the instance out first.
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorFor } from "../contract/entities";

const NOT_READY_MESSAGES = {
  unreachable: "The database does not answer",
  schema_mismatch: "The database schema does not match this version of the app",
  draining: "This instance is shutting down",
} as const;

const noStore = { "cache-control": "no-store" };
/** Orchestrators probe every few seconds: only problems reach the log, not every probe. */
const PROBE_LOG_LEVEL = "warn";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/health",
    {
      config: { public: true },
      logLevel: PROBE_LOG_LEVEL,
      schema: {
        tags: ["health"],
        summary: "Liveness: the app process answers (no token needed; the database is not checked)",
        security: [],
        response: { 200: z.object({ status: z.literal("ok") }) },
      },
    },
    async (_request, reply) => {
      void reply.headers(noStore);
      return { status: "ok" as const };
    },
  );

  app.get(
    "/api/ready",
    {
      config: { public: true },
      logLevel: PROBE_LOG_LEVEL,
      schema: {
        tags: ["health"],
        summary: "Readiness: the database answers and its schema matches the code (no token needed); 503 when not",
        security: [],
        response: { 200: z.object({ status: z.literal("ready") }), 503: apiErrorFor(503) },
      },
    },
    async (_request, reply) => {
      void reply.headers(noStore);
      const readiness = app.draining ? "draining" : await app.databaseReadiness();
      if (readiness === "ready") return { status: "ready" as const };
      return reply.status(503).send({ error: "not_ready", message: NOT_READY_MESSAGES[readiness] });
    },
  );
};
