// Emailing add-on owners a link to verify their identity (the workflow behind
// POST /api/sumsub/send_sumsub_emails; the route does HTTP and hands in the provider and mail calls).
// Owner verification mails can't be turned into a mail cannon (docs/decisions/0025): at most
// OWNER_MAILS_PER_HOUR mails per account in any rolling hour, counted in the database from the
// audit trail, so the limit survives restarts and holds across instances. The allowance is TAKEN, not just checked: one
// transaction locks the account's row, counts the hour's mails and records the new ones (each
// owner's sumsub_email_sent_at and an owner_mail.send row) before any is sent, so concurrent
// calls, on one instance or several, queue on the lock and the later ones see the earlier ones'
// rows. A mail that then cannot be sent gives its share back: an owner_mail.unsent row (mailed -1,
// the audit trail is append-only) and the owner's previous sumsub_email_sent_at.
import { createHash } from "node:crypto";
import type { Executor } from "../../../db/engine";
import type { PersonRow } from "../../../db/schema";
import { parseTimestamp, timestampNow } from "../contract/rules";
import { displayName, getPerson, updatePersonSystemColumns } from "../repositories/persons";
import { getAccount, lockAccount } from "../repositories/accounts";
import { listOrganizationsOfAccount } from "../repositories/organizations";
import { invalid, notFound, recordRule } from "../errors";
import { countRequest } from "../repositories/rate-limits";
import { isVerified } from "./verified-person";
import { auditOf, type Actor } from "./audit";
import { auditDetailSumSince, writeAudit, type AuditAction } from "../repositories/audit";

export const OWNER_MAILS_PER_HOUR = 20;
/** Mails one address receives from all accounts in a day: free accounts cannot add up to a flood of one inbox. */
export const OWNER_MAILS_PER_RECIPIENT_PER_DAY = 5;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The rows the hour's count sums (detail.mailed: +1 per recorded mail, -1 per mail given back). */
const COUNTED: readonly AuditAction[] = ["owner_mail.send", "owner_mail.unsent"];

export type Allowance = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Whether `count` more mails fit in the account's hour; if not, when the oldest leaves it. */
export async function ownerMailAllowance(
  db: Executor,
  accountId: number,
  count: number,
  now = new Date(),
): Promise<Allowance> {
  if (count === 0) return { ok: true };
  const since = timestampNow(new Date(now.getTime() - HOUR_MS));
  const { total, oldest } = await auditDetailSumSince(db, accountId, COUNTED, "mailed", since);
  if (total + count <= OWNER_MAILS_PER_HOUR) return { ok: true };
  const freeAt = oldest ? parseTimestamp(oldest).getTime() + HOUR_MS : now.getTime() + HOUR_MS;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) };
}

/** One owner mail's audit row: +1 when recorded, -1 when given back. */
function mailRow(actor: Actor, owner: PersonRow, action: "owner_mail.send" | "owner_mail.unsent", mailed: 1 | -1) {
  return {
    ...auditOf(actor, owner.accountId, action, { type: "person", id: owner.personId }, ["sumsub_email_sent_at"]),
    detail: { mailed },
  };
}

/** The per-recipient count's key in the shared rate-limit table: a hash, so the table holds no address. */
const recipientKey = (email: string) =>
  `owner-mail-to:${createHash("sha256").update(email.trim().toLowerCase()).digest("hex")}`;

class OverRecipientLimit extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("over the per-recipient limit");
  }
}

/**
 * Takes the allowance for `owners` and records their mails, in one transaction under the account's
 * lock: all of them, or (over a limit) none and when to retry. Each address's daily count is
 * taken in the same transaction (the rate-limit table every instance shares), so a refusal rolls
 * back every count it took.
 */
export async function takeOwnerMails(
  db: Executor,
  actor: Actor,
  accountId: number,
  owners: readonly PersonRow[],
  sentAt: string,
): Promise<Allowance> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await lockAccount(tx, accountId))) throw notFound("Account");
      const allowance = await ownerMailAllowance(tx, accountId, owners.length);
      if (!allowance.ok) return allowance;
      for (const owner of owners) {
        const { current, ttl } = await countRequest(tx, recipientKey(owner.email!), DAY_MS);
        if (current > OWNER_MAILS_PER_RECIPIENT_PER_DAY) throw new OverRecipientLimit(Math.ceil(ttl / 1000));
        await updatePersonSystemColumns(tx, owner.personId, { sumsubEmailSentAt: sentAt });
        await writeAudit(tx, mailRow(actor, owner, "owner_mail.send", 1));
      }
      return allowance;
    });
  } catch (err) {
    if (err instanceof OverRecipientLimit) return { ok: false, retryAfterSeconds: Math.max(1, err.retryAfterSeconds) };
    throw err;
  }
}

