// App-wide answers to API refusals (docs/architecture.md, The trust boundary;
// docs/architecture.md, The record's rules), whichever screen made the
// call: 403 insufficient_aal brings back the sign-in gate on its second-factor prompt (the session
// is aal1 while a verified factor exists), and 429 says when to try again.
import { useSetAtom } from "jotai";
import { useEffect } from "react";
import { useToast } from "@/components/ui/toast";
import { authViewAtom, gateFadingAtom } from "@/features/auth/store";
import { onApiRefusal } from "@/lib/api-client";
import { authFinishedAtom } from "@/stores/auth";

/** Long enough to read a wait in minutes. */
const RATE_LIMIT_TOAST_MS = 8_000;

export function useApiRefusals(): void {
  const setView = useSetAtom(authViewAtom);
  const setFading = useSetAtom(gateFadingAtom);
  const setFinished = useSetAtom(authFinishedAtom);
  const toast = useToast();
  useEffect(
    () =>
      onApiRefusal((error) => {
        if (error.status === 429) {
          toast.error(error.message, RATE_LIMIT_TOAST_MS);
          return;
        }
        // insufficient_aal: not an error to show, a step to take. Verifying upgrades the session,
        // whose new token re-runs the gate and lets the founder back to where they were.
        setFading(false);
        setView("mfa-verify");
        setFinished(false);
      }),
    [setFading, setFinished, setView, toast],
  );
}
