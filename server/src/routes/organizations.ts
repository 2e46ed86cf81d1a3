// Organizations: the LLC of a strategy (names, Delaware, registered agent, investment) and later
// its DAF and custodian. §5: names end in LLC; a DAF needs a custodian.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { organization, organizationCreate, organizationPut } from "../contract/entities";
import { MESSAGES } from "../contract/rules";
import { requireAccountAccess, type Access } from "../authz";
import { badRequest, conflict, notFound } from "../http-errors";
import { assertEnumValues } from "../repositories/enums";
import { getStrategy } from "../repositories/strategies";
import {
  createOrganization,
  getOrganization,
  getOrganizationByStrategy,
  organizationAccountId,
  toOrganizationDto,
  updateOrganization,
  type OrganizationFields,
} from "../repositories/organizations";
import type { OrganizationRow } from "../../../db/schema";
import { errors, params } from "./shared";

/**
 * The full organization; the DAF fields may be left out (the foundation screens edit only the LLC
 * fields), in which case the stored ones stay.
 */
const organizationPutBody = organizationPut.extend({
  donor_advised_fund: organizationPut.shape.donor_advised_fund.optional(),
  custodian: organizationPut.shape.custodian.optional(),
});

/**
 * What was filed with the foundation: once its strategy is submitted (entry_completed_at set) the
 * edit screen shows these disabled, and the server keeps them as stored. Sending them back
 * unchanged is fine (the web always sends the full organization).
 */
const FIXED_AFTER_SUBMISSION = {
  name_1: (o: OrganizationRow) => o.name1,
  name_2: (o: OrganizationRow) => o.name2,
  registered_state: (o: OrganizationRow) => o.registeredState,
  activity_is_investment: (o: OrganizationRow) => o.activityIsInvestment,
} as const satisfies Partial<Record<keyof OrganizationFields, (o: OrganizationRow) => unknown>>;

function assertFiledFieldsUnchanged(stored: OrganizationRow, put: OrganizationFields): void {
  for (const [field, storedValue] of Object.entries(FIXED_AFTER_SUBMISSION) as [keyof typeof FIXED_AFTER_SUBMISSION, (o: OrganizationRow) => unknown][]) {
    if (put[field] !== storedValue(stored)) throw conflict(`${field} cannot be changed after the foundation is submitted`, field);
  }
}

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const strategyAccount = (request: FastifyRequest, strategyId: number, access: Access): number => {
    const s = getStrategy(app.db, strategyId);
    if (!s) throw notFound("Strategy");
    requireAccountAccess(request, s.accountId, access, "Strategy");
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
      strategyAccount(request, b.strategy_id, "write");
      assertEnumValues(app.db, { registered_state: b.registered_state });
      return reply.status(201).send(toOrganizationDto(createOrganization(app.db, b.strategy_id, b)));
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
      const accountId = organizationAccountId(app.db, organizationId);
      if (accountId === undefined) throw notFound("Organization");
      requireAccountAccess(request, accountId, "write", "Organization");
      const stored = getOrganization(app.db, organizationId)!;
      if (getStrategy(app.db, stored.strategyId)?.entryCompletedAt) assertFiledFieldsUnchanged(stored, request.body);
      const daf = request.body.donor_advised_fund === undefined ? stored.donorAdvisedFund : request.body.donor_advised_fund;
      const custodian = request.body.custodian === undefined ? stored.custodian : request.body.custodian;
      // §5: a DAF needs a custodian ("None" is not allowed).
      if (daf && !custodian) throw badRequest("custodian", `custodian: ${MESSAGES.required}`);
      assertEnumValues(app.db, { registered_state: request.body.registered_state, custodian: request.body.custodian });
      return toOrganizationDto(updateOrganization(app.db, organizationId, request.body));
    },
  );

  app.get(
    "/api/organizations/:organizationId",
    { schema: { tags: ["organizations"], summary: "One organization", params: params.organizationId, response: { 200: organization, ...errors } } },
    async (request) => {
      const row = getOrganization(app.db, request.params.organizationId);
      if (!row) throw notFound("Organization");
      strategyAccount(request, row.strategyId, "read");
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
      strategyAccount(request, request.params.strategyId, "read");
      const row = getOrganizationByStrategy(app.db, request.params.strategyId);
      return row ? toOrganizationDto(row) : null;
    },
  );
};
