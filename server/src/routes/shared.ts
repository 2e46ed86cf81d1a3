import { z } from "zod";
import type { FastifyReply, FastifyRequest } from "fastify";
import { apiErrorFor, idParam } from "../contract/entities";

/** What the auth hook can answer on any authenticated route (503: the auth service could not confirm the session). */
export const authErrors = {
  401: apiErrorFor(401),
  403: apiErrorFor(403),
  503: apiErrorFor(503),
} as const;

export const errors = {
  400: apiErrorFor(400),
  ...authErrors,
  404: apiErrorFor(404),
  409: apiErrorFor(409),
  413: apiErrorFor(413),
} as const;

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

/** `max` requests a minute per signed-in user (per IP without one), for expensive or privileged routes. */
export function perCallerRateLimit(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: "1 minute",
      keyGenerator: (request: FastifyRequest) => request.caller?.userId ?? request.ip,
    },
  };
}

/** Sends JSON text serialized (and checked) ahead of time: Fastify passes it through as it is. */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(json);
}
