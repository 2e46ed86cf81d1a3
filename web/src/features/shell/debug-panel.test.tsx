import { screen } from "@testing-library/react";
import { createStore } from "jotai";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "@/testing/render";
import { fakeSession } from "@/testing/fake-supabase";
import { authFinishedAtom, authReadyAtom, sessionAtom } from "@/stores/session";
import { isLocalhost } from "@/lib/env";
import { DebugPanel } from "./debug-panel";

const signedIn = {
  init: (s: ReturnType<typeof createStore>) => {
    s.set(authReadyAtom, true);
    s.set(sessionAtom, fakeSession({ roles: ["user", "admin"] }));
    s.set(authFinishedAtom, true);
  },
};

describe("DebugPanel", () => {
  it("shows auth status, roles and the token payload on localhost", () => {
    renderWithApp(<DebugPanel show />, signedIn);
    expect(screen.getByTestId("debug-auth-status")).toHaveTextContent("signed in");
    expect(screen.getByText("user, admin")).toBeInTheDocument();
    expect(screen.getByText(/"sub": "user-1"/)).toBeInTheDocument();
  });

  it("is absent on other hosts", () => {
    const { container } = renderWithApp(<DebugPanel show={false} />, signedIn);
    expect(container).toBeEmptyDOMElement();
    expect(isLocalhost("app.example.com")).toBe(false);
    expect(isLocalhost("localhost")).toBe(true);
  });
});
