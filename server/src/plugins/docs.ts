// OpenAPI from the routes' zod schemas (fastify-type-provider-zod feeds @fastify/swagger):
// the document at GET /api/openapi.json, a browsable UI at /api/docs. scripts/gen-api.ts turns the
// same document into the web's typed client.
import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

async function docs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Founder Foundation API",
        description: "Every /api route of the product. Authorize with a bearer access token from the auth service.",
        version: "1.0.0",
      },
      components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    // Swagger UI sets a few inline styles at runtime; allow those on its own pages only.
    transformStaticCSP: (header) => header.replace(/style-src ([^;]*)/, "style-src $1 'unsafe-inline'"),
  });
  app.get("/api/openapi.json", { schema: { hide: true }, config: { public: true } }, async () => app.swagger());
}

/** The OpenAPI document and its browsable docs, over every route of the app (not encapsulated). */
export const docsPlugin = fp(docs, { name: "docs" });
