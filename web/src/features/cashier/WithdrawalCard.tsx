import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { WithdrawalCardCancelMutation } from '../../__generated__/WithdrawalCardCancelMutation.graphql';
import type { WithdrawalCard_withdrawal$key } from '../../__generated__/WithdrawalCard_withdrawal.graphql';
import { errorMessage } from '../../shared/error-message';
import { useMutation } from '../../shared/relay/useMutation';
import { Button } from '../../ui/Button';
import { formatJohannesburg } from '../../ui/time';
import styles from './cashier.module.css';
import { WITHDRAWAL_STATUS_WORDS } from './payout-account';

/** What each state means for the player's money, in a sentence. */
const EXPLAINED: Record<string, string> = {
  PENDING: 'We are checking it. You can still cancel it while it waits.',
  APPROVED: 'Approved and on its way to your bank.',
  PAID: 'Paid into your bank account.',
  REVERSED: 'You cancelled it: the money is back in your balance.',
  FAILED: 'It could not be paid: the money is back in your balance.',
};

/**
 * One withdrawal: its amount, where it goes, where it stands (updated live: the viewer events subscription selects
 * this fragment) and the reference to quote to support; Cancel while it is pending.
 */
export function WithdrawalCard({ withdrawal }: { withdrawal: WithdrawalCard_withdrawal$key }) {
  const w = useFragment(
    graphql`
      fragment WithdrawalCard_withdrawal on Withdrawal {
        id
        reference
        status
        reason
        canCancel
        amount {
          formatted
        }
        requestedAt
        updatedAt
        payoutAccount {
          bank {
            name
          }
          maskedNumber
        }
      }
    `,
    withdrawal,
  );
  const [cancel, cancelling] = useMutation<WithdrawalCardCancelMutation>(graphql`
    mutation WithdrawalCardCancelMutation($input: CancelWithdrawalInput!) {
      cancelWithdrawal(input: $input) {
        withdrawal {
          ...WithdrawalCard_withdrawal
        }
        # The balance with the money back: the header and the cashier show it from the store.
        wallet {
          ...WalletFields_wallet
        }
      }
    }
  `);
  const [error, setError] = useState<string | null>(null);
  const word = WITHDRAWAL_STATUS_WORDS[w.status] ?? w.status;
  const to = w.payoutAccount ? ` to ${w.payoutAccount.bank.name} ${w.payoutAccount.maskedNumber}` : '';

  const onCancel = async () => {
    setError(null);
    try {
      await cancel({ input: { id: w.id } });
    } catch (err) {
      setError(errorMessage(err, 'We could not cancel it right now. Check your connection and try again.'));
    }
  };

  return (
    <li className={styles.withdrawal} aria-label={`Withdrawal of ${w.amount.formatted}${to}`}>
      <div className={styles.withdrawalHead}>
        <strong>
          {w.amount.formatted}
          {to}
        </strong>
        <span className={`${styles.status} ${styles[`status${w.status}`] ?? ''}`}>{word}</span>
      </div>
      <p className={styles.meta}>
        {EXPLAINED[w.status]}
        {w.status === 'FAILED' && w.reason ? ` ${w.reason}` : ''}
      </p>
      <p className={styles.meta}>
        Requested <time dateTime={w.requestedAt}>{formatJohannesburg(w.requestedAt)}</time> ·{' '}
        <span className={styles.ref}>Reference {w.reference}</span>
      </p>
      {error && (
        <p className={styles.formError} role="alert">
          {error}
        </p>
      )}
      {w.canCancel && (
        <Button variant="ghost" onClick={onCancel} disabled={cancelling}>
          {cancelling ? 'Cancelling…' : `Cancel withdrawal of ${w.amount.formatted}`}
        </Button>
      )}
    </li>
  );
}
