import { useNavigate } from 'react-router';
import { Modal } from '../../shared/modals/Modal';
import { closeModal } from '../../shared/modals/modal-store';
import type { ModalProps } from '../../shared/modals/registry';
import { Button } from '../../ui/Button';
import styles from './notices.module.css';

/** The maintenance notice: its message, and where a player can go meanwhile. */
export default function MaintenanceModal({ site }: Pick<ModalProps<'maintenance'>, 'site'>) {
  const message = site.maintenanceMessage ?? 'PlayLive is being updated. Please try again shortly.';
  const navigate = useNavigate();
  const go = (path: string) => {
    closeModal();
    navigate(path);
  };
  return (
    <Modal title="We are doing some maintenance" size="sm">
      <p>{message}</p>
      <div className={styles.actions}>
        <Button onClick={() => go('/promotions')}>Promotions</Button>
        <Button variant="ghost" onClick={() => go('/webplay/game-providers')}>
          Game providers
        </Button>
      </div>
    </Modal>
  );
}
