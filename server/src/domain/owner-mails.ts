// Owner verification mails can't be turned into a mail cannon (issue 16): at most
// OWNER_MAILS_PER_HOUR mails per account in any rolling hour. The count is read from the audit
// trail (one owner_mail.send row per mail, written with the mail's sumsub_email_sent_at), so it
// survives restarts and holds across processes.
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../../db/engine";
import type { PersonRow } from "../../../db/schema";
import { parseTimestamp, timestampNow } from "../contract/rules";
import { updatePersonSystemColumns } from "../repositories/persons";
import { auditDetailSumSince, auditOf, writeAudit } from "./audit";

export const OWNER_MAILS_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

export type Allowance = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Whether `count` more mails fit in the account's hour; if not, when the oldest leaves it. */
export async function ownerMailAllowance(db: Executor, accountId: number, count: number, now = new Date()): Promise<Allowance> {
  if (count === 0) return { ok: true };
  const since = timestampNow(new Date(now.getTime() - HOUR_MS));
  const { total, oldest } = await auditDetailSumSince(db, accountId, "owner_mail.send", "mailed", since);
  if (total + count <= OWNER_MAILS_PER_HOUR) return { ok: true };
  const freeAt = oldest ? parseTimestamp(oldest).getTime() + HOUR_MS : now.getTime() + HOUR_MS;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) };
}

/** The mail's send time on the owner and its audit row, in one transaction. */
export function recordOwnerMail(db: Executor, request: FastifyRequest, owner: PersonRow, sentAt: string): Promise<void> {
  return db.transaction(async (tx) => {
    await updatePersonSystemColumns(tx, owner.personId, { sumsubEmailSentAt: sentAt });
    await writeAudit(tx, { ...auditOf(request, owner.accountId, "owner_mail.send", { type: "person", id: owner.personId }, ["sumsub_email_sent_at"]), detail: { mailed: 1 } });
  });
}
