import type { Environment } from 'relay-runtime';
import { session } from '../../shared/session';
import { savedNotifications, saveNotifications } from '../../shared/storage';

/*
 * The notifications kept in the browser, for the player they belong to: the unread count and the newest page as
 * last seen. The header's badge and the modal show them until the first response arrives; sign-out forgets them
 * (shared/session.ts). Only the session now writes: data of an ended session's environment (a late live event or
 * response) is not written back after its sign-out.
 */

export interface StoredNotification {
  id: string;
  subject: string;
  message: string;
  type: string;
  read: boolean;
  createdAt: string;
}

interface Stored {
  viewerId: string;
  unreadCount: number;
  items: StoredNotification[];
}

/** How many are kept: the modal's first page. */
export const STORED_PAGE = 20;

function load(): Stored | null {
  try {
    const value = JSON.parse(savedNotifications() ?? 'null') as Stored | null;
    if (!value || typeof value.viewerId !== 'string' || typeof value.unreadCount !== 'number') return null;
    return { ...value, items: Array.isArray(value.items) ? value.items : [] };
  } catch {
    return null;
  }
}

/** What is kept for this player; nothing when it belongs to someone else (or to nobody). */
export function storedNotifications(viewerId: string): Stored | null {
  const value = load();
  return value?.viewerId === viewerId ? value : null;
}

function save(environment: Environment, viewerId: string, change: Partial<Omit<Stored, 'viewerId'>>): void {
  if (environment !== session.environment() || !session.signedIn()) return;
  const before = storedNotifications(viewerId) ?? { viewerId, unreadCount: 0, items: [] };
  const next = { ...before, ...change, viewerId };
  next.items = next.items.slice(0, STORED_PAGE);
  saveNotifications(JSON.stringify(next));
}

/** Keeps the unread count, when `environment` (the caller's) is the session's now. */
export const storeUnreadCount = (environment: Environment, viewerId: string, unreadCount: number) =>
  save(environment, viewerId, { unreadCount });

/** Keeps the newest page, when `environment` (the caller's) is the session's now. */
export const storeNotifications = (
  environment: Environment,
  viewerId: string,
  items: StoredNotification[],
  unreadCount: number,
) => save(environment, viewerId, { items, unreadCount });
