import { graphql, useFragment } from 'react-relay';
import type { WithdrawLockNotice_wallet$key } from '../../__generated__/WithdrawLockNotice_wallet.graphql';
import { closeModal, openModal } from '../../shared/modals/modal-store';
import { Link } from '../../ui/Link';
import styles from './cashier.module.css';

/** The FICA verification page (features/verification), where a player whose withdrawal waits for it goes. */
export const VERIFICATION_PATH = '/account/verification';

/**
 * What is locked and why (docs/rules.md#bonus-money), for the cashier's balances, the withdraw tab and the header's
 * breakdown: while a bonus is being wagered the cash is locked with it, how much wagering is left, and what opting
 * out costs; an unverified email; an identity not verified yet (FICA), with the way to the verification page;
 * nothing when the player can withdraw. `compact` drops the way to the wagering screen (the breakdown has its own).
 * `onLeave` closes what the notice is in when the player follows its link (the cashier's modal by default).
 */
export function WithdrawLockNotice({
  wallet,
  compact = false,
  onLeave = closeModal,
}: {
  wallet: WithdrawLockNotice_wallet$key;
  compact?: boolean;
  onLeave?: () => void;
}) {
  const w = useFragment(
    graphql`
      fragment WithdrawLockNotice_wallet on Wallet {
        withdrawLock
        money {
          cents
          formatted
        }
        bonus {
          cents
          formatted
        }
        bonusWagering {
          remaining {
            formatted
          }
          required {
            formatted
          }
        }
      }
    `,
    wallet,
  );
  // A bonus being wagered locks the cash whatever else does (docs/rules.md#bonus-money): said even beside another reason.
  const wagering =
    w.bonusWagering || w.withdrawLock === 'BONUS_WAGERING' ? (
      <>
        <p>
          <strong>Your cash ({w.money.formatted}) is locked while your bonus is being wagered.</strong>{' '}
          {w.bonusWagering
            ? `Wager ${w.bonusWagering.remaining.formatted} more (of ${w.bonusWagering.required.formatted}) and the bonus left becomes cash you can withdraw.`
            : 'Once the wagering is met, the bonus left becomes cash you can withdraw.'}
        </p>
        <p>
          Or opt out of the bonus: you lose the bonus ({w.bonus.formatted} now) and can withdraw your cash at
          once.
        </p>
        {!compact && (
          <button type="button" className={styles.link} onClick={() => openModal('wagering')}>
            See your bonus wagering
          </button>
        )}
      </>
    ) : null;
  const email =
    w.withdrawLock === 'EMAIL_UNVERIFIED' ? (
      <p>
        <strong>Withdrawals open once your email address is verified.</strong> Use the link we emailed you
        when you joined.
      </p>
    ) : null;
  const verification =
    w.withdrawLock === 'VERIFICATION_REQUIRED' ? (
      <>
        <p>
          <strong>We need to verify your identity before your first withdrawal (FICA).</strong> The law asks
          us to confirm who you are and that you are 18 or older. Your verification page says what we still
          need and where your documents stand; you can deposit and play meanwhile.
        </p>
        <Link to={VERIFICATION_PATH} className={styles.link} onClick={onLeave}>
          Verify your account
        </Link>
      </>
    ) : null;
  const other =
    w.withdrawLock === 'OTHER' && !wagering ? (
      <p>Withdrawals are not available on this account right now.</p>
    ) : null;
  const bonusOnly =
    !w.withdrawLock && !wagering && w.bonus.cents > 0 ? (
      <p>Your bonus of {w.bonus.formatted} cannot be withdrawn; your cash can.</p>
    ) : null;
  if (!wagering && !email && !verification && !other && !bonusOnly) return null;
  return (
    <div className={styles.lock} role="note" aria-label="Why money is locked">
      {email}
      {verification}
      {wagering}
      {other}
      {bonusOnly}
    </div>
  );
}
