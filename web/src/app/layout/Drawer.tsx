import * as Dialog from '@radix-ui/react-dialog';
import { openModal } from '../../shared/modals/modal-store';
import styles from './AppLayout.module.css';
import { SideMenu } from './SideMenu';

/**
 * The side menu as a drawer on phones: a dialog (focus kept inside, Escape closes, focus goes back to the button).
 * A signed-in player finds Deposit at its top, as in the header.
 */
export default function Drawer({
  onClose,
  signedIn = false,
  depositsPaused = false,
}: {
  onClose: () => void;
  signedIn?: boolean;
  /** A break or self-exclusion in force: no Deposit here either (docs/rules.md#safer-gambling). */
  depositsPaused?: boolean;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.drawerOverlay} />
        <Dialog.Content className={styles.drawer} aria-describedby={undefined}>
          <Dialog.Title className="visually-hidden">Menu</Dialog.Title>
          <Dialog.Close className={styles.drawerClose} aria-label="Close the menu">
            ×
          </Dialog.Close>
          {signedIn && !depositsPaused && (
            <button
              type="button"
              className={styles.drawerDeposit}
              onClick={() => {
                onClose();
                openModal('wallet', { tab: 'deposit' });
              }}
            >
              Deposit
            </button>
          )}
          <SideMenu onChoose={onClose} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
