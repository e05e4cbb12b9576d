import { z } from 'zod';
import type { NotificationModel } from '../models.js';
import { isoDate, parseUpstream } from './parse.js';
import type { RequestUpstream } from './request-upstream.js';

const NotificationJson = z.object({
  id: z.number().int(),
  created_at: isoDate,
  read_at: isoDate.nullable().optional(),
  user_notification: z.object({
    subject: z.string().nullable().optional(),
    message: z.string().nullable().optional(),
    status: z.string().nullable().optional(),
    type: z.string().nullable().optional(),
  }),
});
const NotificationsJson = z.array(NotificationJson);

const toNotification = (n: z.infer<typeof NotificationJson>): NotificationModel => ({
  __typename: 'Notification',
  id: n.id,
  subject: n.user_notification.subject ?? '',
  message: n.user_notification.message ?? '',
  type: n.user_notification.type ?? '',
  status: n.user_notification.status ?? '',
  readAt: n.read_at ?? null,
  createdAt: n.created_at,
});

const toNotifications = (raw: unknown): NotificationModel[] =>
  parseUpstream(NotificationsJson, raw, 'notifications').map(toNotification);

const NotificationEventJson = z.object({
  notification: NotificationJson,
  unread_count: z.number().int().min(0),
});

/** The `notification` live event: the new notification and the unread count; null when it does not parse. */
export function parseNotificationEvent(
  data: unknown,
): { notification: NotificationModel; unreadCount: number } | null {
  const parsed = NotificationEventJson.safeParse(data);
  if (!parsed.success) return null;
  return { notification: toNotification(parsed.data.notification), unreadCount: parsed.data.unread_count };
}

/** GET /api/userNotifications/false: the player's notifications, newest first, leaving them unread. */
export const loadNotifications = (upstream: RequestUpstream) =>
  upstream.read('/api/userNotifications/false', toNotifications);

/**
 * GET /api/userNotifications/true: marks every notification read and answers the list. Marking twice changes
 * nothing, so it goes through the request's loader: a payload listing the notifications reuses this one call.
 */
export const markAllNotificationsRead = (upstream: RequestUpstream) =>
  upstream.read('/api/userNotifications/true', toNotifications);
