// How the edit screens and the RIA questionnaire save (requirements §4, §8): the shared save
// flow, back to the dashboard after it, and the screen's own toast for success or failure. A save
// refused because the session ended (401) also calls `onSessionEnded`, so the screen can keep its
// edits for after the sign-in the app then asks for (hooks/use-kept-edits.ts).
import { useCallback } from "react";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { useSaveFlow } from "./use-save-flow";

export interface SaveToasts {
  saved: string;
  failed: string;
}

/** `what` names the record in the failure's log line; `toasts` are the screen's words. */
export function useSaveAndReturn(
  what: string,
  toasts: SaveToasts,
): { saving: boolean; saveAndReturn(action: () => Promise<unknown>, onSessionEnded?: () => void): Promise<void> } {
  const toast = useToast();
  const { saving, save } = useSaveFlow();
  const { saved, failed } = toasts;
  const saveAndReturn = useCallback(
    async (action: () => Promise<unknown>, onSessionEnded?: () => void) => {
      let ended = false;
      const watched = async () => {
        try {
          return await action();
        } catch (err) {
          ended = err instanceof ApiError && err.status === 401;
          throw err;
        }
      };
      const ok = await save(watched, { what, to: paths.dashboard.getHref() });
      if (ok) toast.success(saved);
      else toast.error(failed);
      if (ended) onSessionEnded?.();
    },
    [save, toast, what, saved, failed],
  );
  return { saving, saveAndReturn };
}
