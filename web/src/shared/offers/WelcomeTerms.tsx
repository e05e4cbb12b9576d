import { wagerPhrase } from './offer-words';

/** The welcome package's numbers, as the casino states them (WelcomeOffer, or the wallet's WelcomePackage). */
export interface WelcomeTermsValues {
  bonusPercentage: number;
  wagerMultiplier: number;
  maxBonus: { formatted: string };
  minDeposit?: { formatted: string } | null;
}

/**
 * The welcome package's terms in plain words (docs/rules.md#welcome-package), the same list on the Promotions page and
 * in the cashier: every number is the casino's.
 */
export function WelcomeTerms({ offer, className }: { offer: WelcomeTermsValues; className?: string }) {
  return (
    <ul className={className}>
      <li>
        {offer.bonusPercentage}% of your first deposit as bonus money, at most {offer.maxBonus.formatted}
        {offer.minDeposit ? `, on a deposit of ${offer.minDeposit.formatted} or more` : ''}. It comes only
        when you tick “Add my welcome bonus” in the cashier; your deposit goes to your cash, the bonus to your
        bonus balance.
      </li>
      <li>
        Before the bonus becomes cash you can withdraw, wager {wagerPhrase(offer.wagerMultiplier)}: your
        stakes from cash and from bonus both count.
      </li>
      <li>
        While you wager it, your cash is locked too: you can withdraw once the wagering is done. Stakes come
        from your cash first, then from your bonus; a win goes back to the balance its stake came from.
      </li>
      <li>
        You can opt out at any time on the Bonus wagering screen: the bonus left is removed, and your cash can
        be withdrawn straight away.
      </li>
      <li>One bonus at a time. The offer ends with your first deposit, with or without the bonus.</li>
    </ul>
  );
}
