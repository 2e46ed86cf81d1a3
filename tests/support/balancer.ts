// A small load balancer for the rolling-deploy run and the bench: round robin over backends whose
// /api/ready answered 200 at the last probe, no retries, so every failure a client sees is the
// deployment's; no keep-alive to them unless asked (the bench). Counts the answers by release.
import http from "node:http";
import type { AddressInfo } from "node:net";

interface Backend {
  url: string;
  /** The release it runs (what the counts are kept by). */
  release: string;
}

export interface Balancer {
  url: string;
  /** Adds a backend; it gets traffic once a probe finds it ready. */
  add(backend: Backend): void;
  /** Stops sending it traffic at once (an orchestrator deregistering it). */
  remove(url: string): void;
  /** Answers proxied, by the release that gave them. */
  served(): Record<string, number>;
  /** The backends the last probe found ready. */
  ready(): string[];
  /** Requests that found no ready backend (502). */
  unrouted(): number;
  close(): Promise<void>;
}

const PROBE_MS = 100;

/** Hop-by-hop headers (RFC 9110 §7.6.1): a proxy never forwards them (a copied Keep-Alive broke clients). */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
]);
function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

export async function startBalancer(opts: { keepAlive?: boolean } = {}): Promise<Balancer> {
  const agent = opts.keepAlive ? new http.Agent({ keepAlive: true }) : false;
  const backends = new Map<string, Backend & { ready: boolean }>();
  const served: Record<string, number> = {};
  let unrouted = 0;
  let next = 0;
  const probe = async () => {
    await Promise.all(
      [...backends.values()].map(async (b) => {
        b.ready = await fetch(`${b.url}/api/ready`, { signal: AbortSignal.timeout(2000) }).then(
          (r) => (void r.arrayBuffer(), r.ok),
          () => false,
        );
      }),
    );
  };
  let probing = true;
  const loop = (async () => {
    while (probing) {
      await probe();
      await new Promise((r) => setTimeout(r, PROBE_MS));
    }
  })();

  const server = http.createServer((req, res) => {
    const ready = [...backends.values()].filter((b) => b.ready);
    const backend = ready[next++ % Math.max(1, ready.length)];
    if (!backend) {
      unrouted++;
      res
        .writeHead(502, { "content-type": "application/json" })
        .end(JSON.stringify({ error: "Bad Gateway", message: "no ready backend" }));
      return;
    }
    const target = new URL(req.url ?? "/", backend.url);
    const upstream = http.request(
      target,
      { method: req.method, headers: { ...endToEnd(req.headers), host: target.host }, agent },
      (answer) => {
        served[backend.release] = (served[backend.release] ?? 0) + 1;
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on("error", (err) => {
      if (!res.headersSent)
        res
          .writeHead(502, { "content-type": "application/json" })
          .end(JSON.stringify({ error: "Bad Gateway", message: err.message }));
      else res.destroy(err);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    add: (b) => void backends.set(b.url, { ...b, ready: false }),
    remove: (url) => void backends.delete(url),
    served: () => ({ ...served }),
    ready: () => [...backends.values()].filter((b) => b.ready).map((b) => b.url),
    unrouted: () => unrouted,
    close: async () => {
      probing = false;
      await loop;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (agent) agent.destroy();
    },
  };
}
