// Where an additional owner's identity check stands (requirements §2 "Other owners": owners without a
// completed check are listed but disabled). The label tells the founder why.
import type { Person } from "@contract/entities";
import { parseTimestamp } from "@contract/rules";
import { IDENTITY_STATE } from "@contract/status-words";

export type OwnerStatus = { kind: "verified" } | { kind: "rejected" | "email-sent" | "awaiting"; label: string };

/** M/D/YYYY of a record timestamp (requirements §3: no trailing Z, UTC). */
function shortDate(ts: string): string {
  const d = parseTimestamp(ts);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
}

export function ownerStatus(
  p: Pick<Person, "sumsub_completed_at" | "sumsub_review_answer" | "sumsub_email_sent_at">,
): OwnerStatus {
  if (p.sumsub_review_answer === "RED")
    return { kind: "rejected", label: `Identity check ${IDENTITY_STATE.notPassed}` };
  if (p.sumsub_completed_at) return { kind: "verified" };
  if (p.sumsub_email_sent_at)
    return { kind: "email-sent", label: `Verification email sent ${shortDate(p.sumsub_email_sent_at)}` };
  return { kind: "awaiting", label: "Awaiting identity check" };
}

export function ownerName(p: Pick<Person, "first_name" | "last_name" | "email">): string {
  return [p.first_name, p.last_name].filter(Boolean).join(" ") || p.email || "Unnamed owner";
}
