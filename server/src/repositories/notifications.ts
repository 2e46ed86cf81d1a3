// Notifications are real rows, written by the server on events (owner added, strategy submitted,
// identity check completed). createNotification is the one writer; domain code calls it inside or
// outside a transaction.
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Executor } from "../../../db/engine";
import type { NotificationRow } from "../../../db/schema";
import type { Notification } from "../contract/entities";
import { timestampNow } from "../contract/rules";
import { notFound } from "../errors";

/**
 * Writes one notification for an account; `db` may be a transaction, to write it atomically with
 * its event. `aboutPersonId`: the person it is about; deleting that person deletes it (cascade).
 */
export async function createNotification(
  db: Executor,
  accountId: number,
  title: string,
  description: string,
  aboutPersonId?: number,
): Promise<Notification> {
  const { notification } = db.t;
  const row = await db.get(
    db.q
      .insert(notification)
      .values({ accountId, title, description, createdAt: timestampNow(), personId: aboutPersonId ?? null })
      .returning(),
  );
  return toNotificationDto(row!);
}

export async function listNotifications(
  db: Executor,
  accountId: number,
  opts: { limit: number; offset: number; includeRead: boolean },
): Promise<Notification[]> {
  const { notification } = db.t;
  const where = opts.includeRead
    ? eq(notification.accountId, accountId)
    : and(eq(notification.accountId, accountId), isNull(notification.readAt));
  const rows = await db.all(
    db.q
      .select()
      .from(notification)
      .where(where)
      .orderBy(desc(notification.createdAt), desc(notification.notificationId))
      .limit(opts.limit)
      .offset(opts.offset),
  );
  return rows.map(toNotificationDto);
}

export function getNotification(db: Executor, notificationId: number): Promise<NotificationRow | undefined> {
  const { notification } = db.t;
  return db.get(db.q.select().from(notification).where(eq(notification.notificationId, notificationId)));
}

/** Marks one read; an already-read notification keeps its first read time. */
export async function markRead(db: Executor, notificationId: number): Promise<Notification> {
  const { notification } = db.t;
  await db.run(
    db.q
      .update(notification)
      .set({ readAt: timestampNow() })
      .where(and(eq(notification.notificationId, notificationId), isNull(notification.readAt))),
  );
  const row = await getNotification(db, notificationId);
  if (!row) throw notFound("Notification");
  return toNotificationDto(row);
}

export function markAllRead(db: Executor, accountId: number): Promise<number> {
  const { notification } = db.t;
  return db.run(
    db.q
      .update(notification)
      .set({ readAt: timestampNow() })
      .where(and(eq(notification.accountId, accountId), isNull(notification.readAt))),
  );
}

function toNotificationDto(r: NotificationRow): Notification {
  return {
    notification_id: r.notificationId,
    title: r.title,
    description: r.description,
    created_at: r.createdAt,
    read_at: r.readAt,
  };
}
