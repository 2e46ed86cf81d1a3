// Unsaved edits of the forms open when the session ended unasked, kept in this page's memory only
// (never the birthdate or SSN) for the same user on the same form (docs/decisions/0151).
import { atom } from "jotai";

export type KeptValues = Record<string, string | boolean>;

export interface KeptEdits {
  userId: string;
  /** e.g. "owner:12". */
  key: string;
  /** What the founder was editing, as the sign-in notice names it ("your profile"). */
  what: string;
  /** The changed fields only: a value nobody touched is read fresh from the record. */
  values: KeptValues;
  /** Changed fields that are never kept (PII), by the name the notice gives them. */
  notKept: string[];
}

const NEVER_KEPT: Readonly<Record<string, string>> = { ssn: "SSN", birthdate: "birthdate" };

export function keptEdits(userId: string, key: string, what: string, changed: KeptValues): KeptEdits {
  const entries = Object.entries(changed);
  return {
    userId,
    key,
    what,
    values: Object.fromEntries(entries.filter(([k]) => !(k in NEVER_KEPT))),
    notKept: entries.flatMap(([k]) => (NEVER_KEPT[k] ? [NEVER_KEPT[k]] : [])),
  };
}

export const keptEditsAtom = atom<readonly KeptEdits[]>([]);

/** One entry per form: a newer keep of the same form replaces the older one. */
export function withKept(list: readonly KeptEdits[], added: readonly KeptEdits[]): KeptEdits[] {
  const keys = new Set(added.map((k) => `${k.userId} ${k.key}`));
  return [...list.filter((k) => !keys.has(`${k.userId} ${k.key}`)), ...added];
}

type OpenForm = () => KeptEdits | null;
const openForms = new Set<OpenForm>();

/** A mounted form reports its unsaved edits (null when there are none) until it unmounts. */
export function trackOpenForm(form: OpenForm): () => void {
  openForms.add(form);
  return () => openForms.delete(form);
}

/** Read by the auth listener when the session ends unasked, before the forms unmount. */
export function unsavedEditsOfOpenForms(): KeptEdits[] {
  return [...openForms].flatMap((form) => form() ?? []);
}

function joined(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

function notKeptSentence(notKept: readonly string[]): string {
  if (!notKept.length) return "";
  return ` For your security, the ${joined(notKept)} you typed ${notKept.length > 1 ? "were" : "was"} not kept: enter ${notKept.length > 1 ? "them" : "it"} again.`;
}

export function keptEditsNotice(kept: readonly KeptEdits[]): string {
  const what = joined([...new Set(kept.map((k) => k.what))]);
  return (
    `Your changes to ${what} were not saved. Sign in again to return to the form with them filled in.` +
    notKeptSentence([...new Set(kept.flatMap((k) => k.notKept))])
  );
}

/** Said on the form once the kept edits are filled in again; `action` is the form's save button. */
export function keptEditsRestored(notKept: readonly string[], action: string): string {
  return (
    `Your changes that were not saved are filled in again. Check them, then press ${action} to save.` +
    notKeptSentence(notKept)
  );
}
