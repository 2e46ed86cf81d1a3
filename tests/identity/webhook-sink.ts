// A tiny HTTP listener that records the webhooks the identity emulator sends, with their raw
// bodies and headers, so suites can check the digests with the app's own verifier. When
// `forwardTo` is set, each webhook is also relayed unchanged (same bytes, same digest headers) to
// that URL, e.g. the app's /api/sumsub/webhook, and the app's status is answered back.
import http from "node:http";
import type { AddressInfo } from "node:net";

interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  json: Record<string, unknown>;
}

export interface WebhookSink {
  url: string;
  received: ReceivedWebhook[];
  forwardTo: string | null;
  /** Resolves with the first webhook (already received or future) that matches. */
  waitFor(match: (w: ReceivedWebhook) => boolean): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

export async function startWebhookSink(): Promise<WebhookSink> {
  const received: ReceivedWebhook[] = [];
  const waiters: { match: (w: ReceivedWebhook) => boolean; resolve: (w: ReceivedWebhook) => void }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const w: ReceivedWebhook = {
        headers: req.headers,
        raw,
        json: JSON.parse(raw.toString("utf8")) as Record<string, unknown>,
      };
      // Recorded after the relay, so a waiter sees the app already updated by this webhook.
      void relay(raw, req.headers)
        .catch(() => 502)
        .then((status) => {
          received.push(w);
          for (const waiter of [...waiters]) {
            if (waiter.match(w)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(w);
            }
          }
          res.writeHead(status, { "Content-Type": "application/json" }).end("{}");
        });
    });
  });
  async function relay(raw: Buffer, headers: http.IncomingHttpHeaders): Promise<number> {
    if (!sink.forwardTo) return 200;
    const pass: Record<string, string> = { "content-type": "application/json" };
    for (const name of ["x-payload-digest", "x-payload-digest-alg"]) {
      const v = headers[name];
      if (typeof v === "string") pass[name] = v;
    }
    const res = await fetch(sink.forwardTo, { method: "POST", headers: pass, body: raw });
    await res.arrayBuffer();
    return res.status;
  }
  const sink: WebhookSink = {
    url: "",
    received,
    forwardTo: null,
    waitFor: (match) => {
      const hit = received.find(match);
      return hit ? Promise.resolve(hit) : new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  sink.url = `http://127.0.0.1:${port}/api/sumsub/webhook`;
  return sink;
}
