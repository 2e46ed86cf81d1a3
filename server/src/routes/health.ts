// Health checks for orchestrators and load balancers. Public (a probe has no token), cheap, and
// they say nothing about settings: no engine, host, version or counts, only a state.
// - GET /api/health (liveness): the process is up and its event loop answers. It does not touch
//   the database, so a database outage does not get healthy instances restarted.
// - GET /api/ready (readiness): the database answers and its schema is the one this code was
//   written for; 503 otherwise, so a balancer stops sending traffic until it is.
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorFor } from "../contract/entities";

const NOT_READY_MESSAGES = {
  unreachable: "The database does not answer",
  schema_mismatch: "The database schema does not match this version of the app",
} as const;

/** Probes must never be cached by a proxy between the orchestrator and the app. */
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
      const readiness = await app.databaseReadiness();
      if (readiness === "ready") return { status: "ready" as const };
      return reply.status(503).send({ error: "not_ready", message: NOT_READY_MESSAGES[readiness] });
    },
  );
};
