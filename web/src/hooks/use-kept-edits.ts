// Keeps a form's unsaved edits when the session ends unasked, and fills them in again for the same
// user on the same form (stores/kept-edits.ts).
import { useAtom } from "jotai";
import { useCallback, useEffect, useRef, useState } from "react";
import type { FormValues, ZodForm } from "@/components/forms";
import { keptEdits, keptEditsAtom, trackOpenForm, withKept, type KeptEdits } from "@/stores/kept-edits";
import { useCurrentUser } from "@/stores/session";

export interface KeptEditsBinding {
  restored: Pick<KeptEdits, "notKept"> | null;
  /** Keeps the form's unsaved edits now (a save refused because the session ended). */
  keep(): void;
}

/** `skip`: fields asked anew on each visit (e.g. an acknowledgement), never filled in again. */
export function useKeptEdits<V extends FormValues>(
  form: ZodForm<V>,
  key: string,
  what: string,
  skip: readonly (keyof V & string)[] = [],
): KeptEditsBinding {
  const [kept, setKept] = useAtom(keptEditsAtom);
  const user = useCurrentUser();
  // Decided once, on mount: these edits belong to this user and this form.
  const [restored] = useState(() => kept.find((k) => user && k.userId === user.id && k.key === key) ?? null);

  useEffect(() => {
    // Another user's edits are not theirs to find: dropped, not filled in; these are handed over.
    if (user) setKept((list) => list.filter((k) => k.userId === user.id && k !== restored));
    if (!restored) return;
    for (const [name, value] of Object.entries(restored.values))
      if (name in form.values && !skip.includes(name)) form.set(name as keyof V & string, value as V[keyof V & string]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // What the form would lose now, read when the session ends (the latest render's values).
  const unsaved = useRef<() => KeptEdits | null>(() => null);
  useEffect(() => {
    const changes = Object.entries(form.changes).filter(([name]) => !skip.includes(name));
    unsaved.current = () =>
      user && changes.length ? keptEdits(user.id, key, what, Object.fromEntries(changes) as FormValues) : null;
  });
  useEffect(() => trackOpenForm(() => unsaved.current()), []);

  const keep = useCallback(() => {
    const edits = unsaved.current();
    if (edits) setKept((list) => withKept(list, [edits]));
  }, [setKept]);

  return { restored, keep };
}
