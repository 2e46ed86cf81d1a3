// The two sides of kept edits (stores/kept-edits.ts): on the sign-in view, that the changes were
// not saved and where they will be; on the form, that they are filled in again.
import { useAtomValue } from "jotai";
import { keptEditsAtom, keptEditsNotice, keptEditsRestored, type KeptEdits } from "@/stores/kept-edits";

const NOTE = "rounded-md border border-divider bg-primary-tint px-3 py-2 text-base";

export function KeptEditsNotice() {
  const kept = useAtomValue(keptEditsAtom);
  return kept.length ? (
    <p role="status" className={NOTE}>
      {keptEditsNotice(kept)}
    </p>
  ) : null;
}

/** `action`: the form's save button, which the notice names. */
export function KeptEditsRestored({
  restored,
  action = "Done",
}: {
  restored: Pick<KeptEdits, "notKept"> | null;
  action?: string;
}) {
  return restored ? (
    <p role="status" className={NOTE}>
      {keptEditsRestored(restored.notKept, action)}
    </p>
  ) : null;
}
