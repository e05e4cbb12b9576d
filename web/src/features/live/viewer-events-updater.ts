import { ConnectionHandler, type RecordSourceSelectorProxy } from 'relay-runtime';
import type { ViewerEventsSubscription$data } from '../../__generated__/ViewerEventsSubscription.graphql';
import { NOTIFICATIONS_CONNECTION, prependNotification } from '../../shared/relay/notifications-connection';

/*
 * What one live event changes in the store beyond what Relay normalises by id (a wallet, a refetched loyalty, a
 * snapshot's viewer): the progress toward the next diamond on the Loyalty record; a new notification at the top of
 * the modal's list, and the unread count on the list and on the header's count; a verification as it now stands in
 * the viewer's place (it has no id of its own: it is the viewer's).
 */
export function applyViewerEvent(
  store: RecordSourceSelectorProxy<ViewerEventsSubscription$data>,
  data: ViewerEventsSubscription$data | null | undefined,
): void {
  const event = data?.viewerEvents;
  const viewer = store.getRoot().getLinkedRecord('viewer');
  if (!event || !viewer) return;

  if (event.__typename === 'LoyaltyProgressEvent') {
    viewer.getLinkedRecord('loyalty')?.setValue(event.progressPercent, 'progressPercent');
    return;
  }

  if (event.__typename === 'VerificationEvent') {
    const verification = store.getRootField('viewerEvents')?.getLinkedRecord('verification');
    if (verification) viewer.setLinkedRecord(verification, 'verification');
    return;
  }

  if (event.__typename === 'NotificationEvent') {
    viewer.getLinkedRecord('notifications', { first: 1 })?.setValue(event.unreadCount, 'unreadCount');
    const connection = ConnectionHandler.getConnection(viewer, NOTIFICATIONS_CONNECTION);
    const node = event.notification ? store.get(event.notification.id) : null;
    if (!connection || !node) return;
    const edges = connection.getLinkedRecords('edges') ?? [];
    const known = edges.some((edge) => edge?.getLinkedRecord('node')?.getDataID() === node.getDataID());
    if (!known) prependNotification(store, connection, node);
    connection.setValue(event.unreadCount, 'unreadCount');
  }
}
