import { fakeApi } from "@/testing/fake-api";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { createFakeSupabase, fakeSession } from "@/testing/fake-supabase";
import { renderWithApp } from "@/testing/render";
import { sessionAtom } from "@/stores/session";
import { Toaster } from "@/components/ui/toast";
import AdminScreen from "./admin-screen";
import { canUseAdminArea } from "@/lib/roles";

const users = [
  {
    id: "00000000-0000-4000-8000-000000000001",
    email: "ada@example.com",
    roles: ["user"],
    created_at: "2026-11-01T00:00:00Z",
    last_sign_in_at: null,
    email_confirmed_at: "2026-11-01T00:00:00Z",
  },
  {
    id: "00000000-0000-4000-8000-000000000002",
    email: "boss@example.com",
    roles: ["user", "admin"],
    created_at: null,
    last_sign_in_at: null,
    email_confirmed_at: null,
  },
];

function renderAs(roles: string[]) {
  return renderWithApp(
    <>
      <AdminScreen />
      <Toaster />
    </>,
    { init: (s) => s.set(sessionAtom, fakeSession({ roles })) },
  );
}

beforeEach(() => {
  fakeApi.reset();
  createFakeSupabase().install();
  fakeApi.on("GET", "/api/admin/users", { users });
});

describe("admin access rule", () => {
  it("needs a localhost host and admin or super", () => {
    expect(canUseAdminArea(["admin"], true)).toBe(true);
    expect(canUseAdminArea(["super"], true)).toBe(true);
    expect(canUseAdminArea(["user"], true)).toBe(false);
    expect(canUseAdminArea(["admin"], false)).toBe(false);
  });
});

describe("/admin", () => {
  it("lists the auth users with their roles for an admin (jsdom runs on localhost)", async () => {
    renderAs(["user", "admin"]);
    expect(screen.getByRole("heading", { name: "User Management (Dev)" })).toBeInTheDocument();
    const rows = await screen.findAllByTestId("admin-user");
    expect(rows).toHaveLength(2);
    const ada = within(rows[0]!).getByRole("group", { name: "Roles of ada@example.com" });
    expect(within(ada).getByRole("checkbox", { name: "user" })).toBeChecked();
    expect(within(ada).getByRole("checkbox", { name: "admin" })).not.toBeChecked();
  });

  it("changes a user's roles through PUT /api/admin/users/{id}/roles", async () => {
    fakeApi.on("PUT", "/api/admin/users/{id}/roles", (call, p) => ({
      body: { ...users.find((u) => u.id === p.id), roles: (call.body as { roles: string[] }).roles },
    }));
    renderAs(["super"]);
    const rows = await screen.findAllByTestId("admin-user");
    await userEvent.click(within(rows[0]!).getByRole("checkbox", { name: "admin" }));
    await waitFor(() => expect(within(rows[0]!).getByRole("checkbox", { name: "admin" })).toBeChecked());
    const [put] = fakeApi.callsTo("PUT", "/api/admin/users/{id}/roles");
    expect(put!.path).toBe(`/api/admin/users/${users[0]!.id}/roles`);
    expect(put!.body).toEqual({ roles: ["admin", "user"] });
    expect(await screen.findByText("Roles of ada@example.com updated")).toBeInTheDocument();
  });

  it("shows the failure and keeps the old roles when the change is refused", async () => {
    fakeApi.fail("PUT", "/api/admin/users/{id}/roles", 403, "Forbidden");
    renderAs(["admin"]);
    const rows = await screen.findAllByTestId("admin-user");
    await userEvent.click(within(rows[1]!).getByRole("checkbox", { name: "admin" }));
    expect(await screen.findByText("Failed to update roles: Forbidden")).toBeInTheDocument();
    expect(within(rows[1]!).getByRole("checkbox", { name: "admin" })).toBeChecked();
  });

  it("shows 'Restricted' to a user without admin or super, and asks for nothing", async () => {
    renderAs(["user"]);
    expect(screen.getByText("Restricted")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "User Management (Dev)" })).not.toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(fakeApi.callsTo("GET", "/api/admin/users")).toHaveLength(0);
  });
});
