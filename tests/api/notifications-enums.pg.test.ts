// Notifications list paging and read state; the seeded enum catalogue.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENUM_CATEGORIES } from "../../server/src/contract/entities";
import { createNotification } from "../../server/src/repositories/notifications";
import { createTestApp, type TestApp } from "../support/app";
import { type ApiFounder as Founder } from "../support/founders";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function withNotifications(n: number): Promise<Founder> {
  const f = await t.founder();
  for (let i = 1; i <= n; i++) await createNotification(t.app.db, f.accountId, `Event ${i}`, `Description ${i}`);
  return f;
}

describe("notifications", () => {
  it("lists newest first and honours limit and offset", async () => {
    const f = await withNotifications(5);
    const page1 = await t.http.get("/api/notifications/").query({ limit: 2, offset: 0 }).set(f.auth);
    const page2 = await t.http.get("/api/notifications/").query({ limit: 2, offset: 2 }).set(f.auth);
    const page3 = await t.http.get("/api/notifications/").query({ limit: 2, offset: 4 }).set(f.auth);
    expect(page1.body.map((n: { title: string }) => n.title)).toEqual(["Event 5", "Event 4"]);
    expect(page2.body.map((n: { title: string }) => n.title)).toEqual(["Event 3", "Event 2"]);
    expect(page3.body.map((n: { title: string }) => n.title)).toEqual(["Event 1"]);
    const defaults = await t.http.get("/api/notifications/").set(f.auth);
    expect(defaults.body).toHaveLength(5);
  });

  it("marks one read and hides read ones when include_read=false", async () => {
    const f = await withNotifications(3);
    const [newest] = (await t.http.get("/api/notifications/").set(f.auth)).body;
    const read = await t.http.put(`/api/notifications/${newest.notification_id}/read`).set(f.auth);
    expect(read.body.read_at).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+$/);
    const again = await t.http.put(`/api/notifications/${newest.notification_id}/read`).set(f.auth);
    expect(again.body.read_at).toBe(read.body.read_at);
    const unread = await t.http.get("/api/notifications/").query({ include_read: "false" }).set(f.auth);
    expect(unread.body.map((n: { title: string }) => n.title)).toEqual(["Event 2", "Event 1"]);
    const all = await t.http.get("/api/notifications/").query({ include_read: "true" }).set(f.auth);
    expect(all.body).toHaveLength(3);
    expect((await t.http.get("/api/notifications/").query({ include_read: "maybe" }).set(f.auth)).status).toBe(400);
  });

  it("mark-all-read touches only the caller's account", async () => {
    const a = await withNotifications(2);
    const b = await withNotifications(2);
    const foreign = await t.http.put("/api/notifications/mark-all-read").query({ account_id: b.accountId }).set(a.auth);
    expect(foreign.status).toBe(404);
    const res = await t.http.put("/api/notifications/mark-all-read").query({ account_id: a.accountId }).set(a.auth);
    expect(res.body).toEqual({ ok: true, updated: 2 });
    expect((await t.http.get("/api/notifications/").query({ include_read: "false" }).set(a.auth)).body).toEqual([]);
    expect((await t.http.get("/api/notifications/").query({ include_read: "false" }).set(b.auth)).body).toHaveLength(2);
  });

  it("accepts a PUT with a JSON content type and no body", async () => {
    const f = await withNotifications(1);
    const [n] = (await t.http.get("/api/notifications/").set(f.auth)).body;
    const res = await t.http
      .put(`/api/notifications/${n.notification_id}/read`)
      .set(f.auth)
      .set("Content-Type", "application/json");
    expect(res.status).toBe(200);
  });

  it("is empty for a caller whose account does not exist yet", async () => {
    const token = await t.token();
    const res = await t.http.get("/api/notifications/").set("Authorization", `Bearer ${token}`);
    expect(res.body).toEqual([]);
  });
});

describe("enums", () => {
  it("lists every seeded category with the known values first where requirements §3 names them", async () => {
    const f = await t.founder();
    const res = await t.http.get("/api/enums/").set(f.auth);
    expect(res.status).toBe(200);
    const items = res.body as Array<{ enum_id: string; enum_label: string; enum_category: string }>;
    for (const category of ENUM_CATEGORIES)
      expect(
        items.some((i) => i.enum_category === category),
        category,
      ).toBe(true);
    const of = (c: string) => items.filter((i) => i.enum_category === c);
    expect(of("marital_status")[0]).toEqual({
      enum_id: "marital_status_single",
      enum_label: "Single",
      enum_category: "marital_status",
    });
    expect(of("us_state")).toHaveLength(51);
    expect(of("us_state").map((i) => i.enum_id)).toContain("us_state_delaware");
    expect(of("strategy_type").map((i) => i.enum_id)).toEqual(["strategy_type_founder"]);
    expect(of("custodian").map((i) => i.enum_label)).toEqual(
      expect.arrayContaining(["Charles Schwab", "Fidelity Investments", "Vanguard"]),
    );
    expect(new Set(items.map((i) => i.enum_id)).size).toBe(items.length);
  });

  it("requires a token", async () => {
    expect((await t.http.get("/api/enums/")).status).toBe(401);
  });
});
