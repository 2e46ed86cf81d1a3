// The plumbing that lets a team see what an instance does (docs/operations.md), in one plugin:
// - request ids: every request gets one (the trusted proxy's X-Request-Id when TRUST_PROXY is set,
//   otherwise a new one in a UUID's shape), Fastify's logger puts it on every line of the request, the answer echoes
//   it in X-Request-Id and every error body carries it as request_id (plugins/errors.ts);
// - metrics: request counts and latencies by route pattern and status, the process's own (event
//   loop lag, heap, GC), served with every module's counters (server/src/metrics.ts) on a listener
//   of its own (METRICS_PORT), never the public address.
import http from "node:http";
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import fp from "fastify-plugin";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
  RawRequestDefaultExpression,
} from "fastify";
import type { Config } from "../config";
import { metricsRegistry, seriesHistogram } from "../metrics";
import { collectProcessMetrics } from "../process-metrics";

export const REQUEST_ID_HEADER = "x-request-id";
/** What an id from outside may look like: short, no spaces or quotes, nothing a log reader could mistake. */
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function wellFormedId(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" && WELL_FORMED_ID.test(value) ? value : undefined;
}

/**
 * A generator of request ids in the UUID's shape: a random UUID drawn once per generator (per app,
 * so per instance) whose last 12 hex digits are replaced by a counter. Unique across instances and
 * restarts by the 74 random bits, and cheaper per request than crypto.randomUUID (which refills its
 * entropy cache every 128 ids): ids are references to quote, not secrets (decision 0116).
 */
export function requestIdGenerator(): () => string {
  const prefix = randomUUID().slice(0, 24);
  let counter = 0;
  return () => prefix + (counter++ % 0x1000000000000).toString(16).padStart(12, "0");
}

/** When a request arrived (performance.now()), kept on the raw request by genReqId. */
const ARRIVED_AT = Symbol("arrivedAt");
type Timed = RawRequestDefaultExpression & { [ARRIVED_AT]?: number };

/**
 * Fastify's request-id settings. The header is read only behind a proxy the operator trusts: from
 * anyone else an id could be chosen to collide with another founder's. The web sends its own id on
 * every call; untrusted, it is logged beside the server's (client_request_id) so both can be found.
 */
export function requestIdOptions(
  config: Pick<Config, "trustProxy">,
): Pick<FastifyServerOptions, "genReqId" | "requestIdHeader"> {
  const newId = requestIdGenerator();
  const idOf = config.trustProxy
    ? (req: RawRequestDefaultExpression) => wellFormedId(req.headers[REQUEST_ID_HEADER]) ?? newId()
    : newId;
  return {
    requestIdHeader: false,
    // Fastify names each request once, as it arrives: that is also when its latency starts.
    genReqId: (req: RawRequestDefaultExpression) => {
      (req as Timed)[ARRIVED_AT] = performance.now();
      return idOf(req);
    },
  };
}

/** The logger's request serializer: Fastify's fields, plus the caller's own id when it is not the request's. */
export function serializeRequest(req: {
  id: string;
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers: Record<string, string | string[] | undefined>;
  socket?: { remotePort?: number };
}) {
  const client = wellFormedId(req.headers[REQUEST_ID_HEADER]);
  return {
    method: req.method,
    url: req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
    ...(client && client !== req.id ? { client_request_id: client } : {}),
  };
}

const requestDuration = seriesHistogram({
  name: "http_request_duration_seconds",
  help: "API and web requests by route pattern (unmatched for no route), method and status: latency, and in _count the number of requests",
  labelNames: ["method", "route", "status_code"],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

/**
 * The onSend hook of one route's requests: names the answer (X-Request-Id) and observes its
 * latency, from the request's arrival to the answer being handed to Node (status and headers
 * final, body about to be written). One hook before the answer rather than an onRequest hook
 * for the header and an onResponse hook for the latency: onResponse makes Fastify set up
 * `finish`/`error` listeners on every response, and the two hooks were most of what the plumbing
 * cost per request (scripts/bench/results.md, "Request ids and metrics"). The route pattern is
 * bound once, and the series of each method and status is looked up in small maps (no string
 * built per request), so an observation only adds to that series' counts (SeriesHistogram).
 */
function observerFor(route: string) {
  const byMethod = new Map<string, Map<number, (seconds: number) => void>>();
  return (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (err: null, payload: unknown) => void,
  ) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    const { method } = request;
    const status = reply.statusCode;
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let observe = byStatus.get(status);
    if (!observe) byStatus.set(status, (observe = requestDuration.series({ method, route, status_code: status })));
    const arrivedAt = (request.raw as Timed)[ARRIVED_AT];
    if (arrivedAt !== undefined) observe((performance.now() - arrivedAt) / 1000);
    done(null, payload);
  };
}

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
  // Each route names and observes its own answers with its pattern bound once (no per-request
  // read of request.routeOptions, which Fastify builds anew on every access); answers of no
  // route (the not-found handler, which has no onRoute) get the app-level hook, as "unmatched".
  app.addHook("onRoute", (route) => {
    const observe = observerFor(String(route.url ?? route.path));
    route.onSend = [observe, ...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : [])];
  });
  const unmatched = observerFor("unmatched");
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.is404) unmatched(request, reply, payload, done);
    else done(null, payload);
  });

  let metricsUrl: string | null = null;
  app.decorate("metricsUrl", () => metricsUrl);
  const listen = config.metrics;
  if (!listen) return;
  collectProcessMetrics();
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
