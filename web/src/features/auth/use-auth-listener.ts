// Keeps the global auth atoms in step with supabase-js: the restored session (which also picks up
// a session arriving in the URL fragment from a mail link), and every auth event after that.
// A SIGNED_OUT the founder did not ask for here (a 401 from the API ended the local session, a
// refresh was refused, another tab or device signed out) sends them back to sign-in with a reason.
import { useSetAtom } from "jotai";
import { useEffect, useLayoutEffect, useRef } from "react";
import { getSupabase, hasSupabase, whenSupabase, type AuthOnlyClient } from "@/lib/supabase";
import { keptEditsAtom, unsavedEditsOfOpenForms, withKept } from "@/stores/kept-edits";
import { authFinishedAtom, authReadyAtom, sessionAtom } from "@/stores/session";
import { clearPendingVerification } from "./pending-verification";
import { isSigningOut } from "./sign-out";
import { MFA_SKIPPED_KEY, reopenGateAtom, resetModeAtom, signInNoticeAtom, verificationMailAtom } from "./store";

/**
 * Whether this page may carry a session (one stored by the auth client, or one or its error in the
 * URL from a mail link): theme-init.js decides it before the first paint, for the prerendered card
 * too, and marks the document.
 */
function mayHoldSession(): boolean {
  return document.documentElement.dataset.maySession === "true";
}

/**
 * `onSignedOut` drops what the signed-in screens cached (the app passes it in: the query cache lives
 * in their lazy chunk, so the sign-in path carries no query library).
 */
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

  // Before the auth client has arrived, a page that can hold no session is known to be signed out:
  // /sign-in shows at once, before the first paint (a layout effect), over the prerendered card.
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
          // Nothing of this account's data may show to whoever signs in next. Once per sign-out: a
          // second clear would cancel the sign-in screen's own queries in flight, for good.
          if (wasSignedIn) signedOut.current?.();
          // A skipped enrolment lasts for the signed-in session only (also when another tab signed out).
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
