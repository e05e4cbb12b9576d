import { useCallback, useState } from 'react';
import { graphql } from 'react-relay';
import { ConnectionHandler, type RecordSourceSelectorProxy } from 'relay-runtime';
import type { MarkNotificationsReadMutation } from '../../__generated__/MarkNotificationsReadMutation.graphql';
import { errorMessage } from '../../shared/error-message';
import { useMutation } from '../../shared/relay/useMutation';
import { NOTIFICATIONS_CONNECTION, prependNotification } from '../../shared/relay/notifications-connection';

/**
 * Marks every notification read (markNotificationsRead: what opening the modal does, docs/rules.md#notifications).
 * The badge clears at once (optimistic) and comes back if the gateway refuses; the result brings the list again,
 * read, with the header's count.
 *
 * `listed` gives the ids the list shows, newest first. One that arrived live while the call was on its way may be
 * missing from the result (the casino marked before it existed): the result would drop it from the open list and
 * zero the badge, so it is put back on top, still unread, and the list marks again.
 */
export function useMarkNotificationsRead() {
  const [send] = useMutation<MarkNotificationsReadMutation>(graphql`
    mutation MarkNotificationsReadMutation {
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
  // One state, so no render sees the marking over without its failure (the list would mark again at once).
  const [state, setState] = useState<{ marking: boolean; failure: string | null }>({
    marking: false,
    failure: null,
  });
  const mark = useCallback(
    (listed: () => readonly string[]) => {
      setState({ marking: true, failure: null });
      const sentWith = new Set(listed());
      send(
        {},
        {
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
        },
      ).then(
        () => setState({ marking: false, failure: null }),
        (err: unknown) =>
          setState({
            marking: false,
            failure: errorMessage(err, 'Your notifications could not be marked as read.'),
          }),
      );
    },
    [send],
  );
  return { mark, ...state };
}

/** Puts back on top of the returned list the live arrivals it lacks, and counts those unread on the list and badge. */
function keepArrivals(store: RecordSourceSelectorProxy, arrivals: readonly string[]) {
  const viewer = store.getRoot().getLinkedRecord('viewer');
  const connection = viewer && ConnectionHandler.getConnection(viewer, NOTIFICATIONS_CONNECTION);
  if (!viewer || !connection || arrivals.length === 0) return;
  const returned = new Set(
    (connection.getLinkedRecords('edges') ?? []).map((edge) => edge?.getLinkedRecord('node')?.getDataID()),
  );
  const missing = arrivals.flatMap((id) => {
    const node = store.get(id);
    return node && !returned.has(node.getDataID()) ? [node] : [];
  });
  if (missing.length === 0) return;
  // Newest first: the last inserted ends on top.
  for (const node of [...missing].reverse()) prependNotification(store, connection, node);
  const unread = missing.filter((node) => node.getValue('read') === false).length;
  connection.setValue(unread, 'unreadCount');
  viewer.getLinkedRecord('notifications', { first: 1 })?.setValue(unread, 'unreadCount');
}
