// App-wide answers to API refusals (docs/architecture.md, The trust boundary): 401 ends the local
// session, 403 insufficient_aal reopens the gate on its second factor, 429 says when to try again.
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
        // Not an error to show, a step to take: the upgraded session lets the founder back.
        reopenGate("second-factor");
      }),
    [reopenGate, toast],
  );
}
