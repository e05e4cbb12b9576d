import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { graphql, useLazyLoadQuery, useRelayEnvironment } from 'react-relay';
import type { NotificationBellQuery } from '../../__generated__/NotificationBellQuery.graphql';
import { openModal } from '../../shared/modals/modal-store';
import { storedNotifications, storeUnreadCount } from './persisted';

interface Look {
  className: string | undefined;
  badgeClassName: string | undefined;
  icon: ReactNode;
}

/**
 * The header's notifications button with the unread badge. The count is loaded on its own, not with the root query,
 * so the layout never waits for it; until it arrives (or when it cannot be read) the badge shows the count kept in the
 * browser for this player. Live notifications and marking read update the same record, and the kept count follows.
 */
export function NotificationBell({ viewerId, ...look }: Look & { viewerId: string }) {
  const kept = <Bell {...look} unread={storedNotifications(viewerId)?.unreadCount ?? 0} />;
  return (
    <KeptOnError fallback={kept}>
      <Suspense fallback={kept}>
        <LiveBell viewerId={viewerId} {...look} />
      </Suspense>
    </KeptOnError>
  );
}

function LiveBell({ viewerId, ...look }: Look & { viewerId: string }) {
  const environment = useRelayEnvironment();
  const data = useLazyLoadQuery<NotificationBellQuery>(
    graphql`
      query NotificationBellQuery {
        viewer {
          id
          notifications(first: 1) {
            unreadCount
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'store-and-network', networkCacheConfig: { metadata: { silent: true } } },
  );
  const unread = data.viewer?.notifications?.unreadCount ?? null;
  useEffect(() => {
    if (unread !== null && data.viewer?.id === viewerId) storeUnreadCount(environment, viewerId, unread);
  }, [environment, unread, viewerId, data.viewer?.id]);
  return <Bell {...look} unread={unread ?? storedNotifications(viewerId)?.unreadCount ?? 0} />;
}

function Bell({ className, badgeClassName, icon, unread }: Look & { unread: number }) {
  return (
    <button
      type="button"
      className={className}
      onClick={() => openModal('notifications')}
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
    >
      {icon}
      {unread > 0 && <span className={badgeClassName}>{unread > 99 ? '99+' : unread}</span>}
    </button>
  );
}

/** A count that cannot be read is not an error the player needs: the kept count stays on show. */
class KeptOnError extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
