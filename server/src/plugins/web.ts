// Serves the built SPA (web/dist) when it exists: files as they are, and index.html for any other
// GET outside /api that asks for HTML, so client-side routes survive a reload.
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
    void reply.header("cache-control", "no-cache").sendFile("index.html");
    return true;
  };
}
