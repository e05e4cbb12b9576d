import { useEffect, useRef, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { WithdrawalCard_withdrawal$key } from '../../__generated__/WithdrawalCard_withdrawal.graphql';
import type { WithdrawForm_query$key } from '../../__generated__/WithdrawForm_query.graphql';
import type { WithdrawFormRequested_withdrawal$key } from '../../__generated__/WithdrawFormRequested_withdrawal.graphql';
import { refusalOf } from '../../shared/forms/validation';
import { closeModal } from '../../shared/modals/modal-store';
import { Link } from '../../ui/Link';
import { MutationError } from '../../shared/relay/useMutation';
import { Button } from '../../ui/Button';
import { isOnline, useOnline } from '../../shared/offline/connection';
import { Spinner } from '../../ui/Spinner';
import { checkAmount, limitsHint } from './amount';
import { AmountField } from './AmountField';
import { CashierOffline } from './CashierOffline';
import styles from './cashier.module.css';
import {
  checkDelay,
  outcomeUnknown,
  rememberUnknownWithdrawal,
  unknownWithdrawal,
} from './withdrawal-outcome';
import { PayoutAccountForm } from './PayoutAccountForm';
import { useWithdraw } from './useWithdraw';
import { VERIFICATION_PATH } from './WithdrawLockNotice';
import { WithdrawalCard } from './WithdrawalCard';

/** Automatic checks of an unknown outcome before leaving it to "Check again" (the gateway limits attempts). */
const AUTO_CHECKS = 6;

interface Unknown {
  /** The request as sent (rands), so a check sends the same one with the same idempotency key. */
  amount: string;
  attempt: number;
  checking: boolean;
}

/**
 * A withdrawal (docs/rules.md#withdrawals), offered only while the casino says the player may withdraw
 * (canWithdraw); otherwise a pointer to the reason, which the balances' lock notice gives. The first withdrawal asks where to pay it (the payout account); then "Paying
 * to Capitec ····1234" with a way to change it, the amount, and the player's latest withdrawals, each updated live
 * and cancellable while pending. A request whose answer never came is said to be unknown, checked again (the same
 * idempotency key: it can only ever withdraw once), never called failed or done.
 */
export function WithdrawForm({ query }: { query: WithdrawForm_query$key }) {
  const data = useFragment(
    graphql`
      fragment WithdrawForm_query on Query {
        payoutBanks {
          code
          name
        }
        viewer {
          account {
            name
          }
          payoutAccount {
            id
            bank {
              name
            }
            maskedNumber
            verified
          }
          withdrawals(first: 3) {
            id
            ...WithdrawalCard_withdrawal
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
      }
    `,
    query,
  );
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [verify, setVerify] = useState(false);
  const [done, setDone] = useState<{
    text: string;
    withdrawal: WithdrawFormRequested_withdrawal$key | null;
  } | null>(null);
  const [editingAccount, setEditingAccount] = useState(false);
  // The withdrawals asked for since the cashier opened, newest first (the query's list is from when it opened).
  const [made, setMade] = useState<{ id: string; ref: WithdrawalCard_withdrawal$key }[]>([]);
  const [unknown, setUnknownState] = useState<Unknown | null>(() => {
    const amount = unknownWithdrawal();
    return amount === null ? null : { amount, attempt: 0, checking: false };
  });
  const setUnknown = (next: Unknown | null | ((u: Unknown | null) => Unknown | null)) =>
    setUnknownState((u) => {
      const value = typeof next === 'function' ? next(u) : next;
      rememberUnknownWithdrawal(value?.amount ?? null);
      return value;
    });
  const [withdraw, busy] = useWithdraw();
  const online = useOnline();

  /** Sends the request (again, when checking): the payload, or the outcome as the form shows it. */
  const send = async (rands: string, checking: boolean) => {
    try {
      const result = await withdraw({ amount: rands });
      setUnknown(null);
      setAmount('');
      const w = result.withdraw.withdrawal;
      if (w) setMade((list) => [{ id: w.id, ref: w }, ...list.filter((m) => m.id !== w.id)]);
      setDone({
        text: `Your withdrawal of ${result.withdraw.amount.formatted} is requested.`,
        withdrawal: w ?? null,
      });
    } catch (err) {
      const code = err instanceof MutationError ? err.code : undefined;
      // While checking, being asked to slow down says nothing about the withdrawal either.
      if (outcomeUnknown(code) || (checking && code === 'RATE_LIMITED')) {
        setUnknown((u) => ({ amount: rands, attempt: checking && u ? u.attempt + 1 : 0, checking: false }));
        return;
      }
      setUnknown(null);
      const refusal = refusalOf(err);
      setMessage(refusal.message ?? refusal.fields.amount ?? null);
      // The casino's FICA refusal (its message says what is missing): the way to the verification page beside it.
      setVerify(code === 'VERIFICATION_REQUIRED');
    }
  };

  const check = useRef<() => void>(() => {});
  check.current = () => {
    if (!unknown || unknown.checking) return;
    setUnknown({ ...unknown, checking: true });
    void send(unknown.amount, true);
  };

  // Keeps checking an unknown outcome, waiting longer each time, and again whenever the player comes back.
  useEffect(() => {
    if (!unknown || unknown.checking) return;
    const onVisible = () => document.visibilityState === 'visible' && check.current();
    document.addEventListener('visibilitychange', onVisible);
    const timer =
      unknown.attempt < AUTO_CHECKS
        ? setTimeout(() => check.current(), checkDelay(unknown.attempt))
        : undefined;
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      clearTimeout(timer);
    };
  }, [unknown]);

  const viewer = data.viewer;
  const wallet = viewer?.wallet;
  if (!viewer || !wallet) return null;

  const recent = [
    ...made,
    ...(viewer.withdrawals ?? [])
      .filter((w) => !made.some((m) => m.id === w.id))
      .map((w) => ({ id: w.id, ref: w })),
  ].slice(0, 3);
  const history = recent.length > 0 && (
    <section aria-label="Your latest withdrawals" className={styles.withdrawals}>
      <h3 className={styles.subheading}>Your latest withdrawals</h3>
      <ul>
        {recent.map((w) => (
          <WithdrawalCard key={w.id} withdrawal={w.ref} />
        ))}
      </ul>
    </section>
  );

  if (!wallet.canWithdraw) {
    return (
      <>
        <div className={styles.notice} role="status">
          {/* Why, in one place: the balances' lock notice above the tabs (WithdrawLockNotice). */}
          <p>
            <strong>Withdrawals are closed for now.</strong> The note under your balances says why.
          </p>
        </div>
        {history}
      </>
    );
  }

  if (unknown) {
    return (
      <>
        <section className={styles.outcome} aria-label="Your withdrawal request">
          <div className={styles.notice} aria-live="polite">
            <p>
              <strong>We have not heard back about your withdrawal of R{unknown.amount} yet.</strong> It may
              have gone through, so we are checking. Asking again can only ever make it once.
            </p>
            {unknown.checking && (
              <p className={styles.checking}>
                <Spinner label="Checking your withdrawal" />
                <span>Checking…</span>
              </p>
            )}
          </div>
          <div className={styles.outcomeActions}>
            <Button variant="ghost" onClick={() => check.current()} disabled={unknown.checking}>
              Check again
            </Button>
          </div>
        </section>
        {history}
      </>
    );
  }

  const account = viewer.payoutAccount;
  if (!account || editingAccount) {
    return (
      <PayoutAccountForm
        banks={data.payoutBanks ?? []}
        holder={viewer.account?.name ?? ''}
        onSaved={() => setEditingAccount(false)}
        {...(account ? { onCancel: () => setEditingAccount(false) } : {})}
      />
    );
  }

  const min = wallet.limits?.withdrawalMin;
  const max = wallet.limits?.withdrawalMax;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isOnline()) return;
    setMessage(null);
    setVerify(false);
    setDone(null);
    const checked = checkAmount(amount, { min, max, available: wallet.money, operation: 'withdrawal' });
    if (!checked.ok) return setError(checked.message);
    setError(null);
    await send(checked.amount, false);
  };

  return (
    <>
      <form noValidate onSubmit={submit} className={styles.form} aria-label="Withdraw">
        {message && (
          <div className={styles.formError} role="alert">
            <p className={styles.formErrorText}>{message}</p>
            {verify && (
              <Link to={VERIFICATION_PATH} className={styles.link} onClick={closeModal}>
                Verify your account
              </Link>
            )}
          </div>
        )}
        {done && <RequestedNote text={done.text} withdrawal={done.withdrawal} />}
        <div className={styles.payee}>
          <p>
            Paying to{' '}
            <strong>
              {account.bank.name} {account.maskedNumber}
            </strong>
            {!account.verified && (
              <span className={styles.meta}> · we check it before the first payment</span>
            )}
          </p>
          <button type="button" className={styles.link} onClick={() => setEditingAccount(true)}>
            Change bank account
          </button>
        </div>
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
        <CashierOffline online={online} />
        <Button type="submit" className={styles.submit} disabled={busy || !online}>
          {busy ? 'Sending your withdrawal…' : 'Withdraw'}
        </Button>
        <p className={styles.aside}>
          Only your cash balance can be withdrawn. Requests before 1pm are paid the same day.
        </p>
      </form>
      {history}
    </>
  );
}

/**
 * "Your withdrawal of R70.00 is requested.", while it is: once its status moves on (approved, paid, cancelled,
 * failed, updated live), its card below says where it stands and the note goes, so no green line stays above a
 * red Failed card.
 */
function RequestedNote({
  text,
  withdrawal,
}: {
  text: string;
  withdrawal: WithdrawFormRequested_withdrawal$key | null;
}) {
  const w = useFragment(
    graphql`
      fragment WithdrawFormRequested_withdrawal on Withdrawal {
        status
      }
    `,
    withdrawal,
  );
  if (w && w.status !== 'PENDING') return null;
  return (
    <p className={styles.success} role="status">
      {text}
    </p>
  );
}
