import type { LoyaltyTierName } from '../../__generated__/LoyaltyChests_loyalty.graphql';

/*
 * How the tiers read and look (docs/rules.md#loyalty). The arithmetic (chests ready, diamonds toward the next chest,
 * whether a tier is used up) is the gateway's; the screen only shows it.
 */

/** A chest needs 10 diamonds: only to draw "3 of 10" (the gateway counts the chests). */
export const DIAMONDS_PER_CHEST = 10;

export const TIER_LABEL: Record<LoyaltyTierName, string> = {
  BRONZE: 'Bronze',
  SILVER: 'Silver',
  GOLD: 'Gold',
  PLATINUM: 'Platinum',
  BLACK: 'Black',
  '%future added value': 'Loyalty',
};

/** A tier's own colour, for its gem and accents (text stays in the theme's colours for contrast). */
export const TIER_COLOUR: Record<LoyaltyTierName, string> = {
  BRONZE: '#cd7f32',
  SILVER: '#c9ced6',
  GOLD: '#f7b731',
  PLATINUM: '#8fd3e8',
  BLACK: '#0b0b0f',
  '%future added value': '#b3b8cf',
};

export const tierLabel = (tier: LoyaltyTierName) => TIER_LABEL[tier] ?? TIER_LABEL['%future added value'];
export const tierColour = (tier: LoyaltyTierName) => TIER_COLOUR[tier] ?? TIER_COLOUR['%future added value'];
