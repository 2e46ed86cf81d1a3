// Who acts and the entry that records it (docs/decisions/0021-audit-trail.md): written in the
// change's own transaction, so a rolled-back change leaves no row and an accepted one exactly one.
import { isStaff, type Caller } from "../authz";
import type { AuditAction, AuditDetail, AuditEntry } from "../repositories/audit";

/** Who acts, and through which route ("PUT /api/persons/:personId": the pattern, never the URL). */
export interface Actor {
  caller: Caller;
  route: string;
}

/** The signed-in caller as the audit trail names them: staff when acting on an account that is not theirs. */
export function auditActorOf(actor: Actor, accountId: number | null): AuditEntry["actor"] {
  const { caller } = actor;
  return { type: caller.accountId !== accountId && isStaff(caller) ? "staff" : "user", id: caller.userId };
}

export function auditOf(
  actor: Actor,
  accountId: number,
  action: AuditAction,
  entity: AuditEntry["entity"],
  fields: readonly string[],
  detail?: AuditDetail,
): AuditEntry {
  return {
    accountId,
    actor: auditActorOf(actor, accountId),
    action,
    entity,
    fields,
    route: actor.route,
    ...(detail ? { detail } : {}),
  };
}
