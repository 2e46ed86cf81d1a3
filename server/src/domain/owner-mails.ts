// Emailing add-on owners a link to verify their identity (the workflow behind
// POST /api/sumsub/send_sumsub_emails; the route does HTTP and hands in the provider and mail calls).
// Owner verification mails can't be turned into a mail cannon (docs/architecture.md, The record's
// rules): at most
// OWNER_MAILS_PER_HOUR mails per account in any rolling hour. The count is read from the audit
// trail (one owner_mail.send row per mail, written with the mail's sumsub_email_sent_at), so it
// survives restarts and holds across processes.
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../../db/engine";
import type { PersonRow } from "../../../db/schema";
import { parseTimestamp, timestampNow } from "../contract/rules";
import { displayName, getPerson, updatePersonSystemColumns } from "../repositories/persons";
import { getAccount } from "../repositories/accounts";
import { listOrganizationsOfAccount } from "../repositories/organizations";
import { invalid } from "./errors";
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

export type OwnerMailResult = { person_id: number; status: "sent" | "already_verified"; sumsub_email_sent_at: string | null };

export interface OwnerMailSteps {
  /** reissue=true ('Update license'): verified owners are emailed a fresh link too. */
  reissue: boolean;
  /** A verification link for the owner from the identity provider. */
  link(owner: PersonRow, identifiers: { email: string; phone: string | undefined }): Promise<string>;
  /** Sends the mail; throws when it cannot (nothing more is sent or recorded). */
  mail(owner: PersonRow, invitation: { to: string; inviterName: string; llcName: string | null; link: string }): Promise<void>;
  /** The owner's phone as the provider wants it (E.164), if any. */
  phoneOf(phone: string | null): string | undefined;
}

/**
 * Emails each listed add-on owner a verification link and records each send (the owner's
 * sumsub_email_sent_at and its audit row). Refuses (400) a primary holder or an owner without an
 * email, before anything is sent; answers { ok: false } when the mails would exceed the hourly limit.
 */
export async function sendOwnerVerificationMails(
  db: Executor,
  request: FastifyRequest,
  accountId: number,
  targets: PersonRow[],
  steps: OwnerMailSteps,
): Promise<({ ok: true; results: OwnerMailResult[] }) | { ok: false; retryAfterSeconds: number }> {
  for (const t of targets) {
    if (t.accountPrimaryHolder || !t.isAddon) throw invalid("person_ids", "Only additional owners are emailed a verification link (the primary holder verifies in the creation flow)");
    if (!t.email) throw invalid("person_ids", "An owner without an email address cannot be emailed");
  }
  const holderId = (await getAccount(db, accountId))?.primaryAccountHolder;
  const holder = holderId ? await getPerson(db, holderId) : undefined;
  const inviterName = holder ? displayName(holder) : "The account holder";
  // The invitation names the LLC the owner joins: the account's first named organization.
  const llcName = (await listOrganizationsOfAccount(db, accountId)).find((o) => o.name1)?.name1 ?? null;

  // Without reissue (the Approve flow, the resend button) an owner whose check is complete is
  // not emailed again: Approve lists every owner and must not re-mail the verified ones.
  // With reissue=true ('Update license' on /edit-others, where only verified owners can be
  // selected) every listed owner is emailed a fresh link, verified ones included: the founder
  // named them explicitly, and a license update is a new check only the owner can make. The
  // owner stays verified (sumsub_completed_at is kept) until the provider reviews again.
  const skip = (t: PersonRow) => !steps.reissue && t.sumsubReviewAnswer === "GREEN" && Boolean(t.sumsubCompletedAt);
  const allowance = await ownerMailAllowance(db, accountId, targets.filter((t) => !skip(t)).length);
  if (!allowance.ok) return allowance;
  const results: OwnerMailResult[] = [];
  for (const t of targets) {
    if (skip(t)) {
      results.push({ person_id: t.personId, status: "already_verified", sumsub_email_sent_at: t.sumsubEmailSentAt });
      continue;
    }
    const email = t.email!;
    const link = await steps.link(t, { email, phone: steps.phoneOf(t.phone) });
    await steps.mail(t, { to: email, inviterName, llcName, link });
    const sentAt = timestampNow();
    await recordOwnerMail(db, request, t, sentAt);
    results.push({ person_id: t.personId, status: "sent", sumsub_email_sent_at: sentAt });
  }
  return { ok: true, results };
}
