import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { fakeApi } from "@/testing/fake-api";
import { renderWithApp } from "@/testing/render";
import { createFakeSupabase, fakeSession, type FakeSupabase } from "@/testing/fake-supabase";
import { authFinishedAtom, authReadyAtom, sessionAtom } from "@/stores/session";
import { themeAtom, THEME_STORAGE_KEY } from "@/stores/theme";
import { viewportAtom } from "@/stores/layout";
import { SignedInShell } from "./signed-in-shell";

let sb: FakeSupabase;
const notifications = (unread: number) =>
  Array.from({ length: unread + 2 }, (_, i) => ({
    notification_id: i + 1,
    title: `N${i}`,
    description: "d",
    created_at: "2026-01-01T00:00:00",
    read_at: i < unread ? null : "2026-01-02T00:00:00",
  }));

function stubNotifications(unread: number) {
  fakeApi.on("GET", "/api/notifications/", notifications(unread));
}

beforeEach(() => {
  sb = createFakeSupabase().install();
  sb.auth.getSession.mockResolvedValue({
    data: { session: fakeSession({ email: "ada@example.com" }) },
    error: null,
  } as never);
});
afterEach(() => vi.restoreAllMocks());

function renderShell(width = 1280) {
  return renderWithApp(
    <SignedInShell>
      <p>content</p>
    </SignedInShell>,
    {
      init: (s) => {
        s.set(authReadyAtom, true);
        s.set(sessionAtom, fakeSession({ email: "ada@example.com" }));
        s.set(authFinishedAtom, true);
        s.set(viewportAtom, { width, height: 800 });
      },
    },
  );
}

describe("SignedInShell (the shell with the bell and sign-out)", () => {
  it("shows the title link, the user's email, Sign Out, help, and the unread badge capped at 99+", async () => {
    stubNotifications(120);
    renderShell();
    expect(screen.getByRole("link", { name: "Founder Foundation" })).toHaveAttribute("href", "/");
    expect(screen.getByTestId("user-email")).toHaveTextContent("ada@example.com");
    expect(screen.getByRole("link", { name: "Help and support" })).toBeInTheDocument();
    expect(await screen.findByTestId("notifications-badge")).toHaveTextContent("99+");
    const [request] = fakeApi.callsTo("GET", "/api/notifications/");
    expect(`${request!.path}?${request!.query.toString()}`).toBe(
      "/api/notifications/?limit=50&offset=0&include_read=true",
    );
    expect(request!.headers.get("Authorization")).toMatch(/^Bearer /);
  });

  it("shows the exact unread count below 100 and the list in the popover", async () => {
    stubNotifications(3);
    renderShell();
    expect(await screen.findByTestId("notifications-badge")).toHaveTextContent("3");
    await userEvent.click(screen.getByRole("button", { name: "Notifications, 3 unread" }));
    expect(await screen.findByText("N0")).toBeInTheDocument();
  });

  it("has a permanent menu on large screens and a drawer behind the menu button below 1200 px", async () => {
    stubNotifications(0);
    const { unmount } = renderShell(1280);
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Open menu" })).not.toBeInTheDocument();
    unmount();
    renderShell(375);
    expect(screen.queryByRole("navigation", { name: "Main" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Risk management");
    expect(dialog).toHaveTextContent("ada@example.com");
  });

  it("toggles the theme and saves it as { data }", async () => {
    stubNotifications(0);
    const { store } = renderShell();
    const before = store.get(themeAtom);
    const other = before === "light" ? "dark" : "light";
    await userEvent.click(screen.getByRole("button", { name: `Switch to ${other} theme` }));
    expect(store.get(themeAtom)).toBe(other);
    expect(JSON.parse(localStorage.getItem(THEME_STORAGE_KEY)!)).toEqual({ data: other });
    expect(document.documentElement.dataset.theme).toBe(other);
  });

  it("Sign Out signs out this device only (the founder's other browsers stay signed in) and reloads", async () => {
    stubNotifications(0);
    const reload = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload } as Location);
    renderShell();
    await act(() => userEvent.click(screen.getByRole("button", { name: "Sign Out" })));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(sb.auth.signOut).toHaveBeenCalledTimes(1);
    expect(sb.auth.signOut).toHaveBeenCalledWith({ scope: "local" });
  });

  it("'Sign out everywhere', beside Sign Out, ends every session of the account", async () => {
    stubNotifications(0);
    const reload = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload } as Location);
    // Headless UI's menu measures itself; jsdom has no ResizeObserver.
    vi.stubGlobal(
      "ResizeObserver",
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    onTestFinished(() => void vi.unstubAllGlobals());
    renderShell(375);
    await act(() => userEvent.click(screen.getByRole("button", { name: "Sign-out choices" })));
    await act(() => userEvent.click(screen.getByRole("menuitem", { name: /Sign out everywhere/ })));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(sb.auth.signOut).toHaveBeenCalledWith({ scope: "global" });
  });
});
