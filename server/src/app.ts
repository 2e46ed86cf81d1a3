// Builds the Fastify app from a validated Config: plugins, then one route file per resource. It
// does not listen: tests use `request(app.server)`, scripts/gen-api.ts reads the OpenAPI document.
import path from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config";
import { databasePlugin } from "./plugins/database";
import { authPlugin } from "./plugins/auth";
import { errorsPlugin } from "./plugins/errors";
import { observabilityPlugin, requestLogOptions, serializeRequest } from "./plugins/observability";
import { docsPlugin } from "./plugins/docs";
import { securityPlugin } from "./plugins/security";
import { registerWeb } from "./plugins/web";
import { createMailer } from "./mail";
import { accountRoutes } from "./routes/accounts";
import { personRoutes } from "./routes/persons";
import { strategyRoutes } from "./routes/strategies";
import { organizationRoutes } from "./routes/organizations";
import { organizationUserRoutes } from "./routes/organization-users";
import { enumRoutes } from "./routes/enums";
import { notificationRoutes } from "./routes/notifications";
import { riaRoutes } from "./routes/ria";
import { adminRoutes } from "./routes/admin";
import { appConfigRoutes } from "./routes/app-config";
import { sumsubRoutes } from "./routes/sumsub";
import { sumsubWebhookRoutes } from "./routes/sumsub-webhook";
import { auditRoutes } from "./routes/audit";
import { healthRoutes } from "./routes/health";

const BODY_LIMIT_BYTES = 100 * 1024;
const DEFAULT_WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));

export interface BuildAppOptions {
  quiet?: boolean;
  /** Where the built SPA lives; default config.webDist (WEB_DIST), else web/dist. */
  webDist?: string;
  /** Where log lines go (default stdout); tests use it to check what gets logged. */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp(config: Config, opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const silent = opts.quiet || config.logLevel === "silent";
  const app = Fastify({
    // Silent means no logger at all: a silent pino still makes a child logger for every request.
    logger: silent
      ? false
      : {
          level: config.logLevel,
          // Never log tokens or SSNs, whatever a log call is handed.
          redact: {
            paths: [
              "req.headers.authorization",
              "req.headers.cookie",
              "headers.authorization",
              "ssn",
              "*.ssn",
              "*.*.ssn",
              "body.ssn",
              "password",
              "*.password",
            ],
            censor: "[redacted]",
          },
          serializers: { req: serializeRequest },
          ...(opts.logStream ? { stream: opts.logStream } : {}),
        },
    ...requestLogOptions,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Clients may send Content-Type: application/json with no body on PUT/DELETE: "no body", not a 400.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: BODY_LIMIT_BYTES },
    (_req, text, done) => {
      const raw = String(text);
      if (raw.trim() === "") return done(null, undefined);
      try {
        done(null, JSON.parse(raw));
      } catch {
        done(Object.assign(new Error("Body is not valid JSON"), { statusCode: 400 }), undefined);
      }
    },
  );

  app.decorate("config", config);
  app.decorate("draining", false);
  // First: the request id's header and the request's timing cover every answer, refusals included.
  await app.register(observabilityPlugin, { config });
  await app.register(databasePlugin, { config });
  const mailer = createMailer(config);
  app.decorate("mailer", mailer);
  app.addHook("onClose", async () => mailer.close());
  // Security headers and CORS before the auth hook, so a 401 carries them too.
  await app.register(securityPlugin, { config });
  await app.register(authPlugin, { config });
  if (config.apiDocsEnabled) await app.register(docsPlugin);
  const spaFallback = await registerWeb(app, opts.webDist ?? config.webDist ?? DEFAULT_WEB_DIST);
  await app.register(errorsPlugin, { spaFallback });

  const api = app.withTypeProvider<ZodTypeProvider>();
  await api.register(appConfigRoutes);
  await api.register(healthRoutes);
  await api.register(accountRoutes);
  await api.register(personRoutes);
  await api.register(strategyRoutes);
  await api.register(organizationRoutes);
  await api.register(organizationUserRoutes);
  await api.register(auditRoutes);
  await api.register(enumRoutes);
  await api.register(notificationRoutes);
  await api.register(riaRoutes);
  // The dev-only user management: off in production unless ADMIN_API_ENABLED turns it on.
  if (config.adminApiEnabled) await api.register(adminRoutes);
  await api.register(sumsubRoutes);
  // Its own scope: the webhook reads its body as raw bytes (the digest covers them).
  await api.register(sumsubWebhookRoutes);
  return app;
}

/** @internal */ export const REPO_ROOT = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
