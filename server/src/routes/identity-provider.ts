// The identity provider as the /api/sumsub routes reach it: a failure is a 502 logged without request
// data, so the web says "try again" and Sumsub delivers again.
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import { createSumsubClient, SumsubApiError, type SumsubClient } from "../identity/client";
import { badGateway } from "../errors";
import { errorSummary } from "../error-summary";

export interface IdentityProvider {
  /** Runs a provider call; its failures become a 502 (logged as what failed, never the request's data). */
  call<T>(log: FastifyBaseLogger, what: string, fn: (client: SumsubClient) => Promise<T>): Promise<T>;
}

export function identityProvider(identity: Config["identity"]): IdentityProvider {
  const client = createSumsubClient({
    baseUrl: identity.baseUrl,
    appToken: identity.appToken,
    secretKey: identity.secretKey,
  });
  return {
    async call(log, what, fn) {
      try {
        return await fn(client);
      } catch (err) {
        const detail =
          err instanceof SumsubApiError
            ? { status: err.status, errorCode: err.errorCode, correlationId: err.correlationId }
            : { error: errorSummary(err) };
        log.warn(detail, `identity provider call failed: ${what}`);
        throw badGateway("The identity verification service is unavailable. Please try again.");
      }
    },
  };
}
