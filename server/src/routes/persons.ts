// Persons (requirements §7): the primary holder's profile and the add-on owners (email unique per account).
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { okBody, person, personCreate, personIdBody, personPatch, personPut } from "../contract/entities";
import { MESSAGES, SSN_MASKED } from "../contract/rules";
import {
  actorOf,
  auditOf,
  requireAccountAccess,
  requireAccountRead,
  requireCaller,
  requireRecordWriter,
  type Access,
} from "../authz";
import { notFound, recordRule } from "../errors";
import { assertEnumValues } from "../repositories/enums";
import {
  assertEmailFree,
  createPerson,
  deletePerson,
  displayName,
  getPerson,
  getPersonForUpdate,
  listPersons,
  toPersonDto,
  type PersonFields,
} from "../repositories/persons";
import { accountSubmitted } from "../repositories/strategies";
import { missingRequiredFields } from "../contract/required-fields";
import { savePerson } from "../domain/persons";
import { writeAudit } from "../repositories/audit";
import { createNotification } from "../repositories/notifications";
import { errors, params } from "./shared";
import type { PersonRow } from "../../../db/schema";
import type { Executor } from "../../../db/engine";

const personCreateBody = personCreate.superRefine((v, ctx) => {
  if (v.ssn && SSN_MASKED.test(v.ssn)) ctx.addIssue({ code: "custom", path: ["ssn"], message: MESSAGES.ssn });
  if (v.is_addon && v.account_primary_holder) {
    ctx.addIssue({
      code: "custom",
      path: ["account_primary_holder"],
      message: "An add-on owner cannot be the primary account holder",
    });
  }
  for (const field of missingRequiredFields(v, v))
    ctx.addIssue({ code: "custom", path: [field], message: MESSAGES.required });
});

export const personRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The person, if it is in an account the caller may access this way; 404 otherwise. For writes, locked until `db`'s transaction ends. */
  const personFor = async (
    db: Executor,
    request: FastifyRequest,
    personId: number,
    access: Access,
  ): Promise<PersonRow> => {
    const row = access === "read" ? await getPerson(db, personId) : await getPersonForUpdate(db, personId);
    if (!row) throw notFound("Person");
    if (access === "read") {
      await requireAccountRead(db, request, row.accountId, "Person");
    } else {
      requireAccountAccess(request, row.accountId, access, "Person");
      await requireRecordWriter(db, requireCaller(request), row.accountId);
    }
    return row;
  };

  const checkFields = async (db: Executor, accountId: number, f: PersonFields, exceptPersonId?: number) => {
    await assertEnumValues(db, { state: f.state, marital_status: f.marital_status });
    await assertEmailFree(db, accountId, f.email, exceptPersonId);
  };

  app.post(
    "/api/persons/",
    {
      schema: {
        tags: ["persons"],
        summary: "Create the primary holder (profile) or an add-on owner (email only)",
        body: personCreateBody,
        response: { 201: personIdBody, ...errors },
      },
    },
    async (request, reply) => {
      const b = request.body;
      requireAccountAccess(request, b.account_id, "write");
      const given = (Object.keys(b) as (keyof typeof b)[]).filter((k) => b[k] !== undefined && b[k] !== null);
      const row = await app.db.transaction(async (tx) => {
        await requireRecordWriter(tx, requireCaller(request), b.account_id);
        await checkFields(tx, b.account_id, b);
        return createPerson(tx, app.ssn, b, async (inner, created) => {
          await writeAudit(
            inner,
            auditOf(actorOf(request), b.account_id, "person.create", { type: "person", id: created.personId }, given),
          );
          if (created.isAddon) {
            await createNotification(
              inner,
              b.account_id,
              "Owner added",
              `${displayName(created)} was added as an additional owner.`,
              created.personId,
            );
          }
        });
      });
      return reply.status(201).send({ person_id: row.personId });
    },
  );

  app.get(
    "/api/persons/:personId",
    {
      schema: {
        tags: ["persons"],
        summary: "One person (SSN masked)",
        params: params.personId,
        response: { 200: person, ...errors },
      },
    },
    async (request) => toPersonDto(await personFor(app.db, request, request.params.personId, "read")),
  );

  const writeRoute = (method: "PUT" | "PATCH", body: typeof personPut | typeof personPatch, summary: string) =>
    app.route({
      method,
      url: "/api/persons/:personId",
      schema: { tags: ["persons"], summary, params: params.personId, body, response: { 200: person, ...errors } },
      handler: async (request) =>
        toPersonDto(
          await savePerson(app.db, actorOf(request), app.ssn, request.params.personId, request.body as PersonFields),
        ),
    });
  writeRoute("PUT", personPut, "Replace a person's writable fields (a masked SSN keeps the stored one)");
  writeRoute("PATCH", personPatch, "Change some of a person's fields (a masked SSN keeps the stored one)");

  app.delete(
    "/api/persons/:personId",
    {
      schema: {
        tags: ["persons"],
        summary: "Delete a person and its organization links",
        params: params.personId,
        response: { 200: okBody, ...errors },
      },
    },
    async (request) => {
      await app.db.transaction(async (tx) => {
        const existing = await personFor(tx, request, request.params.personId, "write");
        if (existing.accountPrimaryHolder && (await accountSubmitted(tx, existing.accountId))) {
          throw recordRule(
            "fixed_after_submission",
            "The primary account holder cannot be removed after the foundation is submitted",
            { field: "person_id" },
          );
        }
        await deletePerson(tx, existing.personId);
        await writeAudit(
          tx,
          auditOf(actorOf(request), existing.accountId, "person.delete", { type: "person", id: existing.personId }, []),
        );
      });
      return { ok: true as const };
    },
  );

  app.get(
    "/api/persons/by_account/:accountId",
    {
      schema: {
        tags: ["persons"],
        summary: "Every person of an account",
        params: params.accountId,
        response: { 200: z.array(person), ...errors },
      },
    },
    async (request) => {
      await requireAccountRead(app.db, request, request.params.accountId);
      return (await listPersons(app.db, request.params.accountId)).map(toPersonDto);
    },
  );
};
