import styles from './Spinner.module.css';

/** A small busy indicator; its label is read out to screen readers. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span className={styles.spinner} role="status">
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
