import type { ReactNode } from 'react';
import { Modal } from '../../shared/modals/Modal';
import { Button } from '../../ui/Button';
import styles from './breaks.module.css';

/**
 * The step before a break or a self-exclusion starts (docs/rules.md#safer-gambling): a labelled dialog saying what
 * will happen, the casino's refusal if it refuses, and the button that does it beside Cancel. Escape and Cancel
 * leave everything as it was.
 */
export function ConfirmDialog(props: {
  title: string;
  confirm: string;
  busy: boolean;
  /** False while something the player must do first is missing (the exclusion's checkbox). */
  ready?: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Modal title={props.title} onClose={props.onCancel}>
      <div className={styles.dialogText}>{props.children}</div>
      {props.error && (
        <p className={styles.error} role="alert">
          {props.error}
        </p>
      )}
      <div className={styles.actions}>
        <Button onClick={props.onConfirm} disabled={props.busy || props.ready === false}>
          {props.busy ? 'One moment…' : props.confirm}
        </Button>
        <Button variant="ghost" onClick={props.onCancel} disabled={props.busy}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}
