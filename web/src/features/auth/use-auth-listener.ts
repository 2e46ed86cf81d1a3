// Keeps the global auth atoms in step with supabase-js: the restored session (which also picks up
// a session arriving in the URL fragment from a mail link), and every auth event after that.
// A SIGNED_OUT the founder did not ask for here (a 401 from the API ended the local session, a
// refresh was refused, another tab or device signed out) sends them back to sign-in with a reason.
import { useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { useEffect } from "react";
import { getSupabase } from "@/lib/supabase";
import { authFinishedAtom, authReadyAtom, sessionAtom } from "@/stores/session";
import { clearPendingVerification } from "./pending-verification";
import { isSigningOut } from "./sign-out";
import { MFA_SKIPPED_KEY, reopenGateAtom, resetModeAtom, signInNoticeAtom } from "./store";

export function useAuthListener(): void {
  const setSession = useSetAtom(sessionAtom);
  const setReady = useSetAtom(authReadyAtom);
  const setFinished = useSetAtom(authFinishedAtom);
  const setResetMode = useSetAtom(resetModeAtom);
  const reopenGate = useSetAtom(reopenGateAtom);
  const setNotice = useSetAtom(signInNoticeAtom);
  const queryClient = useQueryClient();

  useEffect(() => {
    const auth = getSupabase().auth;
    let active = true;
    // Whether this page had a session: a SIGNED_OUT without one (a provider's error redirect, a
    // stored session refused at start-up) is no sign-out to explain.
    let signedIn = false;
    auth
      .getSession()
      .then(({ data }) => {
        if (!active) return;
        signedIn ||= Boolean(data.session);
        setSession(data.session);
      })
      .catch(() => undefined)
      .finally(() => {
        if (active) setReady(true);
      });
    const { data } = auth.onAuthStateChange((event, session) => {
      const wasSignedIn = signedIn;
      signedIn = Boolean(session);
      setSession(session);
      if (event === "SIGNED_IN") {
        clearPendingVerification();
        setNotice(null);
      }
      if (event === "PASSWORD_RECOVERY") setResetMode(true);
      if (event === "SIGNED_OUT") {
        if (wasSignedIn && !isSigningOut()) reopenGate("signed-out");
        else setFinished(false);
        // Nothing of this account's data may show to whoever signs in next. Once per sign-out: a
        // second clear would cancel the sign-in screen's own queries in flight, for good.
        if (wasSignedIn) queryClient.clear();
        // A skipped enrolment lasts for the signed-in session only (also when another tab signed out).
        localStorage.removeItem(MFA_SKIPPED_KEY);
      }
    });
    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, [queryClient, reopenGate, setFinished, setNotice, setReady, setResetMode, setSession]);
}
