// Strategies (requirements §7). Setting entry_completed_at (Approve) submits: the server decides
// (domain/submission.ts) and stamps its own time.
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { strategy, strategyCreate, strategyIdBody, strategyPut } from "../contract/entities";
import { actorOf, auditOf, requireAccountAccess, requireAccountRead, type Access } from "../authz";
import { notFound } from "../errors";
import { assertEnumValues } from "../repositories/enums";
import {
  createStrategy,
  getStrategy,
  listStrategies,
  setEntryCompletedAt,
  toStrategyDto,
} from "../repositories/strategies";
import { assertComplete, assertNotSubmitted } from "../domain/submission";
import { writeAudit } from "../repositories/audit";
import { timestampNow } from "../contract/rules";
import { getOrganizationByStrategy } from "../repositories/organizations";
import { createNotification } from "../repositories/notifications";
import { errors, params } from "./shared";
import type { StrategyRow } from "../../../db/schema";
import type { Executor } from "../../../db/engine";
import { submittedNotification } from "../contract/status-words";

export const strategyRoutes: FastifyPluginAsyncZod = async (app) => {
  const strategyFor = async (
    db: Executor,
    request: FastifyRequest,
    strategyId: number,
    access: Access,
  ): Promise<StrategyRow> => {
    const row = await getStrategy(db, strategyId);
    if (!row) throw notFound("Strategy");
    if (access === "read") await requireAccountRead(db, request, row.accountId, "Strategy");
    else requireAccountAccess(request, row.accountId, access, "Strategy");
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
      await assertEnumValues(app.db, { strategy_type });
      const row = await app.db.transaction(async (tx) => {
        const created = await createStrategy(tx, account_id, strategy_type);
        await writeAudit(
          tx,
          auditOf(actorOf(request), account_id, "strategy.create", { type: "strategy", id: created.strategyId }, [
            "strategy_type",
          ]),
        );
        return created;
      });
      return reply.status(201).send({ strategy_id: row.strategyId });
    },
  );

  app.get(
    "/api/strategies/:strategyId",
    {
      schema: {
        tags: ["strategies"],
        summary: "One strategy",
        params: params.strategyId,
        response: { 200: strategy, ...errors },
      },
    },
    async (request) => toStrategyDto(await strategyFor(app.db, request, request.params.strategyId, "read")),
  );

  app.put(
    "/api/strategies/:strategyId",
    {
      schema: {
        tags: ["strategies"],
        summary:
          "Submit the entry (Approve): any entry_completed_at with attested: true submits (400 naming attested without it), the server stamps its own time; 409 incomplete_entry names what is missing, 409 already_submitted once submitted",
        params: params.strategyId,
        body: strategyPut,
        response: { 200: strategy, ...errors },
      },
    },
    async (request) => {
      const row = await app.db.transaction(async (tx) => {
        const existing = await strategyFor(tx, request, request.params.strategyId, "write");
        assertNotSubmitted(existing);
        // null on an entry not yet submitted: nothing to do (the client's value is never stored).
        if (request.body.entry_completed_at === null) return existing;
        await assertComplete(tx, existing);
        const updated = await setEntryCompletedAt(tx, existing.strategyId, timestampNow());
        const name = (await getOrganizationByStrategy(tx, existing.strategyId))?.name1;
        const note = submittedNotification(name ?? "Your foundation");
        await createNotification(tx, existing.accountId, note.title, note.description);
        await writeAudit(
          tx,
          auditOf(
            actorOf(request),
            existing.accountId,
            "strategy.submit",
            { type: "strategy", id: existing.strategyId },
            ["entry_completed_at", "attested"],
          ),
        );
        return updated;
      });
      return toStrategyDto(row);
    },
  );

  app.get(
    "/api/strategies/strategy/account/:accountId",
    {
      schema: {
        tags: ["strategies"],
        summary: "Every strategy of an account",
        params: params.accountId,
        response: { 200: z.array(strategy), ...errors },
      },
    },
    async (request) => {
      await requireAccountRead(app.db, request, request.params.accountId);
      return (await listStrategies(app.db, request.params.accountId)).map(toStrategyDto);
    },
  );
};
