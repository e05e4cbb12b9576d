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

function toNotifications(raw: unknown): NotificationModel[] {
  return parseUpstream(NotificationsJson, raw, 'notifications').map((n) => ({
    __typename: 'Notification',
    id: n.id,
    subject: n.user_notification.subject ?? '',
    message: n.user_notification.message ?? '',
    type: n.user_notification.type ?? '',
    status: n.user_notification.status ?? '',
    readAt: n.read_at ?? null,
    createdAt: n.created_at,
  }));
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
