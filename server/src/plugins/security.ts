// Security headers (helmet, with a CSP that admits exactly the auth and identity services this
// config talks to), CORS limited to config.corsOrigins (bearer tokens only, no credentials), and a
// rate limiter that routes opt into (expensive or privileged ones), so normal API traffic and the
// benchmarks are not throttled; its counts are shared by every instance on PostgreSQL.
import fp from "fastify-plugin";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import cors from "@fastify/cors";
import rateLimit from "@fastify/rate-limit";
import type { Config } from "../config";
import { databaseRateLimitStore } from "../repositories/rate-limits";
import { tooManyRequests } from "../http-errors";

/** An origin plus its localhost/127.0.0.1 twin: the browser may reach the local stack by either name. */
export function originsOf(url: string): string[] {
  const u = new URL(url);
  const twin = u.hostname === "127.0.0.1" ? "localhost" : u.hostname === "localhost" ? "127.0.0.1" : null;
  return twin ? [u.origin, `${u.protocol}//${twin}${u.port ? `:${u.port}` : ""}`] : [u.origin];
}

/**
 * The headers helmet sets for these options, read once from a recording response. With fixed
 * options (no per-request CSP nonce or function directives) they are the same for every request,
 * so setting them from a ready object skips helmet's dozen middleware calls per request, with
 * identical headers (the bench's api section measures what a request costs).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (err?: unknown) => void (failure = err),
  );
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

async function security(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const identity = originsOf(config.identity.baseUrl);
  if (config.identity.isRealProvider) identity.push("https://*.sumsub.com");
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        connectSrc: ["'self'", ...originsOf(config.auth.url), ...identity],
        frameSrc: ["'self'", ...identity],
        imgSrc: ["'self'", "data:", "blob:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(headers);
    // API answers carry PII (names, birth dates, addresses, masked SSNs): no browser or proxy keeps them.
    if (request.url.startsWith("/api/")) reply.header("cache-control", "no-store");
    done();
  });
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    // The web sends an id of its own on every call and reads the server's back (plugins/observability.ts).
    allowedHeaders: ["authorization", "content-type", "x-request-id"],
    exposedHeaders: ["x-request-id"],
    credentials: false,
  });
  // On PostgreSQL (several instances) the counts live in the database every instance shares; one
  // SQLite instance counts in memory. A refusal is the API's typed 429 (http-errors.ts), worded as
  // every 429; the plugin has set Retry-After (the window's rest, in whole seconds) already.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl / 1000),
    ...(config.database.kind === "postgres" ? { store: databaseRateLimitStore(app.db) } : {}),
  });
}

/** Security headers, CORS and the rate-limit plugin for the whole app (not encapsulated). */
export const securityPlugin = fp(security, { name: "security" });
