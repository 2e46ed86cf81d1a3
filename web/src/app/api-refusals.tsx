// App-wide answers to API refusals (docs/architecture.md, The trust boundary), whichever screen
// made the call: 401 means the auth service no longer honours the session (signed out elsewhere,
// banned, deleted): the local session ends, and the auth listener brings back the sign-in screen
// with the reason; 403 insufficient_aal brings back the sign-in gate on its second-factor prompt
// (the session is aal1 while a verified factor exists); 429 says when to try again.
import { useSetAtom } from "jotai";
import { useEffect } from "react";
import { useToast } from "@/components/ui/toast";
import { reopenGateAtom } from "@/features/auth/store";
import { onApiRefusal } from "@/lib/api-client";
import { getSupabase } from "@/lib/supabase";

/** Long enough to read a wait in minutes. */
const RATE_LIMIT_TOAST_MS = 8_000;

export function useApiRefusals(): void {
  const reopenGate = useSetAtom(reopenGateAtom);
  const toast = useToast();
  useEffect(
    () =>
      onApiRefusal((error) => {
        if (error.status === 429) {
          toast.error(error.message, RATE_LIMIT_TOAST_MS);
          return;
        }
        if (error.status === 401) {
          // Local only: the server has already ended the session. Its SIGNED_OUT event does the rest.
          void getSupabase()
            .auth.signOut({ scope: "local" })
            .catch(() => undefined);
          return;
        }
        // insufficient_aal: not an error to show, a step to take. Verifying upgrades the session,
        // whose new token re-runs the gate and lets the founder back to where they were.
        reopenGate("second-factor");
      }),
    [reopenGate, toast],
  );
}
