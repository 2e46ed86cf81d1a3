// Keeps a form's edits when its save meets an ended session (401), and fills them in again when
// the same user comes back to the same form after signing in (stores/kept-edits.ts).
import { useAtom } from "jotai";
import { useCallback, useEffect, useState } from "react";
import type { FormValues, ZodForm } from "@/components/forms";
import { keepable, keptEditsAtom } from "@/stores/kept-edits";
import { useCurrentUser } from "@/stores/session";

export interface KeptEditsBinding {
  /** The kept edits were filled in on this visit. */
  restored: boolean;
  /** Call when a save was refused because the session ended: keeps the form's values. */
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
  const [restored] = useState(() => (kept && user && kept.userId === user.id && kept.key === key ? kept : null));

  useEffect(() => {
    // Another user's edits are not theirs to find: dropped, not filled in.
    if (kept && user && kept.userId !== user.id) setKept(null);
    if (!restored) return;
    for (const [name, value] of Object.entries(restored.values))
      if (name in form.values && !skip.includes(name)) form.set(name as keyof V & string, value as V[keyof V & string]);
    setKept(null);
    // Once, on mount: the edits are handed over, then no longer kept.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const { values } = form;
  const keep = useCallback(() => {
    if (user) setKept({ userId: user.id, key, what, values: keepable(values) });
  }, [user, setKept, key, what, values]);

  return { restored: Boolean(restored), keep };
}
