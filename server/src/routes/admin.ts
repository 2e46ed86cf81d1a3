// Admin area (requirements §2, §6): the auth service's users and their roles, through its admin API.
// admin or super only; in production only if ADMIN_API_ENABLED, and at aal2.
import { z } from "zod";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminRolesUpdate, adminUser, adminUserList } from "../contract/entities";
import { requireRoles, requireStaffAssurance } from "../authz";
import { STAFF_ROLES } from "../contract/roles";
import { createAuthAdminClient } from "../auth/admin-client";
import { limitedProviderErrors, perCallerRateLimit } from "./shared";

const userIdParam = z.object({
  userId: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "Invalid user id format"),
});

const ADMIN_RATE_LIMIT = perCallerRateLimit(60);

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const authAdmin = createAuthAdminClient(app.config.auth);
  const requireStaff = (request: FastifyRequest) => {
    requireRoles(request, STAFF_ROLES);
    return requireStaffAssurance(request);
  };

  app.get(
    "/api/admin/users",
    {
      config: ADMIN_RATE_LIMIT,
      schema: {
        tags: ["admin"],
        summary: "Users of the auth service with their roles (admin or super only)",
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          per_page: z.coerce.number().int().min(1).max(1000).default(50),
        }),
        response: { 200: adminUserList, ...limitedProviderErrors },
      },
    },
    async (request) => {
      requireStaff(request);
      return { users: await authAdmin.listUsers(request.query.page, request.query.per_page) };
    },
  );

  app.put(
    "/api/admin/users/:userId/roles",
    {
      config: ADMIN_RATE_LIMIT,
      schema: {
        tags: ["admin"],
        summary: "Replace a user's roles (admin or super only)",
        params: userIdParam,
        body: adminRolesUpdate,
        response: { 200: adminUser, ...limitedProviderErrors },
      },
    },
    async (request) => {
      const caller = requireStaff(request);
      const roles = [...new Set(request.body.roles)];
      const updated = await authAdmin.setRoles(request.params.userId, roles);
      // This instance sees the change at once; others within the session-check lifetime.
      app.authenticator.forgetUser(request.params.userId);
      request.log.info({ target: request.params.userId, by: caller.userId, roles }, "roles changed");
      return updated;
    },
  );
};
