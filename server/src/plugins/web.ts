// Serves the built SPA (web/dist) when it exists: files as they are, and index.html for any other
// GET outside /api that looks like a client-side route (no file extension), so routes survive a
// reload while a missing asset still answers 404.
// The web build writes .br/.gz twins of its files; those are sent to clients that accept them
// (Vary: Accept-Encoding), the plain file otherwise. Vite's content-hashed /assets/* never change
// under a name, so browsers keep them for a year; index.html names the current hashes, so it is
// revalidated on every load.
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";

const HASHED_ASSETS_DIR = "assets";
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

/** The Cache-Control for a file of the build (its path may carry a .br/.gz suffix), or null for the default. */
export function cacheControlFor(webDist: string, filePath: string): string | null {
  const relative = path.relative(webDist, filePath).split(path.sep);
  if (relative.length > 1 && relative[0] === HASHED_ASSETS_DIR) return IMMUTABLE;
  if (/^index\.html(\.br|\.gz)?$/.test(relative.join("/"))) return REVALIDATE;
  return null;
}

export async function registerWeb(
  app: FastifyInstance,
  webDist: string,
): Promise<((request: FastifyRequest, reply: FastifyReply) => boolean) | undefined> {
  if (!fs.existsSync(path.join(webDist, "index.html"))) return undefined;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: "/",
    // One route per file of the build, found at start (the build never changes under a running
    // app). A wildcard route made @fastify/static read every directory on a request's path to
    // check its spelling (case-folding file systems), two readdirs per asset, a visible share of
    // the app's CPU while browsers load pages (its profile: docs/performance.md, The bench).
    // Exact routes have no aliases to check.
    wildcard: false,
    index: ["index.html"],
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const cacheControl = cacheControlFor(webDist, filePath);
      if (cacheControl) void reply.header("cache-control", cacheControl);
    },
  });
  return (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "";
    if (request.method !== "GET" || pathname === "/api" || pathname.startsWith("/api/")) return false;
    if (/\.[a-z0-9]+$/i.test(pathname.split("/").pop() ?? "")) return false;
    void reply.sendFile("index.html");
    return true;
  };
}
