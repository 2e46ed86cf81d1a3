// Serves the built SPA (web/dist) when it exists: files as they are, and index.html for any other
// GET outside /api that looks like a client-side route (no file extension), so routes survive a
// reload while a missing asset still answers 404.
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";

export async function registerWeb(app: FastifyInstance, webDist: string): Promise<((request: FastifyRequest, reply: FastifyReply) => boolean) | undefined> {
  if (!fs.existsSync(path.join(webDist, "index.html"))) return undefined;
  await app.register(fastifyStatic, { root: webDist, prefix: "/", wildcard: true, index: ["index.html"] });
  return (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "";
    if (request.method !== "GET" || pathname === "/api" || pathname.startsWith("/api/")) return false;
    if (/\.[a-z0-9]+$/i.test(pathname.split("/").pop() ?? "")) return false;
    void reply.header("cache-control", "no-cache").sendFile("index.html");
    return true;
  };
}
