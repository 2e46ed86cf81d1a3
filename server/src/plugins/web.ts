// Serves the built SPA: its files (their .br/.gz twins where accepted; hashed assets cached a year,
// index.html revalidated), and index.html for other GETs outside /api without a file extension.
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";

const HASHED_ASSETS_DIR = "assets";
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

/** The Cache-Control for a file of the build (its path may carry a .br/.gz suffix), or null for the default. */
function cacheControlFor(webDist: string, filePath: string): string | null {
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
    // One exact route per file, found at start: a wildcard made @fastify/static read directories on every request.
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
