import { useCallback, useEffect, useRef, useState } from 'react';
import { graphql, usePaginationFragment, useRelayEnvironment } from 'react-relay';
import type { NotificationsListPaginationQuery } from '../../__generated__/NotificationsListPaginationQuery.graphql';
import type { NotificationsList_viewer$key } from '../../__generated__/NotificationsList_viewer.graphql';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { groupNotifications } from './group-notifications';
import { NotificationRow } from './NotificationRow';
import { STORED_PAGE, storeNotifications } from './persisted';
import { useMarkNotificationsRead } from './useMarkNotificationsRead';
import styles from './NotificationsModal.module.css';

/**
 * The player's notifications, newest first, 20 at a time with Show more. Opening marks them read; those unread at
 * that moment, and any that arrive live while the list is open, stay marked New until the modal closes. The first
 * page is kept in the browser for the next opening.
 */
export function NotificationsList({ viewer }: { viewer: NotificationsList_viewer$key }) {
  const environment = useRelayEnvironment();
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    NotificationsListPaginationQuery,
    NotificationsList_viewer$key
  >(
    graphql`
      fragment NotificationsList_viewer on Viewer
      @refetchable(queryName: "NotificationsListPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
        id
        notifications(first: $count, after: $cursor) @connection(key: "NotificationsList_notifications") {
          unreadCount
          totalCount
          edges {
            node {
              id
              subject
              message
              type
              read
              createdAt
            }
          }
        }
      }
    `,
    viewer,
  );
  const connection = data.notifications;
  const nodes = connection?.edges.map((e) => e.node) ?? [];
  const unreadCount = connection?.unreadCount ?? 0;

  // What the list held when it opened: unread ones then, and any not among them later, read as New.
  const [openedWith] = useState(() => ({
    ids: new Set(nodes.map((n) => n.id)),
    unread: new Set(nodes.filter((n) => !n.read).map((n) => n.id)),
  }));
  // Live arrivals are prepended: they sit above the first one the list opened with (later pages sit below).
  const firstKnown = nodes.findIndex((n) => openedWith.ids.has(n.id));
  const isNew = (n: { id: string }, index: number) =>
    openedWith.unread.has(n.id) || (!openedWith.ids.has(n.id) && (firstKnown === -1 || index < firstKnown));

  const { mark, marking, failure } = useMarkNotificationsRead();
  // The ids shown now, for a marking in flight to keep those that arrive before its result (kept up to date before
  // the effect below marks).
  const shownIds = useRef<readonly string[]>([]);
  useEffect(() => {
    shownIds.current = connection?.edges.map((e) => e.node.id) ?? [];
  }, [connection?.edges]);
  const markShown = useCallback(() => mark(() => shownIds.current), [mark]);
  const markedOnce = useRef(false);
  useEffect(() => {
    // Once on opening; again when one arrives live while the list is open (the player is looking at it).
    if (marking || failure) return;
    if (!markedOnce.current || unreadCount > 0) {
      markedOnce.current = true;
      markShown();
    }
  }, [markShown, marking, failure, unreadCount]);

  useEffect(() => {
    storeNotifications(
      environment,
      data.id,
      nodes.slice(0, STORED_PAGE).map((n) => ({
        id: n.id,
        subject: n.subject,
        message: n.message,
        type: n.type,
        read: n.read,
        createdAt: n.createdAt,
      })),
      unreadCount,
    );
    // `nodes` is new on every render; the connection's edges change only with the data.
  }, [environment, connection?.edges, unreadCount, data.id]);

  if (!connection) {
    throw new Error('The notifications could not be read.');
  }

  return (
    <>
      {failure && (
        <div role="alert" className={styles.failure}>
          <p>{failure}</p>
          <Button variant="ghost" onClick={markShown}>
            Try again
          </Button>
        </div>
      )}
      {nodes.length === 0 ? (
        <p className={styles.empty}>
          No notifications yet. Messages about your bonuses, wins, chests and payouts will show here.
        </p>
      ) : (
        <ul className={styles.list} aria-label="Notifications">
          {groupNotifications(nodes.map((n, index) => ({ ...n, isNew: isNew(n, index) }))).map(
            ({ latest, members }) => (
              <NotificationRow
                key={latest.id}
                type={latest.type}
                subject={latest.subject}
                message={latest.message}
                createdAt={latest.createdAt}
                isNew={members.some((m) => m.isNew)}
                count={members.length}
              />
            ),
          )}
        </ul>
      )}
      {hasNext && (
        <div className={styles.more}>
          {isLoadingNext ? (
            <Spinner label="Loading more notifications" />
          ) : (
            <Button variant="ghost" onClick={() => loadNext(20)}>
              Show more
            </Button>
          )}
        </div>
      )}
    </>
  );
}
