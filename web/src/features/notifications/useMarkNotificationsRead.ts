import { useCallback, useState } from 'react';
import { graphql, useMutation } from 'react-relay';
import { ConnectionHandler } from 'relay-runtime';
import type { useMarkNotificationsReadMutation } from '../../__generated__/useMarkNotificationsReadMutation.graphql';
import { errorMessage } from '../live/error-message';

/** The list's connection key: the live updater prepends to it too (features/live). */
export const NOTIFICATIONS_CONNECTION = 'NotificationsList_notifications';

/**
 * Marks every notification read (markNotificationsRead: what opening the modal does, docs/rules.md#notifications).
 * The badge clears at once (optimistic) and comes back if the gateway refuses; the answer brings the list again,
 * read, with the header's count.
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
  const mark = useCallback(() => {
    setFailure(null);
    commit({
      variables: {},
      optimisticUpdater: (store) => {
        const viewer = store.getRoot().getLinkedRecord('viewer');
        if (!viewer) return;
        viewer.getLinkedRecord('notifications', { first: 1 })?.setValue(0, 'unreadCount');
        ConnectionHandler.getConnection(viewer, NOTIFICATIONS_CONNECTION)?.setValue(0, 'unreadCount');
      },
      onError: (err) => setFailure(errorMessage(err, 'Your notifications could not be marked as read.')),
    });
  }, [commit]);
  return { mark, marking, failure };
}
