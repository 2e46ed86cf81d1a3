// Who may touch what, in one place: a caller owns one account, and anything outside it is 404; admin
// and super may READ any account (in production with a second factor).
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/engine";
import { ACCOUNT_HOLDER_ROLE, hasRoles, STAFF_ROLES, type Role, type RoleRequirement } from "./contract/roles";
import { writeAudit, type AuditAction, type AuditDetail, type AuditEntry } from "./repositories/audit";
import { accountSubmitted } from "./repositories/strategies";
import { forbidden, insufficientAal, notFound, unauthorized } from "./errors";

export interface Caller {
  userId: string;
  email: string | null;
  roles: Role[];
  aal: string | null;
  /** The caller's account, or null until GET /api/accounts/user/{sub} has created it. */
  accountId: number | null;
}

export function isStaff(caller: Caller): boolean {
  return hasRoles(caller.roles, STAFF_ROLES);
}

export type Access = "read" | "write";

export function canAccessAccount(caller: Caller, accountId: number, access: Access): boolean {
  if (caller.accountId === accountId) return true;
  return access === "read" && isStaff(caller);
}

export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

/** Throws 404 (never 403) when the account is not the caller's: no hint that it exists. */
export function requireAccountAccess(
  request: FastifyRequest,
  accountId: number,
  access: Access,
  what = "Account",
): void {
  if (!canAccessAccount(requireCaller(request), accountId, access)) throw notFound(what);
}

/** A staff read of what is not the caller's own: in production only at aal2 (docs/security.md). */
export function requireStaffAssurance(request: FastifyRequest): Caller {
  const caller = requireCaller(request);
  if (request.server.config.env === "production" && caller.aal !== "aal2") throw insufficientAal();
  return caller;
}

/** The caller's own account id; 404 when it has not been created yet. */
export function requireOwnAccountId(request: FastifyRequest): number {
  const { accountId } = requireCaller(request);
  if (accountId === null) throw notFound("Account");
  return accountId;
}

/** 403 unless the caller's roles meet the requirement (the same requirements the web's guards read). */
export function requireRoles(request: FastifyRequest, required: RoleRequirement): Caller {
  return requireCallerRoles(requireCaller(request), required);
}

function requireCallerRoles(caller: Caller, required: RoleRequirement): Caller {
  if (!hasRoles(caller.roles, required)) throw forbidden(`Requires ${describeRequirement(required)}`);
  return caller;
}

/** "PUT /api/persons/:personId": the route pattern, never the URL (no ids or query values). */
export function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? "unknown"}`;
}

/** After submission the record is edited only through the edit screens, which need role user (403). */
export async function requireRecordWriter(db: Executor, caller: Caller, accountId: number): Promise<void> {
  requireRecordWriterOf(caller, await accountSubmitted(db, accountId));
}

/** requireRecordWriter when whether the account is submitted was already read (with the row it writes). */
export function requireRecordWriterOf(caller: Caller, submitted: boolean): void {
  if (submitted) requireCallerRoles(caller, ACCOUNT_HOLDER_ROLE);
}

export interface Actor {
  caller: Caller;
  route: string;
}

/** The signed-in caller and the route they act through: what the domain is handed instead of the request. */
export function actorOf(request: FastifyRequest): Actor {
  return { caller: requireCaller(request), route: routeOf(request) };
}

/** requireAccountAccess for reads; a staff read of another account also needs recordStaffRead. */
export async function requireAccountRead(
  db: Executor,
  request: FastifyRequest,
  accountId: number,
  what = "Account",
): Promise<void> {
  requireAccountAccess(request, accountId, "read", what);
  if (requireCaller(request).accountId === accountId) return;
  await recordStaffRead(db, request, accountId);
}

/** A staff read of another account, or of the whole trail (null): checked, then recorded. */
export async function recordStaffRead(db: Executor, request: FastifyRequest, accountId: number | null): Promise<void> {
  const caller = requireStaffAssurance(request);
  await writeAudit(db, {
    accountId,
    actor: { type: "staff", id: caller.userId },
    action: "staff.read",
    entity: { type: accountId === null ? "audit_trail" : "account", id: accountId },
    fields: [],
    route: routeOf(request),
  });
}

function describeRequirement(required: RoleRequirement): string {
  if (typeof required === "string") return `the role ${required}`;
  if ("allOf" in required) return `all of the roles: ${required.allOf.join(", ")}`;
  return `one of the roles: ${required.anyOf.join(", ")}`;
}

/** The signed-in caller as the audit trail names them: staff when acting on an account that is not theirs. */
function auditActorOf(actor: Actor, accountId: number | null): AuditEntry["actor"] {
  const { caller } = actor;
  return { type: caller.accountId !== accountId && isStaff(caller) ? "staff" : "user", id: caller.userId };
}

/** The audit entry of an actor's change (docs/decisions/0021-audit-trail.md), written in the change's transaction. */
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
