import { Modal } from '../../shared/modals/Modal';
import { closeModal } from '../../shared/modals/modal-store';
import { Button } from '../../ui/Button';

/** A modal whose screen is being built: titled, never blank, and says what it will hold. */
export default function ComingSoonModal({ title, about }: { title: string; about: string }) {
  return (
    <Modal title={title} size="sm">
      <p>{about}</p>
      <p>This part of PlayLive opens soon.</p>
      <Button onClick={closeModal}>Close</Button>
    </Modal>
  );
}
