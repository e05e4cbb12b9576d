import { useEffect, useRef } from 'react';
import styles from './coupons.module.css';

export interface NoticeText {
  kind: 'success' | 'error';
  text: string;
}

/**
 * The outcome of an action, said where the action was. It takes focus: the control that led to it has usually
 * gone (a confirmation, a form), and focus must not fall out of the dialog.
 */
export function Notice({ notice }: { notice: NoticeText }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), [notice]);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      className={notice.kind === 'success' ? styles.success : styles.error}
      role={notice.kind === 'success' ? 'status' : 'alert'}
    >
      {notice.text}
    </p>
  );
}
