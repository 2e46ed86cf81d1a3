// The saving behaviour of requirements §4 shared by every step: 'Saving...', then navigation; an error
// is only logged.
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { TIMINGS } from "@/lib/timings";

/** Requirements §9: loading flag cleared 0.5 to 1 s after a save; navigation about 1 s after it (lib/timings). */
/** @internal */ export const SAVE_TIMINGS = {
  loadingClearMs: TIMINGS.saveLoadingClearMs,
  navigateMs: TIMINGS.postSaveNavigateMs,
} as const;

export interface SaveFlow {
  saving: boolean;
  /** On success navigates to `to` (a function is read after the action). Never throws. */
  save(action: () => Promise<unknown>, opts?: { to?: string | (() => string); what?: string }): Promise<boolean>;
}

export function useSaveFlow(): SaveFlow {
  const [saving, setSaving] = useState(false);
  const [, navigate] = useLocation();
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const save = useCallback<SaveFlow["save"]>(
    async (action, opts = {}) => {
      setSaving(true);
      try {
        await action();
      } catch (err) {
        // Requirements §8: save failures are only logged (no PII: the message, not the payload).
        console.error(`Failed to save${opts.what ? ` ${opts.what}` : ""}`, err instanceof Error ? err.message : err);
        setSaving(false);
        return false;
      }
      timers.current.push(setTimeout(() => setSaving(false), SAVE_TIMINGS.loadingClearMs));
      if (opts.to) {
        const to = typeof opts.to === "function" ? opts.to() : opts.to;
        timers.current.push(setTimeout(() => navigate(to), SAVE_TIMINGS.navigateMs));
      }
      return true;
    },
    [navigate],
  );
  return { saving, save };
}
