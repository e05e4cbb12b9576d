import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { NotificationModel } from '../models.js';
import { connectionFromArray, toGlobalId, type ConnectionArgs } from '../relay.js';
import { loadNotifications, markAllNotificationsRead } from '../upstream/notifications.js';
import { requirePlayerId } from './guard.js';
import type { NodeLoader } from './node.js';
import { withSession, type Prefetches } from './prefetch.js';
import { viewerOf } from './viewer.js';

/** The notifications as a Relay connection; the unread count covers every notification, not just the page. */
export function notificationConnection(list: readonly NotificationModel[], args: ConnectionArgs) {
  return { ...connectionFromArray(list, args), unreadCount: list.filter((n) => n.readAt === null).length };
}

export const notificationsResolvers: Resolvers = {
  Viewer: {
    notifications: async (_v, args, ctx) =>
      notificationConnection(await loadNotifications(ctx.scope.upstream), args),
  },

  Notification: {
    id: (n) => toGlobalId('Notification', n.id),
    read: (n) => n.readAt !== null,
  },

  Mutation: {
    markNotificationsRead: async (_root, { input }, ctx) => {
      await requirePlayerId(ctx);
      // The payload's fields read the same (deduplicated) call, each with its own first/after.
      await markAllNotificationsRead(ctx.scope.upstream);
      return { clientMutationId: input?.clientMutationId ?? null };
    },
  },

  MarkNotificationsReadPayload: {
    notifications: async (_p, args, ctx) =>
      notificationConnection(await markAllNotificationsRead(ctx.scope.upstream), args),
    viewer: async (_p, _args, ctx) => viewerOf(await requirePlayerId(ctx)),
  },
};

export const notificationsPrefetches: Prefetches = {
  Viewer: { notifications: withSession((ctx) => loadNotifications(ctx.scope.upstream)) },
};

export const notificationsNodeLoaders: Record<string, NodeLoader> = {
  // Only notifications in the viewer's own list can be found (the list is read with the account, not after it).
  Notification: async (id, ctx) => {
    const loading = ctx.scope.upstream.token ? loadNotifications(ctx.scope.upstream) : null;
    // Reported only once the account has been read.
    loading?.catch(() => {});
    if (!loading || !(await ctx.viewer())) return null;
    return (await loading).find((n) => String(n.id) === id) ?? null;
  },
};
