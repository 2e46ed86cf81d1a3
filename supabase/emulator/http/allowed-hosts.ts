// Which Host headers a listener answers: a page on a rebound DNS name (evil.example → 127.0.0.1)
// reaches a local server under its own name, so any name but ours is refused (421, RFC 9110 15.5.20).
import os from "node:os";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isLoopback } from "../exposure";

const WILDCARDS = new Set(["0.0.0.0", "::", "[::]"]);

const bare = (host: string) => host.replace(/^\[|\]$/g, "").toLowerCase();

/** The host part of a Host header ("[::1]:80" → "::1"), or undefined when it is not one. */
function hostOf(header: string): string | undefined {
  try {
    return bare(new URL(`http://${header}`).hostname);
  } catch {
    return undefined;
  }
}

function interfaceAddresses(): string[] {
  return Object.values(os.networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address.toLowerCase()));
}

/**
 * Loopback names, the address the listener is bound to and the public URL's host; bound to every
 * interface, also this machine's own addresses (read on each miss: they may change while it runs).
 */
export function hostPolicy(bindHost: string, publicUrls: (string | undefined)[] = []): (header?: string) => boolean {
  const named = new Set<string>();
  if (!WILDCARDS.has(bindHost)) named.add(bare(bindHost));
  for (const url of publicUrls) if (url) named.add(bare(new URL(url).hostname));
  // Headers already accepted by the fixed rules, so a client's every request skips parsing its
  // Host again; bounded, as the headers come from clients.
  const accepted = new Set<string>();
  return (header) => {
    if (header === undefined) return false;
    if (accepted.has(header)) return true;
    const host = hostOf(header);
    if (host === undefined) return false;
    if (isLoopback(host) || host.endsWith(".localhost") || named.has(host)) {
      if (accepted.size < 64) accepted.add(header);
      return true;
    }
    return WILDCARDS.has(bindHost) && interfaceAddresses().includes(host);
  };
}

/** First hook of a listener: a request for any other host is answered 421 before anything else runs. */
export function refuseForeignHosts(
  app: FastifyInstance,
  allowed: (header?: string) => boolean,
  refuse: (req: FastifyRequest, reply: FastifyReply) => FastifyReply,
): void {
  app.addHook("onRequest", async (req, reply) => {
    if (!allowed(req.headers.host)) return refuse(req, reply);
  });
}
