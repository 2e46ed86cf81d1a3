import { fakeApi } from "@/testing/fake-api";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createFakeSupabase, fakeSession } from "@/testing/fake-supabase";
import { renderWithApp } from "@/testing/render";
import { sessionAtom } from "@/stores/session";
import { notificationsQueryKey } from "@/api/notifications";
import { NotificationsBell } from "./notifications-bell";

const note = (id: number, read = false) => ({
  notification_id: id,
  title: `Owner added ${id}`,
  description: `Person ${id} was added as an additional owner.`,
  created_at: "2026-11-20T10:00:00",
  read_at: read ? "2026-11-20T11:00:00" : null,
});

function renderBell() {
  return renderWithApp(<NotificationsBell />, { init: (s) => s.set(sessionAtom, fakeSession()) });
}

async function openPopover() {
  await userEvent.click(await screen.findByRole("button", { name: /^Notifications/ }));
}

beforeEach(() => {
  fakeApi.reset();
  createFakeSupabase().install();
  fakeApi.on("GET", "/api/accounts/user/{userId}", { account_id: 7 });
});

describe("notifications popover", () => {
  it("shows the unread badge, capped at '99+' above 99", async () => {
    fakeApi.on(
      "GET",
      "/api/notifications/",
      Array.from({ length: 100 }, (_, i) => note(i + 1)),
    );
    renderBell();
    expect(await screen.findByTestId("notifications-badge")).toHaveTextContent("99+");
    expect(screen.getByRole("button", { name: "Notifications, 99+ unread" })).toBeInTheDocument();
  });

  it("says 'No notifications' when the list is empty, with no badge", async () => {
    fakeApi.on("GET", "/api/notifications/", []);
    renderBell();
    await openPopover();
    expect(await screen.findByText("No notifications")).toBeInTheDocument();
    expect(screen.queryByTestId("notifications-badge")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Mark all as read" })).toHaveAttribute("aria-disabled", "true");
  });

  it("asks for the first page with read ones included", async () => {
    fakeApi.on("GET", "/api/notifications/", []);
    renderBell();
    await waitFor(() => expect(fakeApi.callsTo("GET", "/api/notifications/")).toHaveLength(1));
    const q = fakeApi.callsTo("GET", "/api/notifications/")[0]!.query;
    expect(Object.fromEntries(q)).toEqual({ limit: "50", offset: "0", include_read: "true" });
  });

  it("shows 'Error: ' + the message with Retry on a failed fetch, and Retry loads the list", async () => {
    fakeApi.fail("GET", "/api/notifications/", 500, "Database unavailable");
    renderBell();
    await openPopover();
    expect(await screen.findByText("Error: Database unavailable")).toBeInTheDocument();
    fakeApi.on("GET", "/api/notifications/", [note(1)]);
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Owner added 1")).toBeInTheDocument();
    expect(screen.queryByText(/^Error:/)).not.toBeInTheDocument();
  });

  it("a failed refresh while the list is shown keeps the list, says so quietly, and recovers", async () => {
    fakeApi.on("GET", "/api/notifications/", [note(1)]);
    const { queryClient } = renderBell();
    await openPopover();
    await screen.findByText("Owner added 1");
    fakeApi.fail("GET", "/api/notifications/", 500, "Database unavailable");
    await queryClient.refetchQueries({ queryKey: notificationsQueryKey });
    expect(await screen.findByText("Couldn't refresh; showing the last list.")).toBeInTheDocument();
    expect(screen.getByText("Owner added 1")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    fakeApi.on("GET", "/api/notifications/", [note(2), note(1)]);
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Owner added 2")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Couldn't refresh; showing the last list.")).not.toBeInTheDocument());
  });

  it("falls back to the default message when the failure carries none", async () => {
    // No HTTP answer yields an empty message (the client words every status), so the fetch itself fails.
    const fetch = vi.spyOn(globalThis, "fetch").mockRejectedValue(new Error(""));
    try {
      renderBell();
      await openPopover();
      expect(await screen.findByText("Error: An error occurred while fetching notifications")).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
    } finally {
      fetch.mockRestore();
    }
  });

  it("marks one read: the badge drops at once and the server is told", async () => {
    let list = [note(1), note(2), note(3, true)];
    fakeApi.on("GET", "/api/notifications/", () => ({ body: list }));
    fakeApi.on("PUT", "/api/notifications/{id}/read", (_c, p) => {
      list = list.map((n) => (n.notification_id === Number(p.id) ? { ...n, read_at: "2026-11-20T12:00:00" } : n));
      return { body: list.find((n) => n.notification_id === Number(p.id)) };
    });
    renderBell();
    expect(await screen.findByTestId("notifications-badge")).toHaveTextContent("2");
    await openPopover();
    await userEvent.click(screen.getByRole("button", { name: 'Mark "Owner added 1" as read' }));
    await waitFor(() => expect(screen.getByTestId("notifications-badge")).toHaveTextContent("1"));
    expect(fakeApi.callsTo("PUT", "/api/notifications/{id}/read").map((c) => c.path)).toEqual([
      "/api/notifications/1/read",
    ]);
    expect(screen.queryByRole("button", { name: 'Mark "Owner added 1" as read' })).not.toBeInTheDocument();
  });

  it("marks all read for the caller's account and the badge disappears", async () => {
    let list = [note(1), note(2)];
    fakeApi.on("GET", "/api/notifications/", () => ({ body: list }));
    fakeApi.on("PUT", "/api/notifications/mark-all-read", () => {
      list = list.map((n) => ({ ...n, read_at: "2026-11-20T12:00:00" }));
      return { body: { ok: true, updated: 2 } };
    });
    renderBell();
    await openPopover();
    const markAll = screen.getByRole("button", { name: "Mark all as read" });
    await waitFor(() => expect(markAll).not.toHaveAttribute("aria-disabled"));
    await userEvent.click(markAll);
    await waitFor(() => expect(screen.queryByTestId("notifications-badge")).not.toBeInTheDocument());
    expect(fakeApi.callsTo("PUT", "/api/notifications/mark-all-read")[0]!.query.get("account_id")).toBe("7");
  });

  it("restores the unread state and shows the error when marking fails", async () => {
    fakeApi.on("GET", "/api/notifications/", [note(1)]);
    fakeApi.fail("PUT", "/api/notifications/{id}/read", 404, "Notification not found");
    renderBell();
    await openPopover();
    const list = await screen.findByRole("list", { name: "Notifications list" });
    await userEvent.click(within(list).getByRole("button", { name: /Mark .* as read/ }));
    expect(await screen.findByText("Error: Notification not found")).toBeInTheDocument();
    expect(screen.getByTestId("notifications-badge")).toHaveTextContent("1");
  });
});
