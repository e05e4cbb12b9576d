import { useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { LoyaltyModalQuery } from '../../__generated__/LoyaltyModalQuery.graphql';
import { Modal } from '../../shared/modals/Modal';
import { LoyaltyChests } from './LoyaltyChests';
import { LoadBoundary } from '../../ui/LoadBoundary';
import styles from './LoyaltyModal.module.css';
import type { ModalProps } from '../../shared/modals/registry';

/**
 * The loyalty chest modal (?modal=loyalty). Opening it loads the loyalty again
 * (docs/rules.md#routes-and-query-parameters), showing what the store has meanwhile; live events keep it current
 * while it is open.
 */
export default function LoyaltyModal(_props: Pick<ModalProps<'loyalty'>, 'params'>) {
  const [fetchKey, setFetchKey] = useState(0);
  return (
    <Modal title="Loyalty chests">
      <LoadBoundary what="your loyalty chests" onRetry={() => setFetchKey((k) => k + 1)}>
        <LoyaltyContent fetchKey={fetchKey} />
      </LoadBoundary>
    </Modal>
  );
}

function LoyaltyContent({ fetchKey }: { fetchKey: number }) {
  const data = useLazyLoadQuery<LoyaltyModalQuery>(
    graphql`
      query LoyaltyModalQuery {
        site {
          loyaltyEnabled
        }
        viewer {
          id
          loyalty {
            id
            enabled
            ...LoyaltyChests_loyalty
            ...LoyaltyIcon_loyalty
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'store-and-network', fetchKey },
  );
  const loyalty = data.viewer?.loyalty ?? null;
  if (data.site?.loyaltyEnabled === false || loyalty?.enabled === false) {
    return <p className={styles.off}>Loyalty chests are not available on your account right now.</p>;
  }
  if (!loyalty) throw new Error('The loyalty could not be read.');
  return <LoyaltyChests loyalty={loyalty} />;
}
