// Runs the second-factor gate (requirements §4) whenever the session changes: chooses mfa-enroll,
// mfa-verify or reset-password, or lets the user through — after 1 s, while the sign-in
// screen fades out.
import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { startTransition, useEffect, useRef } from "react";
import { useLoadingOverlay } from "@/components/ui/loading-overlay";
import { getSupabase } from "@/lib/supabase";
import { TIMINGS } from "@/lib/timings";
import { authFinishedAtom, sessionAtom } from "@/stores/session";
import { describeAuthError } from "./errors";
import { decideGate } from "./mfa-gate";
import { authErrorAtom, authViewAtom, gateFadingAtom, mfaSkippedAtom, resetModeAtom } from "./store";

/** `onPassed` runs as the 1 s starts: the app fetches what the next screen needs during it. */
export function useSignInGate(onPassed?: () => void): void {
  const session = useAtomValue(sessionAtom);
  const skipped = useAtomValue(mfaSkippedAtom);
  const resetMode = useAtomValue(resetModeAtom);
  const [view, setView] = useAtom(authViewAtom);
  const setError = useSetAtom(authErrorAtom);
  const setFading = useSetAtom(gateFadingAtom);
  const setFinished = useSetAtom(authFinishedAtom);
  const overlay = useLoadingOverlay();
  const token = session?.access_token;
  const passed = useRef(onPassed);
  useEffect(() => {
    passed.current = onPassed;
  });
  // The success message after a reset waits for the user's Continue.
  const holding = view === "password-reset-success";

  useEffect(() => {
    if (!token || holding) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    getSupabase()
      .auth.mfa.getAuthenticatorAssuranceLevel()
      .then(({ data, error }) => {
        if (cancelled) return;
        if (error) {
          const described = describeAuthError(error);
          if (described) setError(described);
          return;
        }
        const decision = decideGate({ currentLevel: data.currentLevel, nextLevel: data.nextLevel, skipped, resetMode });
        if (decision === "passed") {
          // The 'Loading...' overlay covers the fade until the app takes over.
          overlay.show(TIMINGS.mfaPassedDelayMs);
          passed.current?.();
          setFading(true);
          // A transition: React renders the signed-in screens in slices, yielding to the browser,
          // instead of one long task as the founder arrives.
          timer = setTimeout(() => startTransition(() => setFinished(true)), TIMINGS.mfaPassedDelayMs);
        } else {
          setFading(false);
          setView(decision);
        }
      });
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
    // overlay.show is stable (useCallback over a Jotai setter).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, holding, skipped, resetMode, setError, setFading, setFinished, setView]);
}
