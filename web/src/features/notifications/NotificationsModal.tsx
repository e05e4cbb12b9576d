import { useState } from 'react';
import { graphql, useLazyLoadQuery, useRelayEnvironment } from 'react-relay';
import { ROOT_ID, type Environment } from 'relay-runtime';
import type { NotificationsModalQuery } from '../../__generated__/NotificationsModalQuery.graphql';
import { Modal } from '../../shared/modals/Modal';
import { Spinner } from '../../ui/Spinner';
import { LoadBoundary } from '../../ui/LoadBoundary';
import { groupNotifications } from './group-notifications';
import { NotificationRow } from './NotificationRow';
import { NotificationsList } from './NotificationsList';
import { storedNotifications } from './persisted';
import styles from './NotificationsModal.module.css';
import type { ModalProps } from '../../shared/modals/registry';

const Query = graphql`
  query NotificationsModalQuery {
    viewer {
      id
      ...NotificationsList_viewer
    }
  }
`;

/**
 * The notifications modal (?modal=notifications): read and unread, newest first, new ones arriving live at the top.
 * Opening it marks them read (the list does that). Until the list arrives, the one kept in the browser shows.
 */
export default function NotificationsModal(_props: Pick<ModalProps<'notifications'>, 'params'>) {
  const [fetchKey, setFetchKey] = useState(0);
  return (
    <Modal title="Notifications">
      <LoadBoundary
        what="your notifications"
        onRetry={() => setFetchKey((k) => k + 1)}
        fallback={<KeptList />}
      >
        <Content fetchKey={fetchKey} />
      </LoadBoundary>
    </Modal>
  );
}

function Content({ fetchKey }: { fetchKey: number }) {
  const data = useLazyLoadQuery<NotificationsModalQuery>(
    Query,
    {},
    { fetchPolicy: 'store-or-network', fetchKey },
  );
  if (!data.viewer) throw new Error('Only a signed-in player has notifications.');
  return <NotificationsList viewer={data.viewer} />;
}

/** The list as last seen in this browser, while the fresh one loads. */
function KeptList() {
  const viewerId = viewerIdInStore(useRelayEnvironment());
  const kept = viewerId ? (storedNotifications(viewerId)?.items ?? []) : [];
  return (
    <div aria-busy="true">
      <div className={styles.loading}>
        <Spinner label="Loading your notifications" />
      </div>
      {kept.length > 0 && (
        <ul className={styles.list} aria-label="Notifications">
          {groupNotifications(kept).map(({ latest, members }) => (
            <NotificationRow
              key={latest.id}
              {...latest}
              isNew={members.some((m) => !m.read)}
              count={members.length}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/** The signed-in player's id as the store has it from the root query (the modal's own result has not come yet). */
function viewerIdInStore(environment: Environment): string | null {
  const root = environment.getStore().getSource().get(ROOT_ID) as { viewer?: { __ref?: string } } | undefined;
  const record = root?.viewer?.__ref ? environment.getStore().getSource().get(root.viewer.__ref) : null;
  return typeof record?.id === 'string' ? record.id : null;
}
