// Keeps the global auth atoms in step with supabase-js: the restored session (which also picks up
// a session arriving in the URL fragment from a mail link), and every auth event after that.
import { useSetAtom } from "jotai";
import { useEffect } from "react";
import { getSupabase } from "@/lib/supabase";
import { authFinishedAtom, authReadyAtom, sessionAtom } from "@/stores/auth";
import { clearPendingVerification } from "./pending-verification";
import { MFA_SKIPPED_KEY, resetModeAtom } from "./store";

export function useAuthListener(): void {
  const setSession = useSetAtom(sessionAtom);
  const setReady = useSetAtom(authReadyAtom);
  const setFinished = useSetAtom(authFinishedAtom);
  const setResetMode = useSetAtom(resetModeAtom);

  useEffect(() => {
    const auth = getSupabase().auth;
    let active = true;
    auth
      .getSession()
      .then(({ data }) => {
        if (!active) return;
        setSession(data.session);
      })
      .catch(() => undefined)
      .finally(() => {
        if (active) setReady(true);
      });
    const { data } = auth.onAuthStateChange((event, session) => {
      setSession(session);
      if (event === "SIGNED_IN") clearPendingVerification();
      if (event === "PASSWORD_RECOVERY") setResetMode(true);
      if (event === "SIGNED_OUT") {
        setFinished(false);
        // A skipped enrolment lasts for the signed-in session only (also when another tab signed out).
        localStorage.removeItem(MFA_SKIPPED_KEY);
      }
    });
    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, [setFinished, setReady, setResetMode, setSession]);
}
