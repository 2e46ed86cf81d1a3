// A tiny HTTP listener that records the webhooks the identity emulator sends, with their raw
// bodies and headers, so suites can check the digests with the app's own verifier.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  json: Record<string, unknown>;
}

export interface WebhookSink {
  url: string;
  received: ReceivedWebhook[];
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
      const w: ReceivedWebhook = { headers: req.headers, raw, json: JSON.parse(raw.toString("utf8")) as Record<string, unknown> };
      received.push(w);
      for (const waiter of [...waiters]) {
        if (waiter.match(w)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(w);
        }
      }
      res.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/sumsub/webhook`,
    received,
    waitFor: (match) => {
      const hit = received.find(match);
      return hit ? Promise.resolve(hit) : new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
