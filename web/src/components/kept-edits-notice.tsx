// The two sides of kept edits (stores/kept-edits.ts): on the sign-in view, that the changes were
// not saved and where they will be; on the form, that they are filled in again.
import { useAtomValue } from "jotai";
import { KEPT_EDITS_RESTORED, keptEditsAtom, keptEditsNotice } from "@/stores/kept-edits";

const NOTE = "rounded-md border border-divider bg-primary-tint px-3 py-2 text-base";

export function KeptEditsNotice() {
  const kept = useAtomValue(keptEditsAtom);
  return kept ? (
    <p role="status" className={NOTE}>
      {keptEditsNotice(kept)}
    </p>
  ) : null;
}

export function KeptEditsRestored({ restored }: { restored: boolean }) {
  return restored ? (
    <p role="status" className={NOTE}>
      {KEPT_EDITS_RESTORED}
    </p>
  ) : null;
}
