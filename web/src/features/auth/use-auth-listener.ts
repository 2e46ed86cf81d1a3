// Keeps the global auth atoms in step with supabase-js. A SIGNED_OUT the founder did not ask for here
// (a 401, a refused refresh, a sign-out elsewhere) sends them back to sign-in with a reason.
import { useSetAtom } from "jotai";
import { useEffect, useLayoutEffect, useRef } from "react";
import { getSupabase, hasSupabase, whenSupabase, type AuthOnlyClient } from "@/lib/supabase";
import { keptEditsAtom, unsavedEditsOfOpenForms, withKept } from "@/stores/kept-edits";
import { authFinishedAtom, authReadyAtom, sessionAtom } from "@/stores/session";
import { clearPendingVerification } from "./pending-verification";
import { isSigningOut } from "./sign-out";
import { MFA_SKIPPED_KEY, reopenGateAtom, resetModeAtom, signInNoticeAtom, verificationMailAtom } from "./store";

/** Whether this page may carry a session: theme-init.js decides it before the first paint. */
function mayHoldSession(): boolean {
  return document.documentElement.dataset.maySession === "true";
}

/** `onSignedOut` drops what the signed-in screens cached (their query cache lives in their lazy chunk). */
export function useAuthListener({ onSignedOut }: { onSignedOut?: () => void } = {}): void {
  const setSession = useSetAtom(sessionAtom);
  const setReady = useSetAtom(authReadyAtom);
  const setFinished = useSetAtom(authFinishedAtom);
  const setResetMode = useSetAtom(resetModeAtom);
  const reopenGate = useSetAtom(reopenGateAtom);
  const setNotice = useSetAtom(signInNoticeAtom);
  const setVerificationMail = useSetAtom(verificationMailAtom);
  const setKept = useSetAtom(keptEditsAtom);
  // The latest callback, without re-subscribing to auth events when it changes.
  const signedOut = useRef(onSignedOut);
  useEffect(() => {
    signedOut.current = onSignedOut;
  });

  // A page that can hold no session is signed out before the auth client arrives: /sign-in shows at once.
  useLayoutEffect(() => {
    if (!hasSupabase() && !mayHoldSession()) {
      setSession(null);
      setReady(true);
    }
  }, [setReady, setSession]);

  useEffect(() => {
    let active = true;
    let unsubscribe = () => undefined as void;
    const attach = (client: AuthOnlyClient) => {
      const auth = client.auth;
      // A SIGNED_OUT without a session before it (a provider's error redirect) is no sign-out to explain.
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
          setVerificationMail(null);
        }
        if (event === "PASSWORD_RECOVERY") setResetMode(true);
        if (event === "SIGNED_OUT") {
          if (wasSignedIn && !isSigningOut()) {
            // Before the gate closes and the forms unmount: what they hold unsaved is kept to come back to.
            const unsaved = unsavedEditsOfOpenForms();
            if (unsaved.length) setKept((list) => withKept(list, unsaved));
            reopenGate("signed-out");
          } else setFinished(false);
          // Once per sign-out: a second clear would cancel the sign-in screen's own queries for good.
          if (wasSignedIn) signedOut.current?.();
          localStorage.removeItem(MFA_SKIPPED_KEY);
        }
      });
      unsubscribe = () => data.subscription.unsubscribe();
    };
    // At once when the client is there (no auth event can slip by), else as soon as it arrives.
    if (hasSupabase()) attach(getSupabase());
    else void whenSupabase().then((client) => active && attach(client));
    return () => {
      active = false;
      unsubscribe();
    };
  }, [reopenGate, setFinished, setKept, setNotice, setReady, setResetMode, setSession, setVerificationMail]);
}
