// The pendingEmailVerification record (requirements §3/§4): which address the pending-verification
// view is waiting on, so a reload of the tab restores the view; once the view has timed out (or a
// sign-in met the unconfirmed address), that the sign-in view says where the mail went and offers it
// again, so a reload keeps that too.
//
// The password is never stored (docs/decisions/0141): it stays in the sign-in form's memory for the
// life of the view, so the automatic sign-in after confirmation works in the tab that signed up. The
// record holds the email only, in sessionStorage (this tab, gone when it closes), and is dropped
// when the view ends. A view restored by a reload has no password: on confirmation it asks for it.
import { readJson, writeJson } from "@/lib/storage";

/** @internal */ export const PENDING_VERIFICATION_KEY = "pendingEmailVerification";

export interface PendingVerification {
  email: string;
  /** The pending view is over: sign-in shows where the mail went, with 'Send the email again'. */
  timedOut?: boolean;
}

function isPending(v: unknown): v is PendingVerification {
  if (typeof v !== "object" || v === null) return false;
  const { email, timedOut } = v as PendingVerification;
  return typeof email === "string" && (timedOut === undefined || typeof timedOut === "boolean");
}

/** A record that fails to parse is discarded (removed) and reads as null. */
export function readPendingVerification(): PendingVerification | null {
  // An earlier version kept email and password in localStorage: whatever it left is wiped unread.
  localStorage.removeItem(PENDING_VERIFICATION_KEY);
  return readJson(PENDING_VERIFICATION_KEY, isPending, sessionStorage);
}

export function writePendingVerification(record: PendingVerification): void {
  writeJson(PENDING_VERIFICATION_KEY, { email: record.email, timedOut: record.timedOut }, sessionStorage);
}

export function clearPendingVerification(): void {
  sessionStorage.removeItem(PENDING_VERIFICATION_KEY);
  localStorage.removeItem(PENDING_VERIFICATION_KEY);
}
