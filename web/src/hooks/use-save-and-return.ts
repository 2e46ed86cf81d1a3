// How the edit screens and the RIA questionnaire save (requirements §4, §8): the shared save
// flow, back to the dashboard after it, and the screen's own toast for success or failure.
import { useCallback } from "react";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { useSaveFlow } from "./use-save-flow";

export interface SaveToasts {
  saved: string;
  failed: string;
}

/** `what` names the record in the failure's log line; `toasts` are the screen's words. */
export function useSaveAndReturn(
  what: string,
  toasts: SaveToasts,
): { saving: boolean; saveAndReturn(action: () => Promise<unknown>): Promise<void> } {
  const toast = useToast();
  const { saving, save } = useSaveFlow();
  const { saved, failed } = toasts;
  const saveAndReturn = useCallback(
    async (action: () => Promise<unknown>) => {
      const ok = await save(action, { what, to: paths.dashboard.getHref() });
      if (ok) toast.success(saved);
      else toast.error(failed);
    },
    [save, toast, what, saved, failed],
  );
  return { saving, saveAndReturn };
}
