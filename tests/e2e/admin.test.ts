// Browser suite for /admin (requirements §2, §6) on a localhost host: an admin sees 'User Management (Dev)',
// lists the auth users with their roles and changes one (stored by the auth service); a founder
// without admin/super sees 'Restricted'. The area is its own lazily loaded chunk.
import { createClient, type RealtimeClientOptions } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import ws from "ws";
import { createAuthUser, founderAt } from "../support/founders";
import { setupE2E } from "../support/e2e-harness";

const e2e = setupE2E();

function authAdmin() {
  return createClient(e2e.stack.config.auth.url, e2e.stack.config.auth.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as RealtimeClientOptions["transport"] },
  });
}

const ADMIN_CHUNK = /\/assets\/admin-[^/]+\.js$/;

describe("/admin", () => {
  it("lists the auth users with their roles for an admin and changes one's roles", async () => {
    const admin = await founderAt("signed-up", { browser: e2e, founder: { roles: ["user", "admin"] } });
    const { ui } = admin;
    const target = await createAuthUser(e2e.stack.config.auth);
    const { page } = ui;
    const scripts: string[] = [];
    page.on("request", (r) => scripts.push(r.url()));
    await ui.goto("/");
    await page.getByRole("heading", { name: "Welcome!" }).waitFor();
    expect(scripts.filter((u) => ADMIN_CHUNK.test(u))).toEqual([]);

    await page.getByRole("link", { name: "User Management (Dev)" }).click();
    await page.getByRole("heading", { name: "User Management (Dev)" }).waitFor();
    // The admin screen's lazy chunk and the admin group's chunk arrive only now.
    expect(scripts.filter((u) => ADMIN_CHUNK.test(u)).length).toBeGreaterThan(0);
    const roles = page.getByRole("group", { name: `Roles of ${target.email}` });
    await roles.waitFor();
    expect(await roles.getByRole("checkbox", { name: "user" }).isChecked()).toBe(true);
    expect(
      await page
        .getByRole("group", { name: `Roles of ${admin.email}` })
        .getByRole("checkbox", { name: "admin" })
        .isChecked(),
    ).toBe(true);
    await ui.screen("admin-1280-light");

    // Controlled by the server's answer: the box changes once the roles are saved.
    await roles.getByRole("checkbox", { name: "super" }).click();
    await page.getByText(`Roles of ${target.email} updated`).waitFor();
    const { data } = await authAdmin().auth.admin.getUserById(target.id);
    expect(data.user?.app_metadata.roles).toEqual(["super", "user"]);
    await ui.goto("/admin");
    await expect
      .poll(() =>
        page
          .getByRole("group", { name: `Roles of ${target.email}` })
          .getByRole("checkbox", { name: "super" })
          .isChecked(),
      )
      .toBe(true);

    const narrow = await e2e.open({ as: admin, width: 375, theme: "dark" });
    await narrow.goto("/admin");
    await narrow.page.getByRole("group", { name: `Roles of ${target.email}` }).waitFor();
    await narrow.screen("admin-375-dark");
  });

  it("shows 'Restricted' to a founder without admin or super", async () => {
    const { ui } = await founderAt("signed-up", { browser: e2e });
    await ui.goto("/admin");
    await ui.page.getByText("Restricted", { exact: true }).first().waitFor();
    expect(await ui.page.getByRole("heading", { name: "User Management (Dev)" }).count()).toBe(0);
    await ui.screen("admin-restricted");
  });
});
