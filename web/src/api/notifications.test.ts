import { describe, expect, it } from "vitest";
import { badgeLabel, notificationsQueryOptions, unreadCount } from "./notifications";

describe("notification badge", () => {
  it("counts unread (read_at empty) and caps the label at 99+", () => {
    const n = (read_at: string | null) => ({
      notification_id: 1,
      title: "t",
      description: "d",
      created_at: "",
      read_at,
    });
    expect(unreadCount([n(null), n("2026-01-01T00:00:00"), n(null)])).toBe(2);
    expect(badgeLabel(99)).toBe("99");
    expect(badgeLabel(100)).toBe("99+");
  });

  it("refetches every 30 s only while signed in", () => {
    expect(notificationsQueryOptions(true)).toMatchObject({ enabled: true, refetchInterval: 30_000 });
    expect(notificationsQueryOptions(false)).toMatchObject({ enabled: false, refetchInterval: false });
  });
});
