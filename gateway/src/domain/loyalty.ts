import type { TierName } from '../models.js';

/** The tiers from lowest to highest (docs/rules.md#loyalty). */
export const TIER_ORDER: readonly TierName[] = ['bronze', 'silver', 'gold', 'platinum', 'black'];

/** A chest needs 10 diamonds; a tier other than Black is used up at 100 used diamonds (docs/rules.md#loyalty). */
export const DIAMONDS_PER_CHEST = 10;
export const USED_CAP = 100;

/** Each tier's progress thresholds (docs/rules.md#loyalty). */
export const TIER_THRESHOLDS: Readonly<Record<TierName, readonly number[]>> = {
  bronze: [0, 10, 20, 30, 40],
  silver: [0, 50, 100, 150, 200],
  gold: [0, 100, 200, 300, 400],
  platinum: [0, 250, 500, 750, 1000],
  black: [0, 500, 1000, 1500, 2000],
};

/** Loyalty is on only while the reward status is active (docs/rules.md#loyalty). */
export const loyaltyEnabled = (status: string): boolean => status === 'active';

/** True once a capped tier's 100 diamonds are used; Black has no cap, so never. */
export function isFullyUsed(tier: TierName, used: number): boolean {
  return tier !== 'black' && used >= USED_CAP;
}

/**
 * Chests ready to open in a tier. Every 10 unused diamonds make one; a capped tier only counts diamonds up to 100,
 * so a used-up tier has none. Black: floor((diamonds - used) / 10).
 */
export function chestsReady(tier: TierName, diamonds: number, used: number): number {
  const countable = tier === 'black' ? diamonds : Math.min(diamonds, USED_CAP);
  return Math.max(0, Math.floor((countable - used) / DIAMONDS_PER_CHEST));
}

/** Diamonds toward the next chest: (diamonds - used) mod 10, never negative. */
export function diamondsTowardNextChest(diamonds: number, used: number): number {
  return Math.max(0, diamonds - used) % DIAMONDS_PER_CHEST;
}

/** The backend's progress (0..1 toward the next diamond) as a whole percentage, 0..100. */
export function progressPercent(progress: number): number {
  if (!Number.isFinite(progress)) return 0;
  return Math.round(Math.min(1, Math.max(0, progress)) * 100);
}

export interface TierSummary {
  tier: TierName;
  diamonds: number;
  used: number;
  chests: number;
  diamondsTowardNextChest: number;
  fullyUsed: boolean;
  thresholds: number[];
  /** Diamonds whose chests the tier gives (USED_CAP); null for Black, which has no cap. */
  cap: number | null;
}

/** Everything the schema shows about one tier, from its diamonds and used counts. */
export function summarizeTier(tier: TierName, diamonds: number, used: number): TierSummary {
  return {
    tier,
    diamonds,
    used,
    chests: chestsReady(tier, diamonds, used),
    diamondsTowardNextChest: diamondsTowardNextChest(diamonds, used),
    fullyUsed: isFullyUsed(tier, used),
    thresholds: [...TIER_THRESHOLDS[tier]],
    cap: tier === 'black' ? null : USED_CAP,
  };
}
