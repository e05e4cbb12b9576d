import { ConnectionHandler, type RecordProxy, type RecordSourceSelectorProxy } from 'relay-runtime';

/*
 * The notifications list's connection in the Relay store, shared by the list (features/notifications) and the live
 * events that add to it (features/live).
 */

/** The list's connection key: the live updater prepends to it too. */
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
