/*
 * How the site says an offer's numbers, one way everywhere (docs/rules.md#promotions-and-banners): the numbers are
 * always the casino's (Query.welcomeOffer, a promotion's coupon, the wallet's welcome package, a preview), never
 * written here; only the words around them are.
 */

/** A money amount the casino formatted, shortened for a headline when it is whole rands: "R2,500.00" → "R2,500". */
export const headlineRands = (formatted: string) => formatted.replace(/\.00$/, '');

/**
 * The wagering: "35× the bonus", and with the amount when the bonus is known: "35× the bonus, R8,750.00". Sentences
 * put "Wager" (or "wager") before it.
 */
export const wagerPhrase = (multiplier: number, required?: string) =>
  `${multiplier}× the bonus${required ? `, ${required}` : ''}`;

/** The welcome offer's headline: "250% bonus up to R2,500". */
export const welcomeHeadline = (offer: { bonusPercentage: number; maxBonus: { formatted: string } }) =>
  `${offer.bonusPercentage}% bonus up to ${headlineRands(offer.maxBonus.formatted)}`;
