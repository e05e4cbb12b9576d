import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import styles from './Modal.module.css';
import { closeModal, restoreFocus } from './modal-store';

/**
 * Every modal's layout: a labelled dialog (Radix: focus trapped and given back, Escape and the close button close
 * it, the page behind is inert), a title, an optional description, and its content.
 */
export function Modal(props: {
  title: string;
  description?: string;
  children: ReactNode;
  size?: 'sm' | 'md';
  onClose?: () => void;
}) {
  const close = props.onClose ?? closeModal;
  return (
    <Dialog.Root open onOpenChange={(isOpen) => !isOpen && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={`${styles.content} ${props.size === 'sm' ? styles.sm : ''}`}
          // Opened from a store rather than a trigger: focus goes back to what opened it, not to the page.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            restoreFocus();
          }}
          {...(props.description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.head}>
            <Dialog.Title className={styles.title}>{props.title}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Close">
              ×
            </Dialog.Close>
          </div>
          {props.description && (
            <Dialog.Description className={styles.description}>{props.description}</Dialog.Description>
          )}
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
