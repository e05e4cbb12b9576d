import { useRelayEnvironment } from 'react-relay';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import styles from './cashier.module.css';
import type { DepositReturn } from './deposit-return';
import { dismissDeposit, watchDeposit, type WatchedDeposit } from './deposit-watch';

/**
 * Back from the payment page: where the deposit stands, said as it changes (a polite live region), until it
 * settles; then the outcome and the way on.
 */
export function DepositOutcome({
  watched,
  deposit,
}: {
  watched: WatchedDeposit;
  deposit: DepositReturn | null;
}) {
  const environment = useRelayEnvironment();
  const sum = watched.amount ?? 'your deposit';
  const again = deposit && (() => watchDeposit(environment, deposit, true));

  const body = (() => {
    switch (watched.phase) {
      case 'checking':
        return (
          <p className={styles.checking}>
            <Spinner label="Checking your payment" />
            <span>Checking your payment{watched.amount ? ` of ${watched.amount}` : ''} with the bank…</span>
          </p>
        );
      case 'complete':
        return (
          <p className={styles.success}>
            <strong>Payment received.</strong> {cap(sum)} is in your cash balance.
            {watched.bonus ? (
              <>
                {' '}
                Your welcome bonus of {watched.bonus.amount} is in your bonus balance
                {watched.bonus.wagering
                  ? `: wager ${watched.bonus.wagering} in total to turn it into cash.`
                  : '.'}
              </>
            ) : (
              ' Good luck!'
            )}
          </p>
        );
      case 'failed':
        return (
          <p className={styles.formError}>
            <strong>
              {watched.failure === 'CANCELLED'
                ? 'The payment was cancelled.'
                : watched.failure === 'EXPIRED'
                  ? 'The payment expired: it was not paid within the time the casino allows.'
                  : 'The payment did not go through.'}
            </strong>{' '}
            Nothing was taken for {sum}. You can try again below.
          </p>
        );
      case 'refunded':
        // A break or a self-exclusion began before the payment was made: the casino keeps no money then.
        return (
          <p className={styles.notice}>
            <strong>We sent {sum} back.</strong> The payment arrived while deposits are paused on your account
            (a break or a self-exclusion), so the casino returned it to where it came from at once. Your
            balance did not change.
          </p>
        );
      case 'missing':
        return (
          <p className={styles.formError}>
            <strong>We could not find this payment.</strong> If money left your account, contact support with
            reference {watched.paymentId}.
          </p>
        );
      case 'slow':
        return (
          <p className={styles.notice}>
            <strong>Your bank has not confirmed the payment yet.</strong> Your balance updates as soon as it
            does.
          </p>
        );
      case 'unknown':
        // Not "not found", not "failed": nobody has said yet (docs/rules.md#payments).
        return (
          <p className={styles.notice}>
            <strong>
              We're still confirming your payment{watched.amount ? ` of ${watched.amount}` : ''}.
            </strong>{' '}
            We could not reach the casino to check it just now, so its outcome is not known yet. If it went
            through, the money is safe and shows in your balance as soon as we hear. We keep checking.
          </p>
        );
    }
  })();

  const settled = watched.phase !== 'checking';
  return (
    <section className={styles.outcome} aria-label="Your deposit">
      <div aria-live="polite">{body}</div>
      {settled && (
        <div className={styles.outcomeActions}>
          {(watched.phase === 'slow' || watched.phase === 'unknown') && again && (
            <Button variant="ghost" onClick={again}>
              Check again
            </Button>
          )}
          <Button variant="ghost" onClick={dismissDeposit}>
            Done
          </Button>
        </div>
      )}
    </section>
  );
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
