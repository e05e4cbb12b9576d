import type { ReactNode } from 'react';
import type { NotificationType } from '../../__generated__/NotificationsList_viewer.graphql';

/*
 * What each of the 16 notification types (docs/rules.md#notifications) reads as and looks like: a short label
 * above the backend's own subject and message, and an icon in a colour of its kind (money in, money out, loyalty,
 * tournaments, messages). A type the schema does not know yet (OTHER) reads as a plain message.
 */

type Kind = 'money' | 'bonus' | 'loyalty' | 'tournament' | 'message' | 'warning';

const path = (d: string) => <path d={d} />;

const ICONS = {
  gift: path(
    'M3 8h18v5H3zM5 13v8h14v-8M12 8v13M12 8S10.5 3 7.5 3a2.5 2.5 0 0 0 0 5M12 8s1.5-5 4.5-5a2.5 2.5 0 0 1 0 5',
  ),
  optOut: path('M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM8 12h8'),
  check: path('M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM8 12.5l2.5 2.5L16 9.5'),
  cashback: path(
    'M4 12a8 8 0 0 1 14-5.3M20 12a8 8 0 0 1-14 5.3M18 3v4h-4M6 21v-4h4M12 8v8M14 9.5h-3a1.5 1.5 0 0 0 0 3h2a1.5 1.5 0 0 1 0 3h-3',
  ),
  cashDrop: path('M12 3v9M8.5 8.5 12 12l3.5-3.5M3 15h18v6H3zM12 18h.01'),
  user: path('M4 5h16v11H9l-5 4V5ZM8 9h8M8 12h5'),
  jackpot: path('M12 3l2.6 5.6 6 .7-4.5 4.1 1.2 6-5.3-3-5.3 3 1.2-6L3.4 9.3l6-.7L12 3Z'),
  chest: path('M3 10a5 5 0 0 1 5-5h8a5 5 0 0 1 5 5v9H3v-9ZM3 11h18M11 10h2v4h-2z'),
  diamond: path('M6 3h12l4 6-10 12L2 9l4-6ZM2 9h20M9 3l3 18M15 3l-3 18'),
  tierUp: path('M4 20h16M6 16l3-9 3 5 3-5 3 9H6ZM12 4v.01'),
  trophy: path('M8 4h8v5a4 4 0 0 1-8 0V4ZM8 6H4a3 3 0 0 0 4 4M16 6h4a3 3 0 0 1-4 4M12 13v4M8 21h8M9 17h6'),
  podium: path(
    'M3 21V14h6v7M9 21V9h6v12M15 21v-5h6v5M3 21h18M12 3l1 2 2 .3-1.5 1.4.4 2.1L12 7.8l-1.9 1 .4-2.1L9 5.3l2-.3 1-2Z',
  ),
  welcome: path(
    'M7 11V6a1.5 1.5 0 0 1 3 0v5M10 10V4.5a1.5 1.5 0 0 1 3 0V10M13 10V5.5a1.5 1.5 0 0 1 3 0V12M7 11a1.5 1.5 0 0 0-3 0v2a8 8 0 0 0 16 0V9a1.5 1.5 0 0 0-3 0',
  ),
  rollback: path('M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-4'),
  withdrawal: path('M3 10h18M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18M12 3l9 5H3l9-5Z'),
  bell: path('M6 16v-5a6 6 0 1 1 12 0v5l2 2H4l2-2ZM10 20a2 2 0 0 0 4 0'),
} satisfies Record<string, ReactNode>;

/** Where the player acts on a notification: a dialog of theirs, or a page. */
export type NotificationAction =
  | { label: string; modal: 'loyalty' | 'transactions' | 'wagering' | 'wallet' }
  | { label: string; to: string };

interface TypeInfo {
  /** What happened, above the backend's own subject. */
  label: string;
  icon: keyof typeof ICONS;
  kind: Kind;
  /** The row's title when several identical ones are grouped ("3 chests ready"); else the subject and a count. */
  many?: (count: number) => string;
  /** The message under such a group, in place of the newest's own (which speaks of one). */
  manyMessage?: string;
  action?: NotificationAction;
}

