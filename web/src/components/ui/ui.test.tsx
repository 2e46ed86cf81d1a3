import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Provider, createStore } from "jotai";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { ErrorBoundary } from "./error-boundary";
import { LoadingOverlay, useLoadingOverlay } from "./loading-overlay";
import { Toaster, useToast } from "./toast";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function Boom({ message }: { message: string }): never {
  throw new Error(message);
}

describe("ErrorBoundary", () => {
  it("shows 'Something went wrong' with the message, and 'Try again' re-renders", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    function Flaky() {
      const [broken, setBroken] = useState(true);
      return (
        <ErrorBoundary onReset={() => setBroken(false)}>
          {broken ? <Boom message="Kaput" /> : <p>Recovered</p>}
        </ErrorBoundary>
      );
    }
    render(<Flaky />);
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.getByText("Kaput")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(screen.getByText("Recovered")).toBeInTheDocument();
  });

  it("shows a failed API call's reference for the founder to quote", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    function Refused(): never {
      throw new ApiError("The database is unavailable; try again shortly", 503, "database_unavailable", "req-5150");
    }
    render(
      <ErrorBoundary>
        <Refused />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Reference: req-5150");
  });

  it("falls back to 'An unexpected error occurred' without a message", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Boom message="" />
      </ErrorBoundary>,
    );
    expect(screen.getByText("An unexpected error occurred")).toBeInTheDocument();
  });
});

describe("toasts and the loading overlay", () => {
  it("shows success and error toasts bottom-left for 3000 ms", async () => {
    vi.useFakeTimers();
    function Trigger() {
      const toast = useToast();
      return (
        <>
          <button onClick={() => toast.success("Profile updated successfully")}>ok</button>
          <button onClick={() => toast.error("Failed to update profile")}>bad</button>
        </>
      );
    }
    render(
      <Provider store={createStore()}>
        <Trigger />
        <Toaster />
      </Provider>,
    );
    act(() => screen.getByText("ok").click());
    act(() => screen.getByText("bad").click());
    expect(screen.getByRole("status")).toHaveTextContent("Profile updated successfully");
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to update profile");
    expect(screen.getByRole("alert").parentElement).toHaveClass("bottom-4", "left-4");
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByText("Profile updated successfully")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Profile updated successfully")).not.toBeInTheDocument();
  });

  it("shows 'Loading...' for about a second", () => {
    vi.useFakeTimers();
    function Trigger() {
      const overlay = useLoadingOverlay();
      return <button onClick={() => overlay.show()}>load</button>;
    }
    render(
      <Provider store={createStore()}>
        <Trigger />
        <LoadingOverlay />
      </Provider>,
    );
    act(() => screen.getByText("load").click());
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText("Loading...")).not.toBeInTheDocument();
  });
});
