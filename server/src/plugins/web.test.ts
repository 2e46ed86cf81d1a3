import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerWeb } from "./web";

const INDEX = "<!doctype html><title>app</title>";
const ASSET = "console.log('hashed asset');".repeat(20);

describe("static web build", () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "web-dist-"));
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "index.html"), INDEX);
    fs.writeFileSync(path.join(dir, "index.html.br"), zlib.brotliCompressSync(INDEX));
    fs.writeFileSync(path.join(dir, "assets", "main-abc123.js"), ASSET);
    fs.writeFileSync(path.join(dir, "assets", "main-abc123.js.gz"), zlib.gzipSync(ASSET));
    fs.writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
    app = Fastify();
    const fallback = await registerWeb(app, dir);
    app.setNotFoundHandler((request, reply) => {
      if (!fallback?.(request, reply)) void reply.code(404).send({ message: "Not Found" });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("sends the precompressed twin to a client that accepts it, the plain file otherwise", async () => {
    const gz = await app.inject({ url: "/assets/main-abc123.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers["content-type"]).toMatch(/javascript/);
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(ASSET);

    const plain = await app.inject({ url: "/assets/main-abc123.js", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(ASSET);
  });

  it("lets browsers keep hashed assets and revalidate index.html", async () => {
    const asset = await app.inject({ url: "/assets/main-abc123.js", headers: { "accept-encoding": "gzip" } });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    for (const url of ["/", "/index.html", "/dashboard"]) {
      const page = await app.inject({ url, headers: { "accept-encoding": "br" } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers["cache-control"], url).toBe("no-cache");
      expect(page.headers["content-encoding"], url).toBe("br");
      expect(zlib.brotliDecompressSync(page.rawPayload).toString(), url).toBe(INDEX);
    }

    const other = await app.inject({ url: "/favicon.svg" });
    expect(other.headers["cache-control"]).not.toMatch(/immutable/);
  });

  it("still answers 404 for a missing asset", async () => {
    expect((await app.inject({ url: "/assets/gone-123.js" })).statusCode).toBe(404);
  });
});
