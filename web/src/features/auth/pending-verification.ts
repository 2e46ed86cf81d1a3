// The pendingEmailVerification record (requirements §3/§4): email and password held in localStorage
// between sign-up and the confirmed-email sign-in, so a reload restores the pending view.
import { readJson, writeJson } from "@/lib/storage";

export const PENDING_VERIFICATION_KEY = "pendingEmailVerification";

export interface PendingVerification {
  email: string;
  password: string;
}

function isPending(v: unknown): v is PendingVerification {
  return (
    typeof v === "object" &&
    v !== null &&
    typeof (v as PendingVerification).email === "string" &&
    typeof (v as PendingVerification).password === "string"
  );
}

/** A record that fails to parse is discarded (removed) and reads as null. */
export function readPendingVerification(): PendingVerification | null {
  return readJson(PENDING_VERIFICATION_KEY, isPending);
}

export function writePendingVerification(record: PendingVerification): void {
  writeJson(PENDING_VERIFICATION_KEY, record);
}

export function clearPendingVerification(): void {
  localStorage.removeItem(PENDING_VERIFICATION_KEY);
}
