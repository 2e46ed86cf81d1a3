// The identity-verification widget: Sumsub's own React component, unmodified, with the product's
// settings (English, the app's theme) and the few events the creation flow needs. It knows nothing
// of the app: the caller supplies token fetching and reacts to the callbacks. The iframe's origin
// comes from `baseUrl` (the app config's identityUrl) or, failing that, from the token itself.
// Default-exported so screens can React.lazy() it and keep the SDK out of the main bundle.
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import SumsubWebSdk from "@sumsub/websdk-react";
import type { ApplicantReview, ReviewAnswer } from "@contract/sumsub";

interface IdentityCheckProps {
  /** Fetches a fresh SDK access token from the product API (POST /api/sumsub/access_token). */
  getAccessToken(): Promise<string>;
  /** The widget loaded (or created) the person's applicant: the caller saves the applicant id. */
  onApplicantLoaded?(applicantId: string): void;
  /** The review finished. The caller asks the server to confirm; this is a UX signal only. */
  onCompleted?(reviewAnswer: ReviewAnswer): void;
  /** Whether the provider is reviewing what was submitted (the widget then says 'Under review'). */
  onReviewing?(reviewing: boolean): void;
  /** Widget origin, exactly (no trailing slash): e.g. the local emulator's URL. */
  baseUrl?: string;
  /** The app's theme: the widget starts in it and follows a toggle (Sumsub's light and dark themes). */
  theme?: "light" | "dark";
  className?: string;
}

/** The fields of the widget's status message this component reads (Sumsub's review shape). */
type StatusPayload = Partial<Pick<ApplicantReview, "reviewStatus" | "reviewResult">>;

interface ApplicantLoadedPayload {
  applicantId?: string;
}

const WIDGET_LANG = "en";
const FRAME_TITLE = "Identity verification";

/**
 * The SDK creates its iframe without a title, which screen readers (and axe) need to name the
 * frame; add one whenever the SDK (re)creates the iframe.
 */
function useFrameTitle(container: RefObject<HTMLDivElement | null>, active: boolean): void {
  useEffect(() => {
    const root = container.current;
    if (!active || !root) return;
    const name = () =>
      root.querySelectorAll("iframe:not([title])").forEach((f) => f.setAttribute("title", FRAME_TITLE));
    name();
    const observer = new MutationObserver(name);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [container, active]);
}

function logTokenFailure(err: unknown): void {
  // Requirements §8: a token failure is logged with this message (never the token itself).
  console.error("Failed to get access token", err instanceof Error ? err.message : err);
}

type TokenState = { status: "loading" } | { status: "ready"; token: string } | { status: "failed" };

function IdentityCheck({
  getAccessToken,
  onApplicantLoaded,
  onCompleted,
  onReviewing,
  baseUrl,
  theme = "light",
  className,
}: IdentityCheckProps) {
  const [state, setState] = useState<TokenState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  // The SDK component reads its props once, at mount; route callbacks through refs so the
  // latest ones run without remounting (which would restart the person's session).
  const callbacks = useRef({ getAccessToken, onApplicantLoaded, onCompleted, onReviewing });
  useEffect(() => {
    callbacks.current = { getAccessToken, onApplicantLoaded, onCompleted, onReviewing };
  });
  const reported = useRef<{ applicantId?: string; answer?: string }>({});
  // The SDK reads its config once, at mount; a later theme change goes to the frame through its
  // setTheme (idCheck.callSetTheme), so the founder's session in the widget is not restarted.
  const sdk = useRef<SumsubWebSdk>(null);
  const [mountTheme] = useState(theme);
  useEffect(() => {
    sdk.current?.setTheme(theme);
  }, [theme]);
  const container = useRef<HTMLDivElement>(null);
  useFrameTitle(container, state.status === "ready");

  // One token request per attempt, even when StrictMode runs the effect twice in development:
  // every token opens an SDK session, so a duplicate would only be thrown away.
  const request = useRef<{ attempt: number; token: Promise<string> } | null>(null);
  useEffect(() => {
    let cancelled = false;
    if (request.current?.attempt !== attempt) request.current = { attempt, token: callbacks.current.getAccessToken() };
    request.current.token
      .then((token) => {
        if (!cancelled) setState({ status: "ready", token });
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        logTokenFailure(err);
        setState({ status: "failed" });
      });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  // Called by the SDK when the widget reports `invalid-token` (expired): fetch a new one.
  const expirationHandler = useCallback(async (): Promise<string> => {
    try {
      return await callbacks.current.getAccessToken();
    } catch (err) {
      logTokenFailure(err);
      throw err;
    }
  }, []);

  const onMessage = useCallback((type: string, payload: unknown) => {
    if (type === "idCheck.onApplicantLoaded") {
      const { applicantId } = (payload ?? {}) as ApplicantLoadedPayload;
      if (applicantId && reported.current.applicantId !== applicantId) {
        reported.current.applicantId = applicantId;
        callbacks.current.onApplicantLoaded?.(applicantId);
      }
    } else if (type === "idCheck.onApplicantStatusChanged") {
      const { reviewStatus, reviewResult } = (payload ?? {}) as StatusPayload;
      const answer = reviewResult?.reviewAnswer;
      callbacks.current.onReviewing?.(
        reviewStatus === "pending" || reviewStatus === "queued" || reviewStatus === "onHold",
      );
      if (
        reviewStatus === "completed" &&
        (answer === "GREEN" || answer === "RED") &&
        reported.current.answer !== answer
      ) {
        reported.current.answer = answer;
        callbacks.current.onCompleted?.(answer);
      }
    }
  }, []);

  const onError = useCallback((error: unknown) => {
    console.error("Identity widget error", error);
  }, []);

  if (state.status === "loading") {
    return (
      <p role="status" className={className}>
        Loading identity verification…
      </p>
    );
  }
  if (state.status === "failed") {
    return (
      <div role="alert" className={className}>
        <p>We couldn't start identity verification.</p>
        <button
          type="button"
          onClick={() => {
            setState({ status: "loading" });
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </button>
      </div>
    );
  }
  return (
    <div ref={container} className={className}>
      <SumsubWebSdk
        // A new token (e.g. after "Try again") must start a new SDK session: the component
        // ignores prop changes, so remount it.
        key={state.token}
        accessToken={state.token}
        expirationHandler={expirationHandler}
        // The SDK matches message origins exactly: a trailing slash would fail silently.
        baseUrl={baseUrl?.replace(/\/+$/, "")}
        ref={sdk}
        config={{ lang: WIDGET_LANG, theme: mountTheme }}
        onMessage={onMessage}
        onError={onError}
      />
    </div>
  );
}

export default IdentityCheck;
