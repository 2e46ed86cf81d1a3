// Links between an organization and its owners. Both ends must be in the caller's account; each
// link writes its audit row in the same transaction.
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParam, okBody, organizationUser } from "../contract/entities";
import { actorOf, auditOf, requireAccountAccess, requireCaller, requireRecordWriter } from "../authz";
import { notFound } from "../errors";
import { getPerson } from "../repositories/persons";
import {
  addOrganizationUser,
  organizationAccountId,
  removeOrganizationUser,
  toOrganizationUserDto,
} from "../repositories/organizations";
import { writeAudit } from "../repositories/audit";
import { errors } from "./shared";

export const organizationUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/organization_users/",
    {
      schema: {
        tags: ["organization users"],
        summary: "Link an owner to an organization",
        body: organizationUser,
        response: { 201: organizationUser, ...errors },
      },
    },
    async (request, reply) => {
      const link = request.body;
      const row = await app.db.transaction(async (tx) => {
        const orgAccount = await organizationAccountId(tx, link.organization_id);
        if (orgAccount === undefined) throw notFound("Organization");
        requireAccountAccess(request, orgAccount, "write", "Organization");
        await requireRecordWriter(tx, requireCaller(request), orgAccount);
        const p = await getPerson(tx, link.person_id);
        // A person of another account is as invisible as a missing one.
        if (!p || p.accountId !== orgAccount) throw notFound("Person");
        // No notification: POST /api/persons wrote the owner's one "Owner added".
        return addOrganizationUser(tx, link, async (inner) => {
          const entity = { type: "organization_user", id: link.organization_id };
          await writeAudit(inner, {
            ...auditOf(actorOf(request), orgAccount, "organization_user.create", entity, [
              "person_id",
              "primary_holder",
            ]),
            detail: { person_id: link.person_id },
          });
        });
      });
      return reply.status(201).send(toOrganizationUserDto(row));
    },
  );

  app.delete(
    "/api/organization_users/:personId/:organizationId",
    {
      schema: {
        tags: ["organization users"],
        summary: "Unlink an owner from an organization",
        params: z.object({ personId: idParam, organizationId: idParam }),
        response: { 200: okBody, ...errors },
      },
    },
    async (request) => {
      const { personId, organizationId } = request.params;
      await app.db.transaction(async (tx) => {
        const orgAccount = await organizationAccountId(tx, organizationId);
        if (orgAccount === undefined) throw notFound("Organization");
        requireAccountAccess(request, orgAccount, "write", "Organization");
        await requireRecordWriter(tx, requireCaller(request), orgAccount);
        if (!(await removeOrganizationUser(tx, organizationId, personId))) throw notFound("Organization user");
        const entity = { type: "organization_user", id: organizationId };
        await writeAudit(tx, {
          ...auditOf(actorOf(request), orgAccount, "organization_user.delete", entity, ["person_id"]),
          detail: { person_id: personId },
        });
      });
      return { ok: true as const };
    },
  );
};
