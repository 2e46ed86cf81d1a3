// Pieces every route file shares: the documented error responses and id path params.
import { z } from "zod";
import type { FastifyReply, FastifyRequest } from "fastify";
import { apiError, idParam } from "../contract/entities";

/** The error statuses an authenticated route can answer, each with the one error body. */
export const errors = {
  400: apiError,
  401: apiError,
  403: apiError,
  404: apiError,
  409: apiError,
  413: apiError,
  /** The auth service could not confirm the session (it is asked at most every 30 s per token). */
  503: apiError,
} as const;

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
    rateLimit: { max, timeWindow: "1 minute", keyGenerator: (request: FastifyRequest) => request.caller?.userId ?? request.ip },
  };
}

/**
 * Sends JSON text that was serialized (and checked against the route's schema) ahead of time, as
 * it is: Fastify passes a string with a JSON content type through without serializing it again.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(json);
}
