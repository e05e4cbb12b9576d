import { useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { WageringModalQuery } from '../../__generated__/WageringModalQuery.graphql';
import { Modal } from '../../shared/modals/Modal';
import { closeModal, openModal } from '../../shared/modals/modal-store';
import { Button } from '../../ui/Button';
import { refusalOf } from '../../shared/forms/validation';
import styles from './coupons.module.css';
import { LoadBoundary } from '../../ui/LoadBoundary';
import { useOptOutBonus } from './useOptOutBonus';
import { Notice, type NoticeText } from './Notice';
import { OptOut } from './OptOut';
import { useReload } from '../../shared/relay/useReload';
import { WageringDetails } from './WageringDetails';
import type { ModalProps } from '../../shared/modals/registry';

/**
 * The bonus wagering modal (docs/rules.md#coupons-and-wagering): how much of the active bonus's requirement is
 * wagered, each wallet's balance, and the bonus opt-out (asked first; the result carries the wagering and the
 * wallet after it). Only while the site's wagering flag is on.
 */
export default function WageringModal(_props: Pick<ModalProps<'wagering'>, 'params'>) {
  const { options, reload } = useReload();
  return (
    <Modal title="Bonus wagering" size="sm">
      <LoadBoundary what="your bonus wagering" onRetry={reload}>
        <WageringContent options={options} onRetry={reload} />
      </LoadBoundary>
    </Modal>
  );
}

function WageringContent(props: { options: ReturnType<typeof useReload>['options']; onRetry: () => void }) {
  const data = useLazyLoadQuery<WageringModalQuery>(
    graphql`
      query WageringModalQuery {
        site {
          wageringEnabled
        }
        viewer {
          id
          wagering @catch(to: RESULT) {
            id
            active
            bonusBalance {
              formatted
            }
            ...WageringDetails_wagering
          }
        }
      }
    `,
    {},
    props.options,
  );
  const [notice, setNotice] = useState<NoticeText | null>(null);
  const [optOut, optingOut] = useOptOutBonus();

  if (data.site?.wageringEnabled !== true) {
    return (
      <div className={styles.empty}>
        <p>Bonus wagering is not available right now.</p>
        <Button variant="ghost" onClick={closeModal}>
          Close
        </Button>
      </div>
    );
  }
  if (!data.viewer) return <p>Log in to see your bonus wagering.</p>;

  const result = data.viewer.wagering;
  if (!result.ok || !result.value) {
    return (
      <div className={styles.failed}>
        <p role="alert">We could not load your bonus wagering right now.</p>
        <Button onClick={props.onRetry}>Try again</Button>
      </div>
    );
  }
  const wagering = result.value;

  const leave = async () => {
    try {
      await optOut();
      setNotice({ kind: 'success', text: 'You opted out of your bonus. Its balance has been removed.' });
    } catch (err) {
      setNotice({ kind: 'error', text: refusalOf(err).message ?? 'We could not opt you out. Try again.' });
    }
  };

  return (
    <div className={styles.stack}>
      {notice && <Notice notice={notice} />}
      {wagering.active ? (
        <p className={styles.muted}>
          Your stakes count toward the wagering requirement. When it is met, your bonus becomes cash you can
          withdraw.
        </p>
      ) : (
        <div className={styles.empty}>
          <p>
            <strong>You have no bonus to wager.</strong>
          </p>
          <p className={styles.muted}>Redeem a coupon to get a bonus; its wagering shows here.</p>
          <Button variant="accent" onClick={() => openModal('coupon')}>
            Redeem a coupon
          </Button>
        </div>
      )}
      <WageringDetails wagering={wagering} />
      {wagering.active && (
        <OptOut
          label="Opt out of the bonus"
          warning={`Opting out forfeits your bonus${wagering.bonusBalance ? ` balance of ${wagering.bonusBalance.formatted}` : ''} and ends its wagering. This cannot be undone.`}
          busy={optingOut}
          onConfirm={leave}
        />
      )}
    </div>
  );
}
