// Offline stand-in for Sumsub, on its own listener (IDENTITY_PORT). It speaks the parts of Sumsub's
// protocols the product uses, so the product's code is the same against it and against Sumsub:
// - the signed REST API (rest.ts, signatures.ts): SDK access tokens in both forms, applicants,
//   review status, sandbox testCompleted, external WebSDK links; bad signatures get Sumsub's 401;
// - the widget's session calls (widget-session.ts) and the pages it runs in (hosted-pages.ts):
//   /websdk/websdk.html for the unmodified @sumsub/websdk(-react) iframe, /websdk/p/<link> for
//   the hosted page an additional owner opens from their email;
// - signed webhooks (applicantCreated, applicantPending, applicantReviewed) to the app (webhooks.ts).
// Fastify, as the other listeners; bodies are kept as raw bytes because signatures cover them.
import Fastify, { type FastifyError } from "fastify";
import { EmulatorStore } from "./store";
import { createWebhookSender, type WebhookDigestAlg } from "./webhooks";
import { errorBody, HttpError } from "./http-errors";
import type { IdentityContext } from "./applicants";
import { registerRestRoutes } from "./rest";
import { registerWidgetSessionRoutes } from "./widget-session";
import { registerHostedPages } from "./hosted-pages";

export interface IdentityEmulatorOptions {
  host: string;
  port: number;
  /** The origin browsers use to reach this listener; it goes into access tokens and links. */
  publicUrl: string;
  appToken: string;
  secretKey: string;
  webhookSecret: string;
  /** Where webhooks go; none: no webhooks are sent (a test that posts its own). */
  webhookUrl?: string;
  quiet?: boolean;
  /** When set, state is kept in `<dataDir>/identity-emulator.json` across restarts. */
  dataDir?: string;
  /** Digest algorithm of outgoing webhooks (Sumsub's dashboard default: SHA-256). */
  webhookDigestAlg?: WebhookDigestAlg;
}

export interface IdentityEmulator {
  url: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

/** Any failure as Sumsub words it: its status, its message, or a generic 500. */
function toHttpError(err: unknown, log: (msg: string) => void): HttpError {
  if (err instanceof HttpError) return err;
  const fastifyError = err as Partial<FastifyError>;
  if (fastifyError.code === "FST_ERR_CTP_BODY_TOO_LARGE") return new HttpError(413, "Request body too large");
  if (fastifyError.code === "FST_ERR_BAD_URL") return new HttpError(400, "Malformed path");
  if (typeof fastifyError.statusCode === "number" && fastifyError.statusCode < 500)
    return new HttpError(fastifyError.statusCode, fastifyError.message ?? "Bad request");
  log(`error: ${err instanceof Error ? err.message : String(err)}`);
  return new HttpError(500, "Internal emulator error");
}

export async function startIdentityEmulator(opts: IdentityEmulatorOptions): Promise<IdentityEmulator> {
  const log = (msg: string) => {
    if (!opts.quiet) console.log(`[identity-emulator] ${msg}`);
  };
  const webhooks = createWebhookSender({
    url: opts.webhookUrl,
    secret: opts.webhookSecret,
    alg: opts.webhookDigestAlg ?? "HMAC_SHA256_HEX",
    log,
  });
  // The SDK compares message origins by strict string equality, so only the bare origin will do.
  let origin = new URL(opts.publicUrl).origin;
  const ctx: IdentityContext = {
    store: new EmulatorStore(opts.dataDir),
    webhooks,
    log,
    get origin() {
      return origin;
    },
  };

  const sendError = (err: unknown, reply: import("fastify").FastifyReply) => {
    const e = toHttpError(err, log);
    // Set here too: errors the framework raises before routing skip the onSend hook.
    return reply
      .status(e.status)
      .header("Cache-Control", "no-store")
      .type("application/json")
      .send(errorBody(e.status, e.message, e.extra));
  };
  const app = Fastify({
    logger: false,
    bodyLimit: MAX_BODY_BYTES,
    // Only the methods each path names (no implicit HEAD), as Sumsub's router.
    exposeHeadRoutes: false,
    frameworkErrors: (err, _req, reply) => sendError(err, reply),
  });
  // Every body is kept as bytes, whatever its type: the REST signature covers them exactly.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
  app.addHook("onSend", async (_req, reply, payload) => {
    reply.header("Cache-Control", "no-store");
    return payload;
  });
  app.setErrorHandler((err, _req, reply) => sendError(err, reply));
  app.setNotFoundHandler((_req, reply) => sendError(new HttpError(404, "Not found"), reply));

  registerRestRoutes(app, ctx, { appToken: opts.appToken, secretKey: opts.secretKey });
  registerWidgetSessionRoutes(app, ctx);
  registerHostedPages(app, ctx);
  app.get("/health", async () => ({ ok: true }));

  await app.listen({ port: opts.port, host: opts.host });
  const address = app.server.address() as import("node:net").AddressInfo;
  if (opts.port === 0) origin = `http://${opts.host}:${address.port}`;
  log(`listening on ${origin}`);

  return {
    url: origin,
    close: async () => {
      webhooks.close();
      app.server.closeAllConnections();
      await app.close();
    },
  };
}
