// The audit trail of a founder's record (docs/decisions/0021-audit-trail.md): who changed what,
// when, through which route; every identity result; every staff read of another account. A row is
// written in the same transaction as the change it records, so a refused or rolled-back change
// leaves no row and an accepted one exactly one. The rows themselves are repositories/audit.ts's;
// here: who the actor of a change is, and the entry that records it.
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

/** An entry for a change the actor makes to an account's record. */
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
