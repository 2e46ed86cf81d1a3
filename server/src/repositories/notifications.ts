// Notifications are real rows, written by the server on events (owner added, strategy submitted,
// identity check completed). createNotification is the one writer; route files and the identity
// work call it inside or outside a transaction.
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { notification, type NotificationRow } from "../../../db/schema";
import type { Notification } from "../contract/entities";
import { timestampNow } from "../contract/rules";

/** Writes one notification for an account; `db` may be a transaction, to write it atomically with its event. */
export function createNotification(db: Db | Tx, accountId: number, title: string, description: string): Notification {
  const row = db.insert(notification).values({ accountId, title, description, createdAt: timestampNow() }).returning().get();
  return toNotificationDto(row);
}

export function listNotifications(
  db: Db,
  accountId: number,
  opts: { limit: number; offset: number; includeRead: boolean },
): Notification[] {
  const where = opts.includeRead ? eq(notification.accountId, accountId) : and(eq(notification.accountId, accountId), isNull(notification.readAt));
  return db
    .select()
    .from(notification)
    .where(where)
    .orderBy(desc(notification.createdAt), desc(notification.notificationId))
    .limit(opts.limit)
    .offset(opts.offset)
    .all()
    .map(toNotificationDto);
}

export function getNotification(db: Db, notificationId: number): NotificationRow | undefined {
  return db.select().from(notification).where(eq(notification.notificationId, notificationId)).get();
}

/** Marks one read; an already-read notification keeps its first read time. */
export function markRead(db: Db, notificationId: number): Notification {
  db.update(notification)
    .set({ readAt: timestampNow() })
    .where(and(eq(notification.notificationId, notificationId), isNull(notification.readAt)))
    .run();
  return toNotificationDto(getNotification(db, notificationId)!);
}

export function markAllRead(db: Db, accountId: number): number {
  return db
    .update(notification)
    .set({ readAt: timestampNow() })
    .where(and(eq(notification.accountId, accountId), isNull(notification.readAt)))
    .run().changes;
}

export function toNotificationDto(r: NotificationRow): Notification {
  return { notification_id: r.notificationId, title: r.title, description: r.description, created_at: r.createdAt, read_at: r.readAt };
}
