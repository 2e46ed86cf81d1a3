// The audit trail's rows (docs/decisions/0021-audit-trail.md): written in the same transaction as
// the change they record, read newest first, summed for rate limits. Only field NAMES are stored:
// never an SSN, a name, a birth date or any other value of the record (`detail` takes a few typed,
// non-PII facts). Who acts is authz.ts's (auditOf).
import { and, desc, eq, inArray, lt, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { preparedWrite, type Executor, type Tables } from "../../../db/engine";
import type { AuditEventRow } from "../../../db/schema";
import type * as schema from "../../../db/schema";
import { timestampNow } from "../contract/rules";
import type { AuditEntry as AuditEntryDto } from "../contract/audit";

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
  | "identity.reset"
  | "owner_mail.send"
  | "owner_mail.unsent"
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

const AUDIT_COLUMNS = [
  "at",
  "accountId",
  "actorType",
  "actorId",
  "action",
  "entityType",
  "entityId",
  "fields",
  "route",
  "detail",
  "sourceEventId",
] as const;

/** Prepared once per database: every accepted write runs it. Its values are named as AUDIT_COLUMNS. */
const auditInsert = preparedWrite((q, { auditEvent }) =>
  q
    .insert(auditEvent)
    .values(
      Object.fromEntries(
        AUDIT_COLUMNS.map((c) => [c, sql.placeholder(c)]),
      ) as unknown as typeof schema.auditEvent.$inferInsert,
    ),
);

/**
 * The same row for each row of `source` (none when it has none), `at` from its column; returns the
 * audit ids. In SQL: drizzle's insert().select() wants every column, the identity too (drizzle-orm#3608).
 */
export const auditInsertFrom = ({ auditEvent }: Tables, source: SQLWrapper, at: SQLWrapper): SQL => {
  const list = (item: (c: (typeof AUDIT_COLUMNS)[number]) => SQLWrapper) => sql.join(AUDIT_COLUMNS.map(item), sql`, `);
  const columns = list((c) => sql.identifier(auditEvent[c].name));
  const values = list((c) => (c === "at" ? at : sql.placeholder(c)));
  return sql`insert into ${auditEvent} (${columns}) select ${values} from ${source} returning ${auditEvent.auditId}`;
};

export async function writeAudit(db: Executor, e: AuditEntry, at?: string): Promise<void> {
  await auditInsert.run(db, auditValues(e, at));
}

/** The insert's values. `at`: the change's own time when it has one (the row's updated_at), so both say the same instant. */
export function auditValues(
  e: AuditEntry,
  at: string = timestampNow(),
): Record<(typeof AUDIT_COLUMNS)[number], unknown> {
  return {
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
  };
}

export async function sourceEventRecorded(db: Executor, sourceEventId: string): Promise<boolean> {
  const { auditEvent } = db.t;
  return (
    (await db.get(
      db.q.select({ id: auditEvent.auditId }).from(auditEvent).where(eq(auditEvent.sourceEventId, sourceEventId)),
    )) !== undefined
  );
}

/** Sum of a numeric detail over an account's rows of these actions since a time (rate limits). */
export async function auditDetailSumSince(
  db: Executor,
  accountId: number,
  actions: readonly AuditAction[],
  key: string,
  since: string,
): Promise<{ total: number; oldest: string | null }> {
  const { auditEvent } = db.t;
  const row = await db.get(
    db.q
      .select({
        total: db.sumJsonNumber(auditEvent.detail, key),
        oldest: sql<string | null>`min(${auditEvent.at})`,
      })
      .from(auditEvent)
      .where(
        and(
          eq(auditEvent.accountId, accountId),
          inArray(auditEvent.action, [...actions]),
          sql`${auditEvent.at} > ${since}`,
        ),
      ),
  );
  return { total: Number(row?.total ?? 0), oldest: row?.oldest ?? null };
}

/** Newest first, `limit` rows before the audit id `before` (paging). */
export function listAudit(
  db: Executor,
  opts: { accountId?: number; limit: number; before?: number },
): Promise<AuditEventRow[]> {
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
