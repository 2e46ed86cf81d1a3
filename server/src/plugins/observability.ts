// Request ids and metrics (docs/operations.md). Every request gets a new UUID; a caller's
// X-Request-Id is only logged (client_request_id), so nobody outside chooses an id. Metrics
// (METRICS_PORT) have a listener of their own.
import http from "node:http";
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import fp from "fastify-plugin";
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import type { Config } from "../config";
import { collectProcessMetrics, histogram, metricsRegistry } from "../metrics";

const REQUEST_ID_HEADER = "x-request-id";
/** What a caller's id may look like to be logged: short, no spaces or quotes. */
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The logger's request serializer: Fastify's fields, plus the caller's own id when it sent one. */
export function serializeRequest(req: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers: Record<string, string | string[] | undefined>;
  socket?: { remotePort?: number };
}) {
  const client = req.headers[REQUEST_ID_HEADER];
  return {
    method: req.method,
    url: req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
    ...(typeof client === "string" && WELL_FORMED_ID.test(client) ? { client_request_id: client } : {}),
  };
}

/** One line per answered request at info, with the request's fields; Fastify's incoming line only at debug. */
class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error || this.isLogDisabled(request)) return super.requestCompleted(error, request, reply);
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
  }
}

export const requestLogOptions: Pick<FastifyServerOptions, "genReqId" | "requestIdHeader" | "logController"> = {
  requestIdHeader: false,
  genReqId: () => randomUUID(),
  logController: new OneLinePerRequest(),
};

const requestDuration = histogram({
  name: "http_request_duration_seconds",
  help: "API and web requests by route pattern (unmatched for no route), method and status: latency, and in _count the number of requests",
  labelNames: ["method", "route", "status_code"],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

/** The metrics listener: GET /metrics and nothing else. */
function metricsServer(): http.Server {
  return http.createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404).end();
      return;
    }
    metricsRegistry.metrics().then(
      (text) => res.writeHead(200, { "content-type": metricsRegistry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
}

async function observability(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  // onRequest, registered first: refusals by later hooks carry the header too.
  app.decorateRequest("startedAt", 0);
  app.addHook("onRequest", (request, reply, done) => {
    request.startedAt = performance.now();
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });

  let metricsUrl: string | null = null;
  app.decorate("metricsUrl", () => metricsUrl);
  const listen = config.metrics;
  if (!listen) return;
  collectProcessMetrics();
  // onSend (onResponse adds listeners per response); each route's pattern bound once, no route: "unmatched".
  const observer = (route: string) => (request: FastifyRequest, reply: FastifyReply) =>
    requestDuration.observe(
      { method: request.method, route, status_code: reply.statusCode },
      (performance.now() - request.startedAt) / 1000,
    );
  app.addHook("onRoute", (options) => {
    const observe = observer(String(options.url ?? options.path));
    const own = options.onSend ? [options.onSend].flat() : [];
    options.onSend = [
      (request, reply, payload, done) => {
        observe(request, reply);
        done(null, payload);
      },
      ...own,
    ];
  });
  const unmatched = observer("unmatched");
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.is404) unmatched(request, reply);
    done(null, payload);
  });
  const server = metricsServer();
  app.addHook("onReady", async () => {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(listen.port, listen.host, () => resolve());
    });
    const { address, port } = server.address() as AddressInfo;
    metricsUrl = `http://${address.includes(":") ? `[${address}]` : address}:${port}/metrics`;
    app.log.info({ metrics: metricsUrl }, "metrics listener started");
  });
  app.addHook("onClose", async () => {
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}

/** Request ids and metrics for the whole app (not encapsulated). */
export const observabilityPlugin = fp(observability, { name: "observability" });
