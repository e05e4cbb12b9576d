import { useEffect, useState, type FormEvent } from 'react';
import { graphql, useFragment, useRelayEnvironment } from 'react-relay';
import type { DepositForm_safeGambling$key } from '../../__generated__/DepositForm_safeGambling.graphql';
import type {
  DepositForm_wallet$data,
  DepositForm_wallet$key,
  PaymentGateway,
} from '../../__generated__/DepositForm_wallet.graphql';
import { Button } from '../../ui/Button';
import { isOnline, useOnline } from '../../shared/offline/connection';
import { refusalOf } from '../../shared/forms/validation';
import { closeModal } from '../../shared/modals/modal-store';
import { DEPOSIT_METHOD_KEY, keepForSession, keptForSession } from '../../shared/storage';
import type { MutationError } from '../../shared/relay/useMutation';
import { formatJohannesburg } from '../../ui/time';
import { checkAmount, limitsHint } from './amount';
import { aboveAllowance, allowanceLine, depositAllowance, refreshDepositLimits } from './deposit-allowance';
import { AmountField } from './AmountField';
import { CashierOffline } from './CashierOffline';
import styles from './cashier.module.css';
import { returnAddress } from './deposit-return';
import { dismissDeposit, refreshWallet } from './deposit-watch';
import { DepositPreview } from './DepositPreview';
import { methodHint, PaymentLogo } from './PaymentLogo';
import { useDeposit } from './useDeposit';
import { WelcomeOffer } from './WelcomeOffer';
import { Link } from '../../ui/Link';

type Method = DepositForm_wallet$data['paymentMethods'][number];

/**
 * A deposit: the methods the casino has switched on (by the names players know, with their logos), the welcome
 * package while it is open, the amount (checked before sending) and what it will credit, then off to the method's
 * payment page, which brings the player back to the cashier. `only` keeps one method (the Capitec page).
 * `safeGambling` (docs/rules.md#safer-gambling; null when it could not be read, and the casino still checks): what
 * the deposit limits leave, said before the amount and held to, a way to set one, and no form during a break.
 */
