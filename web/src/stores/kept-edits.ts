// Edits a save could not store because the session had ended (the API answered 401): kept in this
// page's memory only, so the founder finds them filled in again after signing in (docs/decisions/0151). Never
// in browser storage, never the birthdate or SSN, gone on a reload, and given back only to the
// same user on the same form.
import { atom } from "jotai";

export type KeptValues = Record<string, string | boolean>;

export interface KeptEdits {
  userId: string;
  /** Which form, and which record on it (e.g. "owner:12"). */
  key: string;
  /** What the founder was editing, as the sign-in notice names it ("your profile"). */
  what: string;
  values: KeptValues;
}

/** Identity fields are never kept: they are PII, and fixed on the edit screens anyway. */
const NEVER_KEPT = new Set(["ssn", "birthdate"]);

export function keepable(values: KeptValues): KeptValues {
  return Object.fromEntries(Object.entries(values).filter(([k]) => !NEVER_KEPT.has(k)));
}

export const keptEditsAtom = atom<KeptEdits | null>(null);

/** Said on the sign-in view while edits are kept. */
export function keptEditsNotice(kept: Pick<KeptEdits, "what">): string {
  return `Your changes to ${kept.what} were not saved. Sign in again to return to the form with them filled in.`;
}

/** Said on the form once the kept edits are filled in again. */
export const KEPT_EDITS_RESTORED =
  "Your changes that were not saved are filled in again. Check them, then press Done to save.";
