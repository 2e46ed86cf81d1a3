// IdentityCheck in jsdom with the real @sumsub/websdk-react: the test plays the iframe's side of
// the SDK's postMessage protocol (as the emulator and Sumsub do) and checks what the component
// does with it: which callbacks fire, when, and how token expiry and token failure are handled.
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import IdentityCheck from "./identity-check";

const ORIGIN = "http://127.0.0.1:54330";
const TOKEN = "_act-sbx-jwt-e30=.eyJ1cmwiOiJodHRwOi8vMTI3LjAuMC4xOjU0MzMwIn0=.-v2";

afterEach(() => {
  vi.restoreAllMocks();
});

/** The widget's side: announce readiness, capture what the host posts back, send events. */
async function connectWidget() {
  // Let every commit and effect settle first: StrictMode mounts the SDK twice, and only the
  // second iframe stays connected.
  await act(async () => {});
  const iframe = await waitFor(() => {
    const el = document.querySelector("iframe");
    if (!el?.isConnected) throw new Error("no iframe yet");
    return el;
  });
  const frameId = /[?&]_=([^&]*)/.exec(iframe.getAttribute("src") ?? "")?.[1];
  const toWidget: Record<string, unknown>[] = [];
  vi.spyOn(iframe.contentWindow!, "postMessage").mockImplementation((msg: unknown) => {
    toWidget.push(msg as Record<string, unknown>);
  });
  const sessionId = "test-session";
  const send = (method: string, payload: Record<string, unknown> = {}) =>
    act(() => {
      window.dispatchEvent(new MessageEvent("message", { origin: ORIGIN, data: { method, sessionId, ...payload } }));
    });
  await send("idCheck.onReady", { frameId });
  return { iframe, toWidget, send };
}

describe("IdentityCheck", () => {
  it("mounts the SDK's iframe on the widget origin, titled, and reports the applicant once and the completed review", async () => {
    const onApplicantLoaded = vi.fn();
    const onCompleted = vi.fn();
    const getAccessToken = vi.fn().mockResolvedValue(TOKEN);
    render(
      <StrictMode>
        <IdentityCheck
          getAccessToken={getAccessToken}
          onApplicantLoaded={onApplicantLoaded}
          onCompleted={onCompleted}
          baseUrl={`${ORIGIN}/`}
        />
      </StrictMode>,
    );
    const { iframe, toWidget, send } = await connectWidget();
    expect(getAccessToken).toHaveBeenCalledTimes(1);
    expect(iframe.getAttribute("src")).toMatch(new RegExp(`^${ORIGIN}/websdk/websdk\\.html\\?_=id_`));
    await waitFor(() => expect(iframe).toHaveAttribute("title", "Identity verification"));
    expect(toWidget[0]).toMatchObject({ method: "idCheck.init", accessToken: TOKEN, lang: "en", theme: "light" });

    await send("idCheck.onApplicantLoaded", { applicantId: "a1" });
    await send("idCheck.onApplicantLoaded", { applicantId: "a1" });
    expect(onApplicantLoaded).toHaveBeenCalledExactlyOnceWith("a1");

    await send("idCheck.onApplicantStatusChanged", { reviewStatus: "pending" });
    await send("idCheck.onApplicantStatusChanged", {
      reviewStatus: "completed",
      reviewResult: { reviewAnswer: "YELLOW" },
    });
    expect(onCompleted).not.toHaveBeenCalled();
    await send("idCheck.onApplicantStatusChanged", {
      reviewStatus: "completed",
      reviewResult: { reviewAnswer: "GREEN" },
    });
    await send("idCheck.onApplicantStatusChanged", {
      reviewStatus: "completed",
      reviewResult: { reviewAnswer: "GREEN" },
    });
    expect(onCompleted).toHaveBeenCalledExactlyOnceWith("GREEN");
  });

  it("opens in the app's theme and follows a toggle without restarting the session (docs/decisions/0150)", async () => {
    const getAccessToken = vi.fn().mockResolvedValue(TOKEN);
    const { rerender } = render(<IdentityCheck getAccessToken={getAccessToken} baseUrl={ORIGIN} theme="dark" />);
    const { iframe, toWidget } = await connectWidget();
    expect(iframe.getAttribute("src")).toContain("theme=dark");
    expect(toWidget[0]).toMatchObject({ method: "idCheck.init", theme: "dark" });
    rerender(<IdentityCheck getAccessToken={getAccessToken} baseUrl={ORIGIN} theme="light" />);
    await waitFor(() =>
      expect(toWidget).toContainEqual(expect.objectContaining({ method: "idCheck.callSetTheme", theme: "light" })),
    );
    expect(document.querySelectorAll("iframe")).toHaveLength(1);
    expect(getAccessToken).toHaveBeenCalledTimes(1);
  });

  it("ignores messages from any other origin", async () => {
    const onApplicantLoaded = vi.fn();
    render(
      <IdentityCheck
        getAccessToken={() => Promise.resolve(TOKEN)}
        onApplicantLoaded={onApplicantLoaded}
        baseUrl={ORIGIN}
      />,
    );
    await connectWidget();
    act(() => {
      window.dispatchEvent(
        new MessageEvent("message", {
          origin: "http://evil.example",
          data: { method: "idCheck.onApplicantLoaded", sessionId: "test-session", applicantId: "x" },
        }),
      );
    });
    expect(onApplicantLoaded).not.toHaveBeenCalled();
  });

  it("answers an invalid-token error with a fresh token from getAccessToken", async () => {
    const getAccessToken = vi.fn().mockResolvedValueOnce(TOKEN).mockResolvedValueOnce(`${TOKEN}-fresh`);
    render(<IdentityCheck getAccessToken={getAccessToken} baseUrl={ORIGIN} />);
    const { toWidget, send } = await connectWidget();
    await send("idCheck.onError", { code: "invalid-token", error: "expired" });
    await waitFor(() =>
      expect(toWidget).toContainEqual({
        method: "idCheck.updateAccessToken",
        accessToken: `${TOKEN}-fresh`,
        error: undefined,
      }),
    );
    expect(getAccessToken).toHaveBeenCalledTimes(2);
  });

  it("logs 'Failed to get access token' and retries on request when the token cannot be had", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const getAccessToken = vi.fn().mockRejectedValueOnce(new Error("HTTP 401")).mockResolvedValueOnce(TOKEN);
    render(<IdentityCheck getAccessToken={getAccessToken} baseUrl={ORIGIN} />);
    await screen.findByText("We couldn't start identity verification.");
    expect(error).toHaveBeenCalledWith("Failed to get access token", "HTTP 401");
    expect(document.querySelector("iframe")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(document.querySelector("iframe")).not.toBeNull());
  });
});
