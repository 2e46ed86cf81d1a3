// Accounts (requirements §7): the caller's account id (created on first lookup), RIA answers, all_data.
import { z } from "zod";
import { serializerCompiler, type FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { accountIdBody, accountPut, account, allData, RIA_REQUIRED } from "../contract/entities";
import { cacheUntilDbChanges } from "../cache/until-db-changes";
import { MESSAGES } from "../contract/rules";
import {
  actorOf,
  auditOf,
  isStaff,
  requireAccountAccess,
  requireAccountRead,
  requireCaller,
  requireRoles,
} from "../authz";
import { ACCOUNT_HOLDER_ROLE } from "../contract/roles";
import { invalid, notFound } from "../errors";
import {
  findAccountIdByUser,
  getAccount,
  getOrCreateAccountForUser,
  toAccountDto,
  updateAccountRia,
  type RiaChanges,
} from "../repositories/accounts";
import { readAllData } from "../domain/all-data";
import { assertEnumValues } from "../repositories/enums";
import { errors, params, sendJsonText } from "./shared";
import { writeAudit } from "../repositories/audit";

/** §5 asks for the RIA answers together: a PUT that sets any must leave all seven answered (first missing reported). */
function assertRiaComplete(stored: RiaChanges, changes: RiaChanges): void {
  if (!RIA_REQUIRED.some((field) => changes[field] !== undefined)) return;
  const missing = RIA_REQUIRED.find(
    (field) => (changes[field] === undefined ? stored[field] : changes[field]) === null,
  );
  if (missing) throw invalid(missing, `${missing}: ${MESSAGES.required}`);
}

const ALL_DATA_URL = "/api/accounts/:accountId/all_data";
/** The answer's text, checked against the contract as the app's serializer checks every answer. */
const allDataJson = serializerCompiler({ schema: allData, method: "GET", url: ALL_DATA_URL, httpStatus: "200" });
/**
 * all_data is loaded many times between two writes: its serialized answer is kept until any write, for
 * as many accounts as 16 MB of answers hold (about 3 KB each; 1,000 entries thrashed at 3,000 founders).
 */
const allDataCache = cacheUntilDbChanges<number, string>({
  name: "all_data",
  maxEntries: 10_000,
  maxBytes: 16 * 1024 * 1024,
  sizeOf: (json) => json.length,
});

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/accounts/user/:userId",
    {
      schema: {
        tags: ["accounts"],
        summary: "The caller's account id; the account is created on the first call",
        // Auth user ids are uuids; allow other id-like strings, never spaces or slashes.
        params: z.object({ userId: z.string().regex(/^[\w.:@|-]{1,100}$/, "Invalid user id format") }),
        response: { 200: accountIdBody, ...errors },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      if (request.params.userId === caller.userId) {
        const accountId = caller.accountId ?? (await getOrCreateAccountForUser(app.db, caller.userId));
        caller.accountId = accountId;
        return { account_id: accountId };
      }
      const other = isStaff(caller) ? await findAccountIdByUser(app.db, request.params.userId) : null;
      if (other === null) throw notFound("Account");
      await requireAccountRead(app.db, request, other);
      return { account_id: other };
    },
  );

  app.put(
    "/api/accounts/:accountId",
    {
      schema: {
        tags: ["accounts"],
        summary: "Update the account (the RIA questionnaire answers)",
        params: params.accountId,
        body: accountPut,
        response: { 200: account, ...errors },
      },
    },
    async (request) => {
      const { accountId } = request.params;
      requireAccountAccess(request, accountId, "write");
      // The questionnaire (/ria) is for account holders, as the web's route guard says.
      requireRoles(request, ACCOUNT_HOLDER_ROLE);
      const b = request.body;
      const row = await app.db.transaction(async (tx) => {
        const stored = await getAccount(tx, accountId);
        if (!stored) throw notFound("Account");
        assertRiaComplete(toAccountDto(stored), b);
        await assertEnumValues(tx, {
          ria_primary_goal: b.ria_primary_goal,
          ria_time_horizon_years: b.ria_time_horizon_years,
          ria_liquidity_needs: b.ria_liquidity_needs,
          ria_federal_effective_tax_rate: b.ria_federal_effective_tax_rate,
          ria_state: b.ria_state,
        });
        const before = toAccountDto(stored) as Record<string, unknown>;
        const fields = Object.entries(b)
          .filter(([field, value]) => value !== undefined && value !== before[field])
          .map(([field]) => field);
        const updated = await updateAccountRia(tx, accountId, b);
        if (!updated) throw notFound("Account");
        await writeAudit(
          tx,
          auditOf(actorOf(request), accountId, "account.update", { type: "account", id: accountId }, fields),
        );
        return updated;
      });
      return toAccountDto(row);
    },
  );

  app.get(
    ALL_DATA_URL,
    {
      schema: {
        tags: ["accounts"],
        summary: "The account with its primary holder, persons, strategies, organizations and owner links",
        params: params.accountId,
        response: { 200: allData, ...errors },
      },
    },
    async (request, reply) => {
      const { accountId } = request.params;
      await requireAccountRead(app.db, request, accountId);
      const json = await allDataCache(app.db, accountId, async () => allDataJson(await readAllData(app.db, accountId)));
      return sendJsonText(reply, json);
    },
  );
};