const CHESTS: NotificationAction = { label: 'Open your chests', modal: 'loyalty' };
const WAGERING: NotificationAction = { label: 'See your bonus wagering', modal: 'wagering' };
const TRANSACTIONS: NotificationAction = { label: 'See your transactions', modal: 'transactions' };
const TOURNAMENTS: NotificationAction = { label: 'See the tournaments', to: '/tournaments' };

// Labels say what the type means, nothing more: withdrawal_success is sent when a withdrawal is paid (a request
// sends none), so only it reads "Withdrawal paid".
export const NOTIFICATION_TYPES: Record<NotificationType, TypeInfo> = {
  ALLOCATION: {
    label: 'Bonus added',
    icon: 'gift',
    kind: 'bonus',
    many: (n) => `${n} bonuses added`,
    action: WAGERING,
  },
  BONUS_TRANSFER_OPT_OUT: { label: 'Bonus opt-out', icon: 'optOut', kind: 'warning', action: WAGERING },
  BONUS_WAGERING_COMPLETED: { label: 'Wagering completed', icon: 'check', kind: 'bonus', action: WAGERING },
  CASHBACK: { label: 'Cashback', icon: 'cashback', kind: 'money', action: TRANSACTIONS },
  CASH_DROP_FRIDAY: { label: 'Friday cash drop', icon: 'cashDrop', kind: 'money', action: TRANSACTIONS },
  CREATED_BY_USER: { label: 'Message from PlayLive', icon: 'user', kind: 'message' },
  DEPOSIT_REFUNDED: { label: 'Deposit returned', icon: 'rollback', kind: 'money', action: TRANSACTIONS },
  JACKPOT_WIN: { label: 'Jackpot win', icon: 'jackpot', kind: 'money', action: TRANSACTIONS },
  LOYALTY_CHEST_UNLOCKED: {
    label: 'Chest ready',
    icon: 'chest',
    kind: 'loyalty',
    many: (n) => `${n} chests ready`,
    manyMessage: 'They are waiting in your loyalty chests.',
    action: CHESTS,
  },
  LOYALTY_ALLOCATION: {
    label: 'Loyalty reward',
    icon: 'diamond',
    kind: 'loyalty',
    many: (n) => `${n} loyalty rewards`,
    action: TRANSACTIONS,
  },
  LOYALTY_TIER_UNLOCKED: { label: 'New loyalty tier', icon: 'tierUp', kind: 'loyalty', action: CHESTS },
  TOURNAMENT_PRIZE: { label: 'Tournament prize', icon: 'trophy', kind: 'tournament', action: TOURNAMENTS },
  TOURNAMENT_LEADERBOARD_PRIZE: {
    label: 'Leaderboard prize',
    icon: 'podium',
    kind: 'tournament',
    action: TOURNAMENTS,
  },
  WELCOME_MESSAGE: {
    label: 'Welcome',
    icon: 'welcome',
    kind: 'message',
    action: { label: 'Open the cashier', modal: 'wallet' },
  },
  WITHDRAWAL_ROLLBACK: {
    label: 'Withdrawal reversed',
    icon: 'rollback',
    kind: 'warning',
    action: TRANSACTIONS,
  },
  WITHDRAWAL_SUCCESS: { label: 'Withdrawal paid', icon: 'withdrawal', kind: 'money', action: TRANSACTIONS },
  OTHER: { label: 'Notification', icon: 'bell', kind: 'message' },
  '%future added value': { label: 'Notification', icon: 'bell', kind: 'message' },
};

/** A group's title: the type's own plural ("3 chests ready"), else the subject with how many times it came. */
export function groupTitle(type: NotificationType | string, subject: string, count: number): string {
  const info = typeInfo(type);
  const title = subject || info.label;
  if (count <= 1) return title;
  return info.many?.(count) ?? `${title} (${count} times)`;
}

export const typeInfo = (type: NotificationType | string): TypeInfo =>
  NOTIFICATION_TYPES[type as NotificationType] ?? NOTIFICATION_TYPES.OTHER;

/** The type's icon, decorative (its label is read out beside it). */
export function TypeIcon({ type, className }: { type: NotificationType | string; className?: string }) {
  const info = typeInfo(type);
  return (
    <svg
      className={className}
      data-kind={info.kind}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {ICONS[info.icon]}
    </svg>
  );
}
