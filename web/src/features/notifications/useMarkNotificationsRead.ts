import { useCallback, useState } from 'react';
import { graphql, useMutation } from 'react-relay';
import { ConnectionHandler, type RecordProxy, type RecordSourceSelectorProxy } from 'relay-runtime';
import type { useMarkNotificationsReadMutation } from '../../__generated__/useMarkNotificationsReadMutation.graphql';
import { errorMessage } from '../live/error-message';

/** The list's connection key: the live updater prepends to it too (features/live). */
export const NOTIFICATIONS_CONNECTION = 'NotificationsList_notifications';

/** Puts a notification on top of the list's connection, counted in its total. */
export function prependNotification(
  store: RecordSourceSelectorProxy,
  connection: RecordProxy,
  node: RecordProxy,
) {
  ConnectionHandler.insertEdgeBefore(
    connection,
    ConnectionHandler.createEdge(store, connection, node, 'NotificationEdge'),
  );
  const total = connection.getValue('totalCount');
  if (typeof total === 'number') connection.setValue(total + 1, 'totalCount');
}

/**
 * Marks every notification read (markNotificationsRead: what opening the modal does, docs/rules.md#notifications).
 * The badge clears at once (optimistic) and comes back if the gateway refuses; the answer brings the list again,
 * read, with the header's count.
 *
 * `listed` gives the ids the list shows, newest first. One that arrived live while the call was on its way may be
 * missing from the answer (the casino marked before it existed): the answer would drop it from the open list and
 * zero the badge, so it is put back on top, still unread, and the list marks again.
 */
export function useMarkNotificationsRead() {
  const [commit, marking] = useMutation<useMarkNotificationsReadMutation>(graphql`
    mutation useMarkNotificationsReadMutation {
      markNotificationsRead {
        viewer {
          id
          headerCount: notifications(first: 1) {
            unreadCount
          }
          ...NotificationsList_viewer
        }
      }
    }
  `);
  const [failure, setFailure] = useState<string | null>(null);
  const mark = useCallback(
    (listed: () => readonly string[]) => {
      setFailure(null);
      const sentWith = new Set(listed());
      commit({
        variables: {},
        updater: (store) =>
          keepArrivals(
            store,
            listed().filter((id) => !sentWith.has(id)),
          ),
        optimisticUpdater: (store) => {
          const viewer = store.getRoot().getLinkedRecord('viewer');
          if (!viewer) return;
          viewer.getLinkedRecord('notifications', { first: 1 })?.setValue(0, 'unreadCount');
          ConnectionHandler.getConnection(viewer, NOTIFICATIONS_CONNECTION)?.setValue(0, 'unreadCount');
        },
        onError: (err) => setFailure(errorMessage(err, 'Your notifications could not be marked as read.')),
      });
    },
    [commit],
  );
  return { mark, marking, failure };
}

/** Puts back on top of the answered list the live arrivals it lacks, and counts those unread on the list and badge. */
function keepArrivals(store: RecordSourceSelectorProxy, arrivals: readonly string[]) {
  const viewer = store.getRoot().getLinkedRecord('viewer');
  const connection = viewer && ConnectionHandler.getConnection(viewer, NOTIFICATIONS_CONNECTION);
  if (!viewer || !connection || arrivals.length === 0) return;
  const answered = new Set(
    (connection.getLinkedRecords('edges') ?? []).map((edge) => edge?.getLinkedRecord('node')?.getDataID()),
  );
  const missing = arrivals.flatMap((id) => {
    const node = store.get(id);
    return node && !answered.has(node.getDataID()) ? [node] : [];
  });
  if (missing.length === 0) return;
  // Newest first: the last inserted ends on top.
  for (const node of [...missing].reverse()) prependNotification(store, connection, node);
  const unread = missing.filter((node) => node.getValue('read') === false).length;
  connection.setValue(unread, 'unreadCount');
  viewer.getLinkedRecord('notifications', { first: 1 })?.setValue(unread, 'unreadCount');
}
