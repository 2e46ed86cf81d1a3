// Security headers (helmet; the CSP admits exactly this config's auth and identity services), CORS
// for config.corsOrigins (no credentials), and a rate limiter that expensive routes opt into.
import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import cors from "@fastify/cors";
import rateLimit from "@fastify/rate-limit";
import type { Config } from "../config";
import { databaseRateLimitStore } from "../repositories/rate-limits";
import { tooManyRequests } from "../errors";

/** An origin plus its localhost/127.0.0.1 twin: the browser may reach the local stack by either name. */
/** @internal */ export function originsOf(url: string): string[] {
  const u = new URL(url);
  const twin = u.hostname === "127.0.0.1" ? "localhost" : u.hostname === "localhost" ? "127.0.0.1" : null;
  return twin ? [u.origin, `${u.protocol}//${twin}${u.port ? `:${u.port}` : ""}`] : [u.origin];
}

async function security(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const identity = originsOf(config.identity.baseUrl);
  if (config.identity.isRealProvider) identity.push("https://*.sumsub.com");
  // helmet's own middleware, built once and run on each real request (@fastify/helmet builds it
  // again for every request: decision 0007).
  const headers = helmet({
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
    // API answers carry PII (names, birth dates, addresses, masked SSNs): no browser or proxy keeps them.
    if (request.url.startsWith("/api/")) reply.header("cache-control", "no-store");
    headers(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    // The web sends an id of its own on every call and reads the server's back (plugins/observability.ts).
    allowedHeaders: ["authorization", "content-type", "x-request-id"],
    exposedHeaders: ["x-request-id"],
    credentials: false,
  });
  // Counts in the database on PostgreSQL (shared by instances); refusals are the API's one 429.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl / 1000),
    ...(config.database.kind === "postgres" ? { store: databaseRateLimitStore(app.db) } : {}),
  });
}

/** Security headers, CORS and the rate-limit plugin for the whole app (not encapsulated). */
export const securityPlugin = fp(security, { name: "security" });
