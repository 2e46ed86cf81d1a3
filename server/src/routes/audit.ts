// The audit trail, read-only (docs/decisions/0021-audit-trail.md): a founder's own; staff any, each
// read recorded (docs/security.md, Staff reads).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditPage, auditQuery } from "../contract/audit";
import { idParam } from "../contract/entities";
import { STAFF_ROLES } from "../contract/roles";
import { recordStaffRead, requireAccountRead, requireRoles } from "../authz";
import { listAudit, toAuditDto } from "../repositories/audit";
import { errors, params } from "./shared";

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/accounts/:accountId/audit",
    {
      schema: {
        tags: ["audit"],
        summary: "The account's audit trail, newest first (the owner, or staff)",
        params: params.accountId,
        querystring: auditQuery,
        response: { 200: auditPage, ...errors },
      },
    },
    async (request) => {
      const { accountId } = request.params;
      const { limit, before } = request.query;
      await requireAccountRead(app.db, request, accountId);
      return {
        entries: (await listAudit(app.db, { accountId, limit, ...(before ? { before } : {}) })).map(toAuditDto),
      };
    },
  );

  app.get(
    "/api/audit",
    {
      schema: {
        tags: ["audit"],
        summary: "The whole audit trail, newest first (staff only)",
        querystring: auditQuery.extend({ account_id: idParam.optional() }).strict(),
        response: { 200: auditPage, ...errors },
      },
    },
    async (request) => {
      const caller = requireRoles(request, STAFF_ROLES);
      const { limit, before, account_id } = request.query;
      // Another account's trail, or everyone's: a staff read (the caller's own account alone is not).
      if (account_id === undefined || account_id !== caller.accountId)
        await recordStaffRead(app.db, request, account_id ?? null);
      const rows = await listAudit(app.db, {
        limit,
        ...(before ? { before } : {}),
        ...(account_id ? { accountId: account_id } : {}),
      });
      return { entries: rows.map(toAuditDto) };
    },
  );
};
