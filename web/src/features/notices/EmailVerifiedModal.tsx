import { Modal } from '../../shared/modals/Modal';
import { closeModal } from '../../shared/modals/modal-store';
import { Button } from '../../ui/Button';

/** Shown after a player follows the verification link (?email_verified=1) and the account says verified. */
export default function EmailVerifiedModal() {
  return (
    <Modal title="Your email is verified" size="sm">
      <p>Thank you. Withdrawals are now open to you, and we will send your receipts to this address.</p>
      <Button onClick={closeModal}>Continue</Button>
    </Modal>
  );
}
