// Placeholder: the identity work fills this plugin with the /api/sumsub routes (access token,
// owner emails, webhook). Registered by app.ts under the export name `sumsubRoutes`.
import type { FastifyPluginAsync } from "fastify";

export const sumsubRoutes: FastifyPluginAsync = async () => {};
