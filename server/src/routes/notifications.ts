// The caller's notifications (requirements §4, §7).
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { markAllReadQuery, markAllReadResult, notification, notificationQuery } from "../contract/entities";
import { requireAccountAccess, requireCaller } from "../authz";
import { notFound } from "../errors";
import { getNotification, listNotifications, markAllRead, markRead } from "../repositories/notifications";
import { errors, params } from "./shared";

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/notifications/",
    {
      schema: {
        tags: ["notifications"],
        summary: "The caller's notifications, newest first",
        querystring: notificationQuery,
        response: { 200: z.array(notification), ...errors },
      },
    },
    async (request) => {
      const { accountId } = requireCaller(request);
      // No account yet means nothing has happened that could notify.
      if (accountId === null) return [];
      const { limit, offset, include_read } = request.query;
      return listNotifications(app.db, accountId, { limit, offset, includeRead: include_read });
    },
  );

  app.put(
    "/api/notifications/:notificationId/read",
    {
      schema: {
        tags: ["notifications"],
        summary: "Mark one notification read",
        params: params.notificationId,
        response: { 200: notification, ...errors },
      },
    },
    async (request) => {
      const row = await getNotification(app.db, request.params.notificationId);
      if (!row) throw notFound("Notification");
      requireAccountAccess(request, row.accountId, "write", "Notification");
      return markRead(app.db, row.notificationId);
    },
  );

  app.put(
    "/api/notifications/mark-all-read",
    {
      schema: {
        tags: ["notifications"],
        summary: "Mark every notification of the caller's account read",
        querystring: markAllReadQuery,
        response: { 200: markAllReadResult, ...errors },
      },
    },
    async (request) => {
      requireAccountAccess(request, request.query.account_id, "write");
      return { ok: true as const, updated: await markAllRead(app.db, request.query.account_id) };
    },
  );
};
