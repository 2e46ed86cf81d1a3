// Pieces every route file shares: the documented error responses and id path params.
import { z } from "zod";
import type { FastifyReply, FastifyRequest } from "fastify";
import { apiErrorFor, idParam } from "../contract/entities";

/**
 * What the auth hook can answer on any authenticated route: 401 (no or a bad token), 403
 * (insufficient_aal), 503 (the auth service could not confirm the session; it is asked at most
 * every 30 s per token). Each status documents the codes it carries (contract/errors.ts).
 */
export const authErrors = {
  401: apiErrorFor(401),
  403: apiErrorFor(403),
  503: apiErrorFor(503),
} as const;

/** The error statuses an authenticated route can answer, each with its codes. */
export const errors = {
  400: apiErrorFor(400),
  ...authErrors,
  404: apiErrorFor(404),
  409: apiErrorFor(409),
  413: apiErrorFor(413),
} as const;

/** A rate-limited route's error statuses (perCallerRateLimit): the route's own, and 429. */
export const limitedErrors = { ...errors, 429: apiErrorFor(429) } as const;

/** A rate-limited route that calls another service (the identity provider, the auth service): 502 when it failed. */
export const limitedProviderErrors = { ...limitedErrors, 502: apiErrorFor(502) } as const;

export const params = {
  accountId: z.object({ accountId: idParam }),
  personId: z.object({ personId: idParam }),
  strategyId: z.object({ strategyId: idParam }),
  organizationId: z.object({ organizationId: idParam }),
  notificationId: z.object({ notificationId: idParam }),
};

/**
 * Route config for @fastify/rate-limit: `max` requests a minute per signed-in user (per IP when
 * there is no caller), for routes that are expensive or privileged.
 */
export function perCallerRateLimit(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: "1 minute",
      keyGenerator: (request: FastifyRequest) => request.caller?.userId ?? request.ip,
    },
  };
}

/**
 * Sends JSON text that was serialized (and checked against the route's schema) ahead of time, as
 * it is: Fastify passes a string with a JSON content type through without serializing it again.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(json);
}
