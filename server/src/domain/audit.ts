// The audit trail of a founder's record (docs/decisions/0021-audit-trail.md): who changed what,
// when, through which route;
// every identity result; every staff read of another account. A row is written in the same
// transaction as the change it records, so a refused or rolled-back change leaves no row and an
// accepted one exactly one. Only field NAMES are stored: never an SSN, a name, a birth date or any
// other value of the record (`detail` takes a few typed, non-PII facts).
import type { FastifyRequest } from "fastify";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { preparedWrite, type BoundWrite, type Executor } from "../../../db/engine";
import type { AuditEventRow } from "../../../db/schema";
import type * as schema from "../../../db/schema";
import { timestampNow } from "../contract/rules";
import type { AuditEntry as AuditEntryDto } from "../contract/audit";
import { isStaff, requireAccountAccess, requireCaller, type Access } from "../authz";

export type AuditAction =
  | "account.update"
  | "person.create"
  | "person.update"
  | "person.delete"
  | "strategy.create"
  | "strategy.submit"
  | "organization.create"
  | "organization.update"
  | "organization_user.create"
  | "organization_user.delete"
  | "identity.applicant"
  | "identity.review"
  | "owner_mail.send"
  | "staff.read";

/** Non-PII facts only: a review answer, an outcome, a count. */
export type AuditDetail = Record<string, string | number | boolean | null>;

export interface AuditEntry {
  accountId: number | null;
  actor: { type: AuditEventRow["actorType"]; id: string };
  action: AuditAction;
  entity: { type: string; id: number | null };
  fields: readonly string[];
  route: string;
  detail?: AuditDetail;
  /** The provider event recorded (webhook deduplication); unique across the table. */
  sourceEventId?: string;
}

const AUDIT_COLUMNS = ["at", "accountId", "actorType", "actorId", "action", "entityType", "entityId", "fields", "route", "detail", "sourceEventId"] as const;

/** The insert, prepared once per database: every accepted write runs it. */
const auditInsert = preparedWrite((q, { auditEvent }) => {
  const placeholders = Object.fromEntries(AUDIT_COLUMNS.map((c) => [c, sql.placeholder(c)])) as unknown as typeof schema.auditEvent.$inferInsert;
  return q.insert(auditEvent).values(placeholders);
});

export async function writeAudit(db: Executor, e: AuditEntry): Promise<void> {
  const { statement, values } = auditWrite(e);
  await statement.run(db, values);
}

/**
 * The audit row's insert with its values, to run beside the change it records (Executor.runTogether).
 * `at`: the change's own time when it has one (the row's updated_at), so both say the same instant.
 */
export function auditWrite(e: AuditEntry, at: string = timestampNow()): BoundWrite {
  return {
    statement: auditInsert,
    values: {
      at,
      accountId: e.accountId,
      actorType: e.actor.type,
      actorId: e.actor.id,
      action: e.action,
      entityType: e.entity.type,
      entityId: e.entity.id,
      fields: JSON.stringify(e.fields),
      route: e.route,
      detail: e.detail ? JSON.stringify(e.detail) : null,
      sourceEventId: e.sourceEventId ?? null,
    },
  };
}

/** "PUT /api/persons/:personId": the route pattern, never the URL (no ids or query values). */
export function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? "unknown"}`;
}

/** The signed-in caller as an actor: staff when acting on an account that is not theirs. */
export function actorOf(request: FastifyRequest, accountId: number | null): AuditEntry["actor"] {
  const caller = requireCaller(request);
  return { type: caller.accountId !== accountId && isStaff(caller) ? "staff" : "user", id: caller.userId };
}

/** An entry for a change the signed-in caller makes to an account's record through this route. */
export function auditOf(
  request: FastifyRequest,
  accountId: number,
  action: AuditAction,
  entity: AuditEntry["entity"],
  fields: readonly string[],
  detail?: AuditDetail,
): AuditEntry {
  return { accountId, actor: actorOf(request, accountId), action, entity, fields, route: routeOf(request), ...(detail ? { detail } : {}) };
}

/**
 * requireAccountAccess for reads, plus the audit row an auditor expects when staff read an account
 * that is not their own (what was read: the route names it).
 */
export async function requireAccountRead(db: Executor, request: FastifyRequest, accountId: number, what = "Account"): Promise<void> {
  requireAccountAccess(request, accountId, "read" satisfies Access, what);
  const caller = requireCaller(request);
  if (caller.accountId === accountId) return;
  await writeAudit(db, { ...auditOf(request, accountId, "staff.read", { type: "account", id: accountId }, []), actor: { type: "staff", id: caller.userId } });
}

export async function sourceEventRecorded(db: Executor, sourceEventId: string): Promise<boolean> {
  const { auditEvent } = db.t;
  return (await db.get(db.q.select({ id: auditEvent.auditId }).from(auditEvent).where(eq(auditEvent.sourceEventId, sourceEventId)))) !== undefined;
}

/** Sum of a numeric detail over an account's rows of one action since a time (rate limits). */
export async function auditDetailSumSince(db: Executor, accountId: number, action: AuditAction, key: string, since: string): Promise<{ total: number; oldest: string | null }> {
  const { auditEvent } = db.t;
  const row = await db.get(
    db.q
      .select({
        total: db.sumJsonNumber(auditEvent.detail, key),
        oldest: sql<string | null>`min(${auditEvent.at})`,
      })
      .from(auditEvent)
      .where(and(eq(auditEvent.accountId, accountId), eq(auditEvent.action, action), sql`${auditEvent.at} > ${since}`)),
  );
  return { total: Number(row?.total ?? 0), oldest: row?.oldest ?? null };
}

/** Newest first, `limit` rows before the audit id `before` (paging). */
export function listAudit(db: Executor, opts: { accountId?: number; limit: number; before?: number }): Promise<AuditEventRow[]> {
  const { auditEvent } = db.t;
  const conditions = [
    opts.accountId === undefined ? undefined : eq(auditEvent.accountId, opts.accountId),
    opts.before === undefined ? undefined : lt(auditEvent.auditId, opts.before),
  ].filter((c) => c !== undefined);
  return db.all(
    db.q
      .select()
      .from(auditEvent)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(auditEvent.auditId))
      .limit(opts.limit),
  );
}

export function toAuditDto(r: AuditEventRow): AuditEntryDto {
  return {
    audit_id: r.auditId,
    at: r.at,
    account_id: r.accountId,
    actor_type: r.actorType,
    actor_id: r.actorId,
    action: r.action,
    entity_type: r.entityType,
    entity_id: r.entityId,
    fields: JSON.parse(r.fields) as string[],
    route: r.route,
    detail: r.detail ? (JSON.parse(r.detail) as AuditDetail) : null,
  };
}
