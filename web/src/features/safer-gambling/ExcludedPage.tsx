import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import NotFoundPage from '../../shared/page/NotFoundPage';
import { PageHead } from '../../shared/page/PageHead';
import { formatJohannesburg } from '../../ui/time';
import styles from './breaks.module.css';
import type { Excluded } from './excluded';
import { Link } from '../../ui/Link';

const isExcluded = (state: unknown): state is Excluded =>
  typeof (state as Excluded | null)?.endsAt === 'string';

/**
 * After a self-exclusion (docs/rules.md#safer-gambling): a calm page, the player already signed out, saying until
 * when, where their cash balance is being paid, and where to find help. Only the exclusion's own navigation has
 * what it says (the history entry's state); any other visit is not found.
 */
export function Component() {
  const { state } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const excluded = isExcluded(state) ? state : null;
  useEffect(() => {
    heading.current?.focus();
  }, []);
  if (!excluded) return <NotFoundPage />;
  const until = formatJohannesburg(excluded.endsAt);
  const payout = excluded.payout;
  return (
    <div className={styles.calm}>
      <PageHead title="You have excluded yourself" />
      <h1 ref={heading} tabIndex={-1}>
        You have excluded yourself until <span className={styles.nowrap}>{until}</span>
      </h1>
      <p>
        You have been signed out. You cannot sign in, deposit or play on PlayLive before {until}, and this
        cannot be undone.
      </p>
      {payout ? (
        <p>
          {payout.account ? (
            <>
              Your cash balance of <strong>{payout.amount}</strong> is being paid out to{' '}
              <strong className={styles.nowrap}>{payout.account}</strong> (reference{' '}
              <span className={styles.nowrap}>{payout.reference}</span>).
            </>
          ) : (
            <>
              Your cash balance of <strong>{payout.amount}</strong> is being paid out (reference{' '}
              <span className={styles.nowrap}>{payout.reference}</span>). You have no bank account saved, so
              our support team will contact you to arrange it.
            </>
          )}
        </p>
      ) : (
        <p>You had no cash balance to pay out.</p>
      )}
      <p>
        If you would like to talk to someone, the National Responsible Gambling Programme helpline is free and
        confidential, 24 hours a day:{' '}
        <a href="tel:0800006008" className={styles.nowrap}>
          0800 006 008
        </a>
        .
      </p>
      <div className={styles.calmActions}>
        <Link to="/responsible-gambling">Responsible gambling</Link>
      </div>
    </div>
  );
}
