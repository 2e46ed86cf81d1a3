// The identity-verification widget: Sumsub's own React component, unmodified, with the product's
// settings; the caller supplies token fetching and callbacks. Default-exported for React.lazy().
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import SumsubWebSdk from "@sumsub/websdk-react";
import type { ApplicantReview, ReviewAnswer } from "@contract/sumsub";

interface IdentityCheckProps {
  /** Fetches a fresh SDK access token from the product API (POST /api/sumsub/access_token). */
  getAccessToken(): Promise<string>;
  /** The widget loaded (or created) the person's applicant: the caller saves the applicant id. */
  onApplicantLoaded?(applicantId: string): void;
  /** The review finished: a UX signal only, the caller asks the server to confirm. */
  onCompleted?(reviewAnswer: ReviewAnswer): void;
  onReviewing?(reviewing: boolean): void;
  /** Widget origin, exactly (no trailing slash). */
  baseUrl?: string;
  theme?: "light" | "dark";
  className?: string;
}

type StatusPayload = Partial<Pick<ApplicantReview, "reviewStatus" | "reviewResult">>;

interface ApplicantLoadedPayload {
  applicantId?: string;
}

const WIDGET_LANG = "en";
const FRAME_TITLE = "Identity verification";

/** The SDK creates its iframe without the title screen readers need to name the frame. */
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

  // The SDK reads its props once: callbacks go through refs, as a remount restarts the session.
  const callbacks = useRef({ getAccessToken, onApplicantLoaded, onCompleted, onReviewing });
  useEffect(() => {
    callbacks.current = { getAccessToken, onApplicantLoaded, onCompleted, onReviewing };
  });
  const reported = useRef<{ applicantId?: string; answer?: string }>({});
  // A later theme change goes to the frame through its setTheme, without restarting the session.
  const sdk = useRef<SumsubWebSdk>(null);
  const [mountTheme] = useState(theme);
  useEffect(() => {
    sdk.current?.setTheme(theme);
  }, [theme]);
  const container = useRef<HTMLDivElement>(null);
  useFrameTitle(container, state.status === "ready");

  // One token request per attempt, even when StrictMode runs the effect twice: each opens a session.
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
        // A new token (after "Try again") starts a new session: the component ignores prop changes.
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
