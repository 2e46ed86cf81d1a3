// One error shape for the API: { error, message, request_id } (+ field), `error` from the closed set
// in contract/errors.ts. Database failures become 409/400 or 503; anything else a logged 500, logged
// as errorSummary's class, codes and frames: never a message, parameters or a body.
import fp from "fastify-plugin";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ApiError } from "../errors";
import { codeForStatus, type ApiErrorCode } from "../contract/errors";
import { databaseFailureOf } from "../../../db/engine";
import { errorSummary } from "../error-summary";

interface ErrorBody {
  error: ApiErrorCode;
  message: string;
  field?: string;
}

/** The body of a failure without a code of its own: its status's generic code. */
function body(statusCode: number, message: string, field?: string): ErrorBody {
  return { error: codeForStatus(statusCode), message, ...(field ? { field } : {}) };
}

function fromValidation(
  err: FastifyError & { validation: Array<{ instancePath: string; message?: string }> },
): ErrorBody {
  const first = err.validation[0]!;
  const path = first.instancePath.replace(/^\//, "").replace(/\//g, ".");
  const field = path || err.validationContext || "body";
  return body(400, `${field}: ${first.message ?? "invalid value"}`, field);
}

/** A failed statement as an answer, on either engine (db/engine.ts names what failed). */
function fromDatabase(err: unknown): (ErrorBody & { statusCode: number }) | null {
  switch (databaseFailureOf(err)) {
    case "unique":
      return { statusCode: 409, ...body(409, "This record already exists") };
    case "constraint":
      return { statusCode: 400, ...body(400, "A referenced record does not exist") };
    case "out_of_range":
      return { statusCode: 400, ...body(400, "A value is outside the range the record can hold") };
    case "unavailable":
      // The database is away (a restart, a failover): nothing was acknowledged; the client may retry.
      return {
        statusCode: 503,
        error: "database_unavailable",
        message: "The database is unavailable; try again shortly",
      };
    default:
      return null;
  }
}

function isErrorBody(payload: unknown): payload is ErrorBody & { request_id?: string } {
  return typeof payload === "object" && payload !== null && typeof (payload as { error?: unknown }).error === "string";
}

async function errorHandling(
  app: FastifyInstance,
  opts: { spaFallback?: (request: FastifyRequest, reply: FastifyReply) => boolean },
): Promise<void> {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ApiError) {
      if (err.headers) reply.headers(err.headers);
      return reply
        .status(err.statusCode)
        .send({ error: err.error, message: err.message, ...(err.field ? { field: err.field } : {}), ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) return reply.status(400).send(fromValidation(err));
    const failure = fromDatabase(err);
    if (failure) {
      const { statusCode, ...rest } = failure;
      if (statusCode === 503) request.log.warn({ code: (err as { code?: unknown }).code }, "database unavailable");
      return reply.status(statusCode).send(rest);
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send(body(status, err.message));
    request.log.error({ error: errorSummary(err) }, "unhandled error");
    return reply.status(500).send(body(500, "An unexpected error occurred"));
  });

  // Every error body, whoever sent it (this handler, a route's own 503),
  // names the request: a founder quotes it, support finds the request's log lines by it.
  app.addHook("preSerialization", (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && isErrorBody(payload)) payload.request_id = request.id;
    done(null, payload);
  });

  app.setNotFoundHandler((request, reply) => {
    if (opts.spaFallback?.(request, reply)) return reply;
    return reply.status(404).send(body(404, `Route ${request.method} ${request.url.split("?")[0]} not found`));
  });
}

/** The error and not-found handlers for the whole app (not encapsulated, so every route gets them). */
export const errorsPlugin = fp(errorHandling, { name: "errors" });