export function DepositForm({
  wallet,
  safeGambling,
  only,
}: {
  wallet: DepositForm_wallet$key;
  safeGambling: DepositForm_safeGambling$key | null | undefined;
  only?: PaymentGateway;
}) {
  const data = useFragment(
    graphql`
      fragment DepositForm_wallet on Wallet {
        welcomePackage {
          available
        }
        ...WelcomeOffer_wallet
        paymentMethods {
          gateway
          type
          provider
          name
        }
        limits {
          depositMin {
            cents
            formatted
          }
          depositMax {
            cents
            formatted
          }
        }
      }
    `,
    wallet,
  );
  const tools = useFragment(
    graphql`
      fragment DepositForm_safeGambling on SafeGambling {
        depositLimits {
          day {
            limit {
              formatted
            }
            remaining {
              cents
              formatted
            }
            resetsAt
          }
          week {
            limit {
              formatted
            }
            remaining {
              cents
              formatted
            }
            resetsAt
          }
          month {
            limit {
              formatted
            }
            remaining {
              cents
              formatted
            }
            resetsAt
          }
        }
        restriction {
          kind
          endsAt
        }
      }
    `,
    safeGambling,
  );
  const allowance = tools ? depositAllowance(tools.depositLimits) : null;
  const environment = useRelayEnvironment();
  const methods = data.paymentMethods.filter((m) => !only || m.gateway === only);
  // The method the player chose stays chosen: back from a payment page (a cancelled or failed payment), on a reload,
  // or the next time the cashier opens in this tab; the first method only until they choose.
  const [gateway, setGateway] = useState<PaymentGateway | null>(
    () => keptForSession<PaymentGateway>(DEPOSIT_METHOD_KEY) ?? methods[0]?.gateway ?? null,
  );
  const choose = (chosen: PaymentGateway) => {
    setGateway(chosen);
    keepForSession(DEPOSIT_METHOD_KEY, chosen);
  };
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  // Opt-in (docs/rules.md#welcome-package): unticked until the player ticks it; nothing here ticks it again.
  const [welcomeBonus, setWelcomeBonus] = useState(false);
  const [deposit, busy] = useDeposit();
  const online = useOnline();
  const method: Method | undefined = methods.find((m) => m.gateway === gateway) ?? methods[0];
  const min = data.limits?.depositMin;
  const max = data.limits?.depositMax;
  const offerOpen = data.welcomePackage?.available === true;
  const checkedAmount = checkAmount(amount, { min, max, operation: 'deposit' });

  // Back from the payment page with the browser's back button, the page may come back as it was left: usable again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => event.persisted && setLeaving(false);
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  if (tools?.restriction?.kind === 'BREAK') {
    return (
      <div className={styles.notice} role="status">
        <p>
          <strong>Deposits are paused until {formatJohannesburg(tools.restriction.endsAt)}</strong>, while you
          take a break. Your balance and withdrawals work as usual.
        </p>
        <p>
          <Link to="/account/safer-gambling" onClick={closeModal}>
            Safer gambling
          </Link>
        </p>
      </div>
    );
  }

  if (methods.length === 0) {
    return (
      <p className={styles.notice} role="status">
        No way to deposit is available right now. Please try again later.
      </p>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isOnline()) return;
    // A new attempt: the last one's outcome (a returned deposit's, too) does not stay above what this one says.
    dismissDeposit();
    setMessage(null);
    setOutcome(null);
    const checked = checkAmount(amount, { min, max, operation: 'deposit' });
    if (!checked.ok) return setError(checked.message);
    if (allowance && checked.cents > allowance.cents) return setError(aboveAllowance(allowance));
    if (!method) return;
    setError(null);
    try {
      const result = await deposit({
        gateway: method.gateway,
        amount: checked.amount,
        returnUrl: returnAddress(method.provider, window.location),
        welcomeBonus: offerOpen && welcomeBonus,
      });
      const { status, redirectUrl, amount: paid } = result.deposit;
      if (status === 'PENDING') {
        // The payment is finished on the provider's page, which sends the player back (see ./deposit-return).
        setLeaving(true);
        window.location.assign(redirectUrl);
        return;
      }
      setOutcome(
        status === 'COMPLETE'
          ? `Your deposit of ${paid.formatted} is in your balance.`
          : `Your deposit of ${paid.formatted} did not go through. Nothing was taken; you can try again.`,
      );
      refreshWallet(environment);
    } catch (err) {
      setMessage(refusalOf(err).message ?? refusalOf(err).fields.amount ?? null);
      // The casino counted a deposit this screen had not seen (another tab or device): what is left, read again.
      if ((err as MutationError | null)?.code === 'DEPOSIT_LIMIT_REACHED') refreshDepositLimits(environment);
    }
  };

  return (
    <form noValidate onSubmit={submit} className={styles.form} aria-label="Deposit">
      {message && (
        <p className={styles.formError} role="alert">
          {message}
        </p>
      )}
      {outcome && (
        <p className={styles.success} role="status">
          {outcome}
        </p>
      )}
      {offerOpen && (
        <WelcomeOffer
          wallet={data}
          claimed={welcomeBonus}
          onClaimedChange={setWelcomeBonus}
          disabled={busy || leaving}
        />
      )}
      {methods.length > 1 ? (
        <fieldset className={styles.methods}>
          <legend className={styles.legend}>Payment method</legend>
          <div className={styles.methodGrid}>
            {methods.map((m) => (
              <label key={m.gateway} className={styles.method}>
                <input
                  type="radio"
                  name="gateway"
                  value={m.gateway}
                  checked={m.gateway === method?.gateway}
                  disabled={busy || leaving}
                  onChange={() => choose(m.gateway)}
                />
                <PaymentLogo gateway={m.gateway} className={styles.methodLogo} />
                <span className={styles.methodName}>{m.name}</span>
                <span className={styles.methodType}>{methodHint(m.gateway)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <p className={styles.single}>
          {method && <PaymentLogo gateway={method.gateway} className={styles.methodLogo} />}
          Pay with <strong>{method?.name}</strong>
        </p>
      )}
      {allowance && <p className={styles.allowance}>{allowanceLine(allowance)}</p>}
      <AmountField
        label="Amount to deposit (R)"
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setError(null);
          // Another amount: the refusal of the last one no longer applies (and its preview comes back).
          setMessage(null);
        }}
        error={error}
        hint={limitsHint(min, max)}
        min={min}
        // Quick amounts above what the deposit limits leave would only be refused.
        max={allowance && (!max || allowance.cents < max.cents) ? allowance : max}
        disabled={busy || leaving}
      />
      {/* A refused deposit (in the form or by the casino) credits nothing: no "You get…" beside the refusal. */}
      <DepositPreview
        amount={checkedAmount.ok && !error && !message ? checkedAmount.amount : null}
        welcomeBonus={offerOpen && welcomeBonus}
      />
      <CashierOffline online={online} />
      <Button type="submit" variant="accent" className={styles.submit} disabled={busy || leaving || !online}>
        {leaving ? 'Taking you to pay…' : busy ? 'Starting your deposit…' : 'Deposit'}
      </Button>
      {tools && !allowance && (
        <p className={styles.aside}>
          Keep your deposits in hand:{' '}
          <Link to="/account/safer-gambling#deposit-limits" onClick={closeModal}>
            Set a deposit limit
          </Link>
        </p>
      )}
      <p className={styles.aside}>
        You finish paying with {method?.name} on a secure payment page, then come straight back here.
      </p>
    </form>
  );
}
