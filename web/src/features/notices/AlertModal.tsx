import { Modal } from '../../shared/modals/Modal';
import { closeModal } from '../../shared/modals/modal-store';
import type { ModalProps } from '../../shared/modals/registry';
import { Button } from '../../ui/Button';

/** A message for the player (a game that would not start shows the server's own words here). */
export default function AlertModal({ params }: Pick<ModalProps<'alert'>, 'params'>) {
  return (
    <Modal title={params.title ?? 'Something went wrong'} size="sm">
      <p>{params.message ?? ''}</p>
      <Button onClick={closeModal}>OK</Button>
    </Modal>
  );
}
