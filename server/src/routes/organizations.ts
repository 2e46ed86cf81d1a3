// Organizations: a strategy's LLC and later its DAF and custodian (requirements §5, §7).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { organization, organizationCreate, organizationPutBody } from "../contract/entities";
import { MESSAGES } from "../contract/rules";
import {
  actorOf,
  auditOf,
  requireAccountAccess,
  requireAccountRead,
  requireCaller,
  requireRecordWriter,
  type Access,
} from "../authz";
import { invalid, notFound } from "../errors";
import { assertFiledFieldsUnchanged } from "../domain/submission";
import { writeAudit } from "../repositories/audit";
import { assertEnumValues } from "../repositories/enums";
import { getStrategy } from "../repositories/strategies";
import {
  createOrganization,
  getOrganization,
  getOrganizationByStrategy,
  organizationAccountId,
  toOrganizationDto,
  updateOrganization,
} from "../repositories/organizations";
import { errors, params } from "./shared";
import type { Executor } from "../../../db/engine";

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const strategyAccount = async (
    db: Executor,
    request: FastifyRequest,
    strategyId: number,
    access: Access,
  ): Promise<number> => {
    const s = await getStrategy(db, strategyId);
    if (!s) throw notFound("Strategy");
    if (access === "read") {
      await requireAccountRead(db, request, s.accountId, "Strategy");
    } else {
      requireAccountAccess(request, s.accountId, access, "Strategy");
      await requireRecordWriter(db, requireCaller(request), s.accountId);
    }
    return s.accountId;
  };

  app.post(
    "/api/organizations/",
    {
      schema: {
        tags: ["organizations"],
        summary: "Create the organization of a strategy (step 1)",
        body: organizationCreate,
        response: { 201: organization, ...errors },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const row = await app.db.transaction(async (tx) => {
        const accountId = await strategyAccount(tx, request, b.strategy_id, "write");
        await assertEnumValues(tx, { registered_state: b.registered_state });
        const created = await createOrganization(tx, b.strategy_id, b);
        const fields = ["name_1", "name_2", "registered_state", "itg_as_registered_agent", "activity_is_investment"];
        await writeAudit(
          tx,
          auditOf(
            actorOf(request),
            accountId,
            "organization.create",
            { type: "organization", id: created.organizationId },
            fields,
          ),
        );
        return created;
      });
      return reply.status(201).send(toOrganizationDto(row));
    },
  );

  app.put(
    "/api/organizations/:organizationId",
    {
      schema: {
        tags: ["organizations"],
        summary: "Replace an organization's fields, including DAF and custodian",
        params: params.organizationId,
        body: organizationPutBody,
        response: { 200: organization, ...errors },
      },
    },
    async (request) => {
      const { organizationId } = request.params;
      const row = await app.db.transaction(async (tx) => {
        const accountId = await organizationAccountId(tx, organizationId);
        if (accountId === undefined) throw notFound("Organization");
        requireAccountAccess(request, accountId, "write", "Organization");
        await requireRecordWriter(tx, requireCaller(request), accountId);
        const stored = await getOrganization(tx, organizationId);
        if (!stored) throw notFound("Organization");
        const submitted = Boolean((await getStrategy(tx, stored.strategyId))?.entryCompletedAt);
        if (submitted) assertFiledFieldsUnchanged(stored, request.body);
        const daf =
          request.body.donor_advised_fund === undefined ? stored.donorAdvisedFund : request.body.donor_advised_fund;
        const custodian = request.body.custodian === undefined ? stored.custodian : request.body.custodian;
        // A submitted entry was complete; it stays so (the DAF can be changed, not removed).
        if (submitted && !daf) throw invalid("donor_advised_fund", `donor_advised_fund: ${MESSAGES.required}`);
        // §5: a DAF needs a custodian ("None" is not allowed).
        if (daf && !custodian) throw invalid("custodian", `custodian: ${MESSAGES.required}`);
        await assertEnumValues(tx, {
          registered_state: request.body.registered_state,
          custodian: request.body.custodian,
        });
        const before = toOrganizationDto(stored) as unknown as Record<string, unknown>;
        const fields = Object.entries(request.body)
          .filter(([field, value]) => value !== undefined && value !== before[field])
          .map(([field]) => field);
        const updated = await updateOrganization(tx, organizationId, request.body);
        await writeAudit(
          tx,
          auditOf(
            actorOf(request),
            accountId,
            "organization.update",
            { type: "organization", id: organizationId },
            fields,
          ),
        );
        return updated;
      });
      return toOrganizationDto(row);
    },
  );

  app.get(
    "/api/organizations/:organizationId",
    {
      schema: {
        tags: ["organizations"],
        summary: "One organization",
        params: params.organizationId,
        response: { 200: organization, ...errors },
      },
    },
    async (request) => {
      const row = await getOrganization(app.db, request.params.organizationId);
      if (!row) throw notFound("Organization");
      await strategyAccount(app.db, request, row.strategyId, "read");
      return toOrganizationDto(row);
    },
  );

  app.get(
    "/api/organizations/by_strategy/:strategyId",
    {
      schema: {
        tags: ["organizations"],
        summary: "The organization of a strategy; null while step 1 has not created it (a normal state, not an error)",
        params: params.strategyId,
        response: { 200: organization.nullable(), ...errors },
      },
    },
    async (request) => {
      await strategyAccount(app.db, request, request.params.strategyId, "read");
      const row = await getOrganizationByStrategy(app.db, request.params.strategyId);
      return row ? toOrganizationDto(row) : null;
    },
  );
};