/** Gives back the share of mails that were recorded but not sent: their rows and send times. */
function giveBackOwnerMails(db: Executor, actor: Actor, owners: readonly PersonRow[]): Promise<void> {
  return db.transaction(async (tx) => {
    for (const owner of owners) {
      await updatePersonSystemColumns(tx, owner.personId, { sumsubEmailSentAt: owner.sumsubEmailSentAt });
      await writeAudit(tx, mailRow(actor, owner, "owner_mail.unsent", -1));
    }
  });
}

export type OwnerMailResult = {
  person_id: number;
  status: "sent" | "already_verified";
  sumsub_email_sent_at: string | null;
};

export interface OwnerMailSteps {
  /** reissue=true ('Update license'): verified owners are emailed a fresh link too. */
  reissue: boolean;
  /** A verification link for the owner from the identity provider. */
  link(owner: PersonRow, identifiers: { email: string; phone: string | undefined }): Promise<string>;
  /** Sends the mail; throws when it cannot (nothing more is sent). */
  mail(
    owner: PersonRow,
    invitation: { to: string; inviterName: string; llcName: string | null; link: string },
  ): Promise<void>;
  /** The owner's phone as the provider wants it (E.164), if any. */
  phoneOf(phone: string | null): string | undefined;
}

/**
 * Emails each listed add-on owner a verification link and records each send (the owner's
 * sumsub_email_sent_at and its audit row). Refuses (400) a primary holder or an owner without an
 * email, and (409) a founder not verified, before anything is sent; answers { ok: false } when the
 * mails would exceed the account's hourly or an address's daily limit.
 */
export async function sendOwnerVerificationMails(
  db: Executor,
  actor: Actor,
  accountId: number,
  targets: PersonRow[],
  steps: OwnerMailSteps,
): Promise<{ ok: true; results: OwnerMailResult[] } | { ok: false; retryAfterSeconds: number }> {
  for (const t of targets) {
    if (t.accountPrimaryHolder || !t.isAddon)
      throw invalid(
        "person_ids",
        "Only additional owners are emailed a verification link (the primary holder verifies in the creation flow)",
      );
    if (!t.email) throw invalid("person_ids", "An owner without an email address cannot be emailed");
  }
  const holderId = (await getAccount(db, accountId))?.primaryAccountHolder;
  const holder = holderId ? await getPerson(db, holderId) : undefined;
  // The product's sender mails strangers only for a founder whose identity it checked: an account
  // made in a minute cannot (docs/security.md, Owner mails).
  if (!holder || !isVerified(holder))
    throw recordRule("incomplete_entry", "Owners are emailed once your own identity check is complete", {
      missing: ["primary_holder.identity_check"],
    });
  const inviterName = displayName(holder);
  // The invitation names the LLC the owner joins: the account's first named organization.
  const llcName = (await listOrganizationsOfAccount(db, accountId)).find((o) => o.name1)?.name1 ?? null;

  // Without reissue (the Approve flow, the resend button) an owner whose check is complete is
  // not emailed again: Approve lists every owner and must not re-mail the verified ones.
  // With reissue=true ('Update license' on /edit-others, where only verified owners can be
  // selected) every listed owner is emailed a fresh link, verified ones included: the founder
  // named them explicitly, and a license update is a new check only the owner can make. The
  // owner stays verified (sumsub_completed_at is kept) until the provider reviews again.
  const skip = (t: PersonRow) => !steps.reissue && t.sumsubReviewAnswer === "GREEN" && Boolean(t.sumsubCompletedAt);
  const toMail = targets.filter((t) => !skip(t));
  const sentAt = timestampNow();
  const allowance = await takeOwnerMails(db, actor, accountId, toMail, sentAt);
  if (!allowance.ok) return allowance;
  for (const [i, t] of toMail.entries()) {
    const email = t.email!;
    try {
      const link = await steps.link(t, { email, phone: steps.phoneOf(t.phone) });
      await steps.mail(t, { to: email, inviterName, llcName, link });
    } catch (err) {
      await giveBackOwnerMails(db, actor, toMail.slice(i));
      throw err;
    }
  }
  return {
    ok: true,
    results: targets.map((t) =>
      skip(t)
        ? { person_id: t.personId, status: "already_verified" as const, sumsub_email_sent_at: t.sumsubEmailSentAt }
        : { person_id: t.personId, status: "sent" as const, sumsub_email_sent_at: sentAt },
    ),
  };
}
