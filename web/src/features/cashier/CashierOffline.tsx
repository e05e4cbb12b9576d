import styles from './cashier.module.css';

/**
 * Money never moves offline (docs/architecture.md#offline-and-flaky-data): above a deposit's or withdrawal's button,
 * which waits for the network (nothing is sent), a word of why; both come back by themselves with the network.
 */
export function CashierOffline({ online }: { online: boolean }) {
  if (online) return null;
  return (
    <p className={styles.notice} role="status">
      {"You're offline. Deposits and withdrawals need a connection."}
    </p>
  );
}
