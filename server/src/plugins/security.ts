// Security headers (helmet, with a CSP that admits exactly the auth and identity services this
// config talks to), CORS limited to config.corsOrigins (bearer tokens only, no credentials), and a
// rate limiter that routes opt into (expensive or privileged ones), so normal API traffic and the
// benchmarks are not throttled.
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import cors from "@fastify/cors";
import rateLimit from "@fastify/rate-limit";
import type { Config } from "../config";

/** An origin plus its localhost/127.0.0.1 twin: the browser may reach the local stack by either name. */
export function originsOf(url: string): string[] {
  const u = new URL(url);
  const twin = u.hostname === "127.0.0.1" ? "localhost" : u.hostname === "localhost" ? "127.0.0.1" : null;
  return twin ? [u.origin, `${u.protocol}//${twin}${u.port ? `:${u.port}` : ""}`] : [u.origin];
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const identity = originsOf(config.identity.baseUrl);
  if (config.identity.isRealProvider) identity.push("https://*.sumsub.com");
  // helmet's own middleware, built once: @fastify/helmet rebuilt it (parsing the CSP directives
  // again) on every request, several percent of the API's CPU time under load. Same headers.
  const setSecurityHeaders = helmet({
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
  // helmet 8 throws instead of passing errors to its callback, so the callback only continues.
  app.addHook("onRequest", (request, reply, done) => setSecurityHeaders(request.raw, reply.raw, () => done()));
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    allowedHeaders: ["authorization", "content-type"],
    credentials: false,
  });
  await app.register(rateLimit, { global: false });
}
