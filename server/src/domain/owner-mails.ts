// Emailing add-on owners a verification link (POST /api/sumsub/send_sumsub_emails). The hourly
// allowance is taken, not just checked, under the account's lock before any mail is sent, so calls on
// any instance queue and see each other's rows; an unsent mail gives its share back (docs/decisions/0025).
import { createHash } from "node:crypto";
import type { Executor } from "../../../db/engine";
import type { PersonRow } from "../../../db/schema";
import { parseTimestamp, timestampNow } from "../contract/rules";
import { emailField } from "../contract/entities";
import { displayName, getPerson, updatePersonSystemColumns } from "../repositories/persons";
import { getAccount, lockAccount } from "../repositories/accounts";
import { listOrganizationsOfAccount } from "../repositories/organizations";
import { invalid, notFound, recordRule } from "../errors";
import { countRequest } from "../repositories/rate-limits";
import { isVerified } from "./persons";
import { auditOf, type Actor } from "../authz";
import { auditDetailSumSince, writeAudit, type AuditAction } from "../repositories/audit";

/** @internal */ export const OWNER_MAILS_PER_HOUR = 20;
/** Mails one address receives from all accounts in a day: free accounts cannot add up to a flood of one inbox. */
/** @internal */ export const OWNER_MAILS_PER_RECIPIENT_PER_DAY = 5;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const COUNTED: readonly AuditAction[] = ["owner_mail.send", "owner_mail.unsent"];

type Allowance = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Whether `count` more mails fit in the account's hour; if not, when the oldest leaves it. */
async function ownerMailAllowance(
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

function mailRow(actor: Actor, owner: PersonRow, action: "owner_mail.send" | "owner_mail.unsent", mailed: 1 | -1) {
  return {
    ...auditOf(actor, owner.accountId, action, { type: "person", id: owner.personId }, ["sumsub_email_sent_at"]),
    detail: { mailed },
  };
}

/** The per-recipient count's key: the mailbox lower-cased and hashed, so the table holds no address. */
const recipientKey = (email: string) =>
  `owner-mail-to:${createHash("sha256").update(email.trim().toLowerCase()).digest("hex")}`;

class OverRecipientLimit extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("over the per-recipient limit");
  }
}

/** Takes the allowances for `owners` and records their mails, all or none: a refusal rolls back every count. */
async function takeOwnerMails(
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
  link(owner: PersonRow, identifiers: { email: string; phone: string | undefined }): Promise<string>;
  mail(
    owner: PersonRow,
    invitation: { to: string; inviterName: string; llcName: string | null; link: string },
  ): Promise<void>;
  phoneOf(phone: string | null): string | undefined;
}

/** Emails each listed add-on owner a link and records it; refuses (400, 409) before anything is sent. */
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
    // An address stored before the mailbox rule is corrected first (docs/decisions/0190).
    if (!emailField.safeParse(t.email).success)
      throw invalid("person_ids", "An owner's email is not one plain address (name@example.com): correct it first");
  }
  const holderId = (await getAccount(db, accountId))?.primaryAccountHolder;
  const holder = holderId ? await getPerson(db, holderId) : undefined;
  // The sender mails strangers only for a verified founder (docs/security.md, Owner mails).
  if (!holder || !isVerified(holder))
    throw recordRule("incomplete_entry", "Owners are emailed once your own identity check is complete", {
      missing: ["primary_holder.identity_check"],
    });
  const inviterName = displayName(holder);
  const llcName = (await listOrganizationsOfAccount(db, accountId)).find((o) => o.name1)?.name1 ?? null;

  // Verified owners are mailed only on reissue ('Update license'), and stay verified until its review.
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
