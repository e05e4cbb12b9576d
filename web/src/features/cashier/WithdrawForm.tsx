import { useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { WithdrawForm_viewer$key } from '../../__generated__/WithdrawForm_viewer.graphql';
import { openModal } from '../../shared/modals/modal-store';
import { Button } from '../../ui/Button';
import { refusalOf } from '../../shared/forms/validation';
import { checkAmount, limitsHint } from './amount';
import { AmountField } from './AmountField';
import styles from './cashier.module.css';
import { useWithdraw } from './useWithdraw';

/**
 * A withdrawal, offered only while the casino says the player may withdraw (canWithdraw); otherwise the reason, as
 * far as the player's account tells it (docs/rules.md#payments: a verified email and no bonus wagering left).
 * Withdrawals come out of the money balance, within the casino's limits, checked before sending.
 */
export function WithdrawForm({ viewer }: { viewer: WithdrawForm_viewer$key }) {
  const data = useFragment(
    graphql`
      fragment WithdrawForm_viewer on Viewer {
        account {
          emailVerified
        }
        wagering {
          active
        }
        wallet {
          canWithdraw
          money {
            cents
            formatted
          }
          limits {
            withdrawalMin {
              cents
              formatted
            }
            withdrawalMax {
              cents
              formatted
            }
          }
        }
      }
    `,
    viewer,
  );
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [withdraw, busy] = useWithdraw();
  const wallet = data.wallet;
  if (!wallet) return null;

  if (!wallet.canWithdraw) {
    return (
      <div className={styles.notice} role="status">
        {data.account?.emailVerified === false ? (
          <p>
            <strong>Verify your email address to withdraw.</strong> Open the link we emailed you when you
            joined, then come back here.
          </p>
        ) : data.wagering?.active ? (
          <>
            <p>
              <strong>Finish wagering your bonus to withdraw.</strong> Withdrawals open once your bonus
              wagering is complete, or once you opt out of the bonus.
            </p>
            <Button variant="ghost" onClick={() => openModal('wagering')}>
              See your bonus wagering
            </Button>
          </>
        ) : (
          <p>
            <strong>Withdrawals are not available on this account right now.</strong> Please contact support
            and we will sort it out.
          </p>
        )}
      </div>
    );
  }

  const min = wallet.limits?.withdrawalMin;
  const max = wallet.limits?.withdrawalMax;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setDone(null);
    const checked = checkAmount(amount, { min, max, available: wallet.money, operation: 'withdrawal' });
    if (!checked.ok) return setError(checked.message);
    setError(null);
    try {
      const result = await withdraw({ amount: checked.amount });
      setAmount('');
      setDone(`Your withdrawal of ${result.withdraw.amount.formatted} is on its way.`);
    } catch (err) {
      const refusal = refusalOf(err);
      setMessage(refusal.message ?? refusal.fields.amount ?? null);
    }
  };

  return (
    <form noValidate onSubmit={submit} className={styles.form} aria-label="Withdraw">
      {message && (
        <p className={styles.formError} role="alert">
          {message}
        </p>
      )}
      {done && (
        <p className={styles.success} role="status">
          {done}
        </p>
      )}
      <p className={styles.single}>
        Available to withdraw: <strong>{wallet.money.formatted}</strong>
      </p>
      <AmountField
        label="Amount to withdraw (R)"
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setError(null);
          setDone(null);
        }}
        error={error}
        hint={limitsHint(min, max)}
        min={min}
        max={max && max.cents < wallet.money.cents ? max : wallet.money}
        disabled={busy}
      />
      <Button type="submit" className={styles.submit} disabled={busy}>
        {busy ? 'Sending your withdrawal…' : 'Withdraw'}
      </Button>
      <p className={styles.aside}>
        Only your money balance can be withdrawn. Requests before 1pm are paid the same day.
      </p>
    </form>
  );
}
