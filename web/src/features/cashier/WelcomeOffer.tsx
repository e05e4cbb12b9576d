import { useId } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { WelcomeOffer_wallet$key } from '../../__generated__/WelcomeOffer_wallet.graphql';
import { openModal } from '../../shared/modals/modal-store';
import styles from './cashier.module.css';

/**
 * The welcome package while it is open to the player (docs/rules.md#welcome-package): the offer in plain words, the
 * choice to add it to this deposit, and its terms one click away (a disclosure here, the full terms beyond). The
 * exact amounts for the amount typed are the deposit preview's (DepositPreview), never computed here.
 */
export function WelcomeOffer(props: {
  wallet: WelcomeOffer_wallet$key;
  claimed: boolean;
  onClaimedChange: (claimed: boolean) => void;
  disabled: boolean;
}) {
  const data = useFragment(
    graphql`
      fragment WelcomeOffer_wallet on Wallet {
        welcomePackage {
          bonusPercentage
          wagerMultiplier
          maxBonus {
            formatted
          }
        }
      }
    `,
    props.wallet,
  );
  const titleId = useId();
  const offer = data.welcomePackage;
  if (!offer) return null;
  return (
    <section className={styles.welcome} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.welcomeTitle}>
        Welcome bonus
      </h3>
      <p className={styles.welcomeText}>
        Get {offer.bonusPercentage}% of this deposit as bonus money, up to {offer.maxBonus.formatted}.
      </p>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={props.claimed}
          disabled={props.disabled}
          onChange={(event) => props.onClaimedChange(event.target.checked)}
        />
        Add my welcome bonus to this deposit
      </label>
      <details className={styles.terms}>
        <summary>How the welcome bonus works</summary>
        <ul>
          <li>
            It comes only with your first deposit, when you tick the box: {offer.bonusPercentage}% of the
            deposit, at most {offer.maxBonus.formatted}. Your deposit goes to your cash; the bonus to your
            bonus balance.
          </li>
          <li>
            Before the bonus becomes cash you can withdraw, your stakes must add up to {offer.wagerMultiplier}{' '}
            times the bonus. Stakes from your cash and from your bonus both count.
          </li>
          <li>
            While you wager it, your cash is locked too: you can withdraw once the wagering is done. Stakes
            come from your cash first, then from your bonus; a win goes back to the balance its stake came
            from.
          </li>
          <li>
            You can opt out at any time on the Bonus wagering screen: the bonus left is removed, and your cash
            can be withdrawn straight away.
          </li>
          <li>
            One bonus at a time. Leave the box unticked to deposit without it: the offer ends with your first
            deposit either way.
          </li>
        </ul>
        <button type="button" className={styles.link} onClick={() => openModal('terms')}>
          Read the full terms and conditions
        </button>
      </details>
    </section>
  );
}
