import { useId } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { WelcomeOffer_wallet$key } from '../../__generated__/WelcomeOffer_wallet.graphql';
import { openModal } from '../../shared/modals/modal-store';
import { wagerPhrase } from '../../shared/offers/offer-words';
import { WelcomeTerms } from '../../shared/offers/WelcomeTerms';
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
        Get {offer.bonusPercentage}% of this deposit as bonus money, up to {offer.maxBonus.formatted}. Wager{' '}
        {wagerPhrase(offer.wagerMultiplier)} before it becomes cash.
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
        <WelcomeTerms offer={offer} />
        <button type="button" className={styles.link} onClick={() => openModal('terms')}>
          Read the full terms and conditions
        </button>
      </details>
    </section>
  );
}
