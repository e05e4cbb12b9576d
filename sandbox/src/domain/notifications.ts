import type { SandboxContext } from '../context.js';
import type { Db } from '../db/open.js';
import { UserEvents, userChannel } from '../realtime/hub.js';
import { isoUtc } from './clock.js';
import { currentRestriction } from './safer-gambling/restrictions.js';

export const NOTIFICATION_TYPES = [
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
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Marketing: the notifications a player on a break or self-excluded is not sent (docs/rules.md#safer-gambling).
 * Money and account notifications (withdrawals, bonus, loyalty, welcome) still go.
 */
const MARKETING_TYPES: ReadonlySet<NotificationType> = new Set([
  'cash_drop_friday',
  'cashback',
  'created_by_user',
]);

interface NotificationRow {
  id: number;
  type: string;
  subject: string;
  message: string;
  status: string;
  created_at: string;
  read_at: string | null;
}

/** A notification as GET /api/userNotifications returns it. */
export function notificationJson(row: NotificationRow) {
  return {
    id: row.id,
    created_at: isoUtc(new Date(row.created_at)),
    read_at: row.read_at ? isoUtc(new Date(row.read_at)) : null,
    user_notification: { message: row.message, subject: row.subject, status: row.status, type: row.type },
  };
}

export function listNotifications(db: Db, userId: number) {
  const rows = db
    .prepare('SELECT * FROM notifications WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT 100')
    .all(userId) as NotificationRow[];
  return rows.map(notificationJson);
}

export function unreadCount(db: Db, userId: number): number {
  const row = db
    .prepare('SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NULL')
    .get(userId) as { n: number };
  return row.n;
}

export function markAllRead(db: Db, userId: number, now: Date): void {
  db.prepare('UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL').run(
    now.toISOString(),
    userId,
  );
}

/** Stores a notification as given: for the seed and registration; the running casino sends through `notify`. */
export function insertNotification(
  db: Db,
  userId: number,
  type: NotificationType,
  subject: string,
  message: string,
  at: Date,
): number {
  const info = db
    .prepare('INSERT INTO notifications (user_id, type, subject, message, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(userId, type, subject, message, at.toISOString());
  return Number(info.lastInsertRowid);
}

/**
 * Stores a notification and tells the player's live channel, with the new unread count. A marketing notification for
 * a player taking a break (or self-excluded) is not created at all: null (docs/rules.md#safer-gambling).
 */
export function notify(
  ctx: SandboxContext,
  userId: number,
  type: NotificationType,
  subject: string,
  message: string,
) {
  const now = ctx.clock();
  if (MARKETING_TYPES.has(type) && currentRestriction(ctx.db, userId, now)) return null;
  const id = insertNotification(ctx.db, userId, type, subject, message, now);
  const row = ctx.db.prepare('SELECT * FROM notifications WHERE id = ?').get(id) as NotificationRow;
  const notification = notificationJson(row);
  ctx.realtime.publish(userChannel(userId), UserEvents.notification, {
    notification,
    unread_count: unreadCount(ctx.db, userId),
  });
  return notification;
}
