import { z } from 'zod';
import type { NotificationModel, NotificationStatusName, NotificationTypeName } from '../models.js';
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

const NOTIFICATION_TYPES: readonly NotificationTypeName[] = [
  'allocation',
  'bonus_transfer_opt_out',
  'bonus_wagering_completed',
  'cashback',
  'cash_drop_friday',
  'created_by_user',
  'deposit_refunded',
  'jackpot_win',
  'loyalty_chest_unlocked',
  'loyalty_allocation',
  'loyalty_tier_unlocked',
  'tournament_prize',
  'tournament_leaderboard_prize',
  'welcome_message',
  'withdrawal_rollback',
  'withdrawal_success',
];
const NOTIFICATION_STATUSES: readonly NotificationStatusName[] = ['sent', 'pending', 'failed'];

/** A value of a known list (case-insensitive), or 'other': a value the backend adds later must not fail the list. */
function known<T extends string>(list: readonly T[], value: string | null | undefined): T | 'other' {
  const key = (value ?? '').trim().toLowerCase();
  return list.find((v) => v === key) ?? 'other';
}

/**
 * The backend's notification type (docs/rules.md#notifications), lower-cased; a type this schema does not know yet is
 * 'other'.
 */
export const notificationType = (type: string | null | undefined) => known(NOTIFICATION_TYPES, type);

const toNotification = (n: z.infer<typeof NotificationJson>): NotificationModel => ({
  __typename: 'Notification',
  id: n.id,
  subject: n.user_notification.subject ?? '',
  message: n.user_notification.message ?? '',
  type: notificationType(n.user_notification.type),
  status: known(NOTIFICATION_STATUSES, n.user_notification.status),
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
 * GET /api/userNotifications/true: marks every notification read and returns the list. Marking twice changes
 * nothing, so it goes through the request's loader: a payload listing the notifications reuses this one call.
 */
export const markAllNotificationsRead = (upstream: RequestUpstream) =>
  upstream.read('/api/userNotifications/true', toNotifications);
