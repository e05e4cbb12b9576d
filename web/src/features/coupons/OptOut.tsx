import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import styles from './coupons.module.css';

/**
 * Opting out of a bonus forfeits money, so it asks first: the button opens a confirmation in place (focus moves
 * to its safe choice), and only "Yes, opt out" sends.
 */
export function OptOut(props: {
  label: string;
  warning: string;
  busy: boolean;
  onConfirm: () => Promise<void> | void;
}) {
  const [asking, setAsking] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const wasAsking = useRef(false);

  // Asking: focus on "Keep my bonus"; back from asking: focus on the button that asked.
  useEffect(() => {
    if (asking) box.current?.querySelector<HTMLButtonElement>('[data-keep]')?.focus();
    else if (wasAsking.current) box.current?.querySelector('button')?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <div ref={box}>
        <Button variant="ghost" onClick={() => setAsking(true)}>
          {props.label}
        </Button>
      </div>
    );
  }
  return (
    <div ref={box} className={styles.confirm} role="group" aria-label={props.label}>
      <p>{props.warning}</p>
      <div className={styles.actions}>
        <Button
          className={styles.danger}
          disabled={props.busy}
          onClick={async () => {
            await props.onConfirm();
            setAsking(false);
          }}
        >
          {props.busy ? 'Opting out…' : 'Yes, opt out'}
        </Button>
        <Button data-keep variant="ghost" disabled={props.busy} onClick={() => setAsking(false)}>
          Keep my bonus
        </Button>
      </div>
    </div>
  );
}
