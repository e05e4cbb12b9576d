import { Button } from '../../ui/Button';
import styles from './PartError.module.css';

/** A part of a screen that failed to load: says so, and offers to try again. */
export function PartError({
  message,
  retry,
  retrying,
}: {
  message: string;
  retry: () => void;
  retrying: boolean;
}) {
  return (
    <div role="alert" className={styles.error}>
      <p>{message}</p>
      <Button variant="ghost" onClick={retry} disabled={retrying}>
        {retrying ? 'Trying again…' : 'Try again'}
      </Button>
    </div>
  );
}
