// The audit trail as the API returns it (docs/decisions/0021-audit-trail.md). Pure module.
import { z } from "zod";
import { idParam } from "./entities";

const timestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/);

const auditEntry = z.object({
  audit_id: z.number().int().positive(),
  at: timestamp,
  account_id: z.number().int().nullable(),
  actor_type: z.enum(["user", "staff", "identity_provider"]),
  /** The auth user id, or the identity provider's name. */
  actor_id: z.string(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.number().int().nullable(),
  /** Names of the fields changed; never their values. */
  fields: z.array(z.string()),
  /** The route pattern, e.g. "PUT /api/persons/:personId". */
  route: z.string(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
});
export const auditPage = z.object({ entries: z.array(auditEntry) });
export const auditQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    /** An audit_id: entries older than it (the next page). */
    before: idParam.optional(),
  })
  .strict();

export type AuditEntry = z.infer<typeof auditEntry>;
