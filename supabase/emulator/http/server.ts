// The emulator's HTTP server: Fastify under /auth/v1 with GoTrue's transport quirks handled
// once here: empty JSON bodies accepted, the API version header on every response (exposed to
// browsers through CORS), errors written in GoTrue's format, and a 1 MB body limit.
import Fastify, { type FastifyInstance } from "fastify";
import cors from "@fastify/cors";
import type { AuthContext } from "../context";
import { ApiError, badRequest } from "../errors";
import { API_VERSION, sendApiError, toApiError } from "./errors";
import { registerMetaRoutes } from "../routes/meta";
import { registerSignupRoutes } from "../routes/signup";
import { registerTokenRoutes } from "../routes/token";
import { registerUserRoutes } from "../routes/user";
import { registerMailRoutes } from "../routes/mail";
import { registerVerifyRoutes } from "../routes/verify";
import { registerOAuthRoutes } from "../routes/oauth";
import { registerFactorRoutes } from "../routes/factors";
import { registerAdminRoutes } from "../routes/admin";
import { registerDisabledFeatureRoutes } from "../routes/disabled";
import { registerIdentityRoutes } from "../routes/identities";
import { registerPasskeyRoutes } from "../routes/passkeys";
import { checkApiKey } from "./guards";
import { NO_JSON_SCHEMA } from "./no-json-schema";
import { refuseForeignHosts } from "./allowed-hosts";

export const PREFIX = "/auth/v1";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** A dev emulator: any page served from this machine may call it, as with the CLI's Kong. */
function isLocalOrigin(origin: string): boolean {
  try {
    return LOCAL_HOSTS.has(new URL(origin).hostname);
  } catch {
    return false;
  }
}

export async function buildServer(
  ctx: AuthContext,
  extraOrigins: string[] = [],
  allowedHost: (header?: string) => boolean = () => true,
  atRootToo = false,
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024, trustProxy: false, schemaController: NO_JSON_SCHEMA });
  refuseForeignHosts(app, allowedHost, (req, reply) =>
    sendApiError(req, reply, new ApiError(421, "request_not_allowed", "This server does not answer for that Host")),
  );

  // supabase-js sends Content-Type: application/json even with no body (logout, unenroll).
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    const text = typeof body === "string" ? body.trim() : "";
    if (!text) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch (err) {
      done(badRequest("bad_json", `Could not parse request body as JSON: ${(err as Error).message}`), undefined);
    }
  });

  // The local Google consent page posts an HTML form.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === "string" ? body : "")));
  });

  // Any page of this machine or a configured origin may call the API (supabase-js sends its keys in
  // headers and needs no cookies); only the configured origins (`corsOrigins`) get credentialed
  // answers (Access-Control-Allow-Credentials), so no other page's cookies ride along. GoTrue
  // reflects every origin with credentials; an emulator that others can reach must not.
  const base = {
    methods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    allowedHeaders: [
      "apikey",
      "authorization",
      "x-client-info",
      "x-supabase-api-version",
      "content-type",
      "accept",
      "accept-profile",
      "content-profile",
      "prefer",
      "x-retry-count",
    ],
    exposedHeaders: ["X-Total-Count", "Link", "X-Supabase-Api-Version"],
    maxAge: 3600,
  };
  // The three answers, made once rather than per request.
  const credentialed = { ...base, origin: true, credentials: true };
  const allowed = { ...base, origin: true, credentials: false };
  const refused = { ...base, origin: false, credentials: false };
  await app.register(cors, {
    delegator: (req, cb) => {
      const origin = req.headers.origin;
      if (origin === undefined) return cb(null, allowed);
      if (extraOrigins.includes(origin)) return cb(null, credentialed);
      cb(null, isLocalOrigin(origin) ? allowed : refused);
    },
  });

  app.addHook("onSend", async (_req, reply, payload) => {
    reply.header("X-Supabase-Api-Version", API_VERSION);
    return payload;
  });

  app.setErrorHandler((err, req, reply) => {
    const apiErr = toApiError(err);
    // A 5xx the emulator answers on purpose (as GoTrue does, e.g. no SMS provider) is one line
    // naming the route, never the request's data; anything else is a bug: its stack is wanted.
    if (err instanceof ApiError && apiErr.status >= 500)
      console.error(
        `[auth] ${req.method} ${req.routeOptions.url ?? "?"}: ${apiErr.status} ${apiErr.code}: ${apiErr.message}`,
      );
    else if (apiErr.status >= 500) console.error("[auth] unexpected failure:", err);
    return sendApiError(req, reply, apiErr);
  });
  app.setNotFoundHandler((req, reply) => sendApiError(req, reply, new ApiError(404, "not_found", "Not Found")));

  const routes = async (api: FastifyInstance) => {
    api.addHook("onRequest", async (req) => checkApiKey(ctx, req));
    registerMetaRoutes(api, ctx);
    registerSignupRoutes(api, ctx);
    registerTokenRoutes(api, ctx);
    registerUserRoutes(api, ctx);
    registerMailRoutes(api, ctx);
    registerVerifyRoutes(api, ctx);
    registerOAuthRoutes(api, ctx);
    registerFactorRoutes(api, ctx);
    registerAdminRoutes(api, ctx);
    registerIdentityRoutes(api, ctx);
    registerPasskeyRoutes(api, ctx);
    registerDisabledFeatureRoutes(api, ctx);
  };
  await app.register(routes, { prefix: PREFIX });
  // A self-hosted GoTrue answers at its root; the same routes there, for clients pointed at it.
  if (atRootToo) await app.register(routes);
  return app;
}
