// Strategies (spec §7). A second Founder Foundation strategy is refused (409); setting
// entry_completed_at (Approve) writes a "submitted" notification in the same transaction.
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { strategy, strategyCreate, strategyIdBody, strategyPut } from "../contract/entities";
import { requireAccountAccess, type Access } from "../authz";
import { notFound } from "../http-errors";
import { assertEnumValues } from "../repositories/enums";
import { createStrategy, getStrategy, listStrategies, setEntryCompletedAt, toStrategyDto } from "../repositories/strategies";
import { getOrganizationByStrategy } from "../repositories/organizations";
import { createNotification } from "../repositories/notifications";
import { errors, params } from "./shared";
import type { StrategyRow } from "../../../db/schema";

export const strategyRoutes: FastifyPluginAsyncZod = async (app) => {
  const strategyFor = (request: FastifyRequest, strategyId: number, access: Access): StrategyRow => {
    const row = getStrategy(app.db, strategyId);
    if (!row) throw notFound("Strategy");
    requireAccountAccess(request, row.accountId, access, "Strategy");
    return row;
  };

  app.post(
    "/api/strategies/",
    {
      schema: {
        tags: ["strategies"],
        summary: "Create a strategy (at most one Founder Foundation per account)",
        body: strategyCreate,
        response: { 201: strategyIdBody, ...errors },
      },
    },
    async (request, reply) => {
      const { account_id, strategy_type } = request.body;
      requireAccountAccess(request, account_id, "write");
      assertEnumValues(app.db, { strategy_type });
      const row = createStrategy(app.db, account_id, strategy_type);
      return reply.status(201).send({ strategy_id: row.strategyId });
    },
  );

  app.get(
    "/api/strategies/:strategyId",
    { schema: { tags: ["strategies"], summary: "One strategy", params: params.strategyId, response: { 200: strategy, ...errors } } },
    async (request) => toStrategyDto(strategyFor(request, request.params.strategyId, "read")),
  );

  app.put(
    "/api/strategies/:strategyId",
    {
      schema: {
        tags: ["strategies"],
        summary: "Update a strategy (entry_completed_at on approval)",
        params: params.strategyId,
        body: strategyPut,
        response: { 200: strategy, ...errors },
      },
    },
    async (request) => {
      const existing = strategyFor(request, request.params.strategyId, "write");
      const { entry_completed_at } = request.body;
      const row = app.db.transaction((tx) => {
        const updated = setEntryCompletedAt(tx, existing.strategyId, entry_completed_at);
        if (!existing.entryCompletedAt && entry_completed_at) {
          const name = getOrganizationByStrategy(tx, existing.strategyId)?.name1;
          createNotification(tx, existing.accountId, "Foundation submitted", `${name ?? "Your foundation"} was submitted for review.`);
        }
        return updated;
      });
      return toStrategyDto(row);
    },
  );

  app.get(
    "/api/strategies/strategy/account/:accountId",
    {
      schema: { tags: ["strategies"], summary: "Every strategy of an account", params: params.accountId, response: { 200: z.array(strategy), ...errors } },
    },
    async (request) => {
      requireAccountAccess(request, request.params.accountId, "read");
      return listStrategies(app.db, request.params.accountId).map(toStrategyDto);
    },
  );
};
