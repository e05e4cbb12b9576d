import { Modal } from '../../app/modals/Modal';
import { closeModal } from '../../app/modals/modal-store';
import { Button } from '../../ui/Button';

/** A message for the player (a game that would not start shows the server's own words here). */
export default function AlertModal({ title, message }: { title: string; message: string }) {
  return (
    <Modal title={title} size="sm">
      <p>{message}</p>
      <Button onClick={closeModal}>OK</Button>
    </Modal>
  );
}
