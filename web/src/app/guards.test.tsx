import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { renderWithApp } from "@/testing/render";
import { createFakeSupabase, fakeSession } from "@/testing/fake-supabase";
import { authFinishedAtom, authReadyAtom, sessionAtom } from "@/stores/session";
import { AppRouter } from "./router";
import { rememberedOrigin, safeRedirectTarget } from "./guards";

beforeEach(() => {
  createFakeSupabase().install();
});

type Init = Parameters<typeof renderWithApp>[1];
const signedIn =
  (roles: string[]): NonNullable<Init>["init"] =>
  (store) => {
    store.set(authReadyAtom, true);
    store.set(sessionAtom, fakeSession({ roles }));
    store.set(authFinishedAtom, true);
  };

describe("route guards", () => {
  it("shows 'Loading' until the stored session is known", () => {
    renderWithApp(<AppRouter />, { path: "/edit-profile" });
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
  });

  it("sends unauthenticated visitors to /sign-in remembering the origin", async () => {
    const { location } = renderWithApp(<AppRouter />, { path: "/ria", init: (s) => s.set(authReadyAtom, true) });
    await waitFor(() => expect(location.history?.at(-1)).toBe("/sign-in?redirect=%2Fria"));
    expect(await screen.findByRole("button", { name: "Continue" })).toBeInTheDocument();
  });

  it("keeps a signed-in user who has not passed the gate at sign-in", async () => {
    const { location } = renderWithApp(<AppRouter />, {
      path: "/",
      init: (s) => {
        s.set(authReadyAtom, true);
        s.set(sessionAtom, fakeSession());
      },
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe("/sign-in?redirect=%2F"));
  });

  it("returns to the remembered origin once the gate has passed", async () => {
    const { location } = renderWithApp(<AppRouter />, {
      path: "/sign-in?redirect=%2Fedit-daf",
      init: signedIn(["user"]),
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe("/edit-daf"));
    expect(await screen.findByRole("link", { name: "Founder Foundation" })).toBeInTheDocument();
  });

  it("sends a user without role 'user' from /edit-* and /ria to /", async () => {
    for (const path of ["/edit-profile", "/edit-daf", "/edit-foundation", "/edit-others", "/ria"]) {
      const { location, unmount } = renderWithApp(<AppRouter />, { path, init: signedIn(["onboarding"]) });
      await waitFor(() => expect(location.history?.at(-1)).toBe("/"));
      unmount();
    }
  });

  it("lets role 'user' reach /ria inside the shell", async () => {
    const { location } = renderWithApp(<AppRouter />, { path: "/ria", init: signedIn(["user"]) });
    // The shell (its title link) renders and the location stays put.
    expect(await screen.findByRole("link", { name: "Founder Foundation" })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(location.history).toEqual(["/ria"]);
  });

  it("sends unknown routes to /", async () => {
    const { location } = renderWithApp(<AppRouter />, { path: "/nope", init: signedIn([]) });
    await waitFor(() => expect(location.history?.at(-1)).toBe("/"));
  });

  it("remembers origins without the reset marker and follows only same-site targets", () => {
    expect(rememberedOrigin("/", "?reset-password=true")).toBe("/");
    expect(rememberedOrigin("/ria", "?a=1&reset-password=true")).toBe("/ria?a=1");
    expect(safeRedirectTarget("//evil.example")).toBe("/");
    expect(safeRedirectTarget("https://evil.example")).toBe("/");
    expect(safeRedirectTarget(null)).toBe("/");
    expect(safeRedirectTarget("/edit-daf")).toBe("/edit-daf");
  });
});
