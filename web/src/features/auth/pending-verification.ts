// The pendingEmailVerification record (requirements §3/§4): the address a pending verification waits
// on, in sessionStorage, so a reload restores the view. Never the password (docs/decisions/0141).
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
