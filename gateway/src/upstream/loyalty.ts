import { z } from 'zod';
import { TIER_ORDER } from '../domain/loyalty.js';
import type { LoyaltyModel, TierName } from '../models.js';
import { parseUpstream, randCents } from './parse.js';
import type { RequestUpstream } from './request-upstream.js';

const count = z
  .union([z.number(), z.string().regex(/^\d+$/)])
  .transform(Number)
  .pipe(z.number().int().min(0));
const Tier = z.enum(['bronze', 'silver', 'gold', 'platinum', 'black']);

const LoyaltyJson = z.object({
  balance: count,
  progress: z.union([z.number(), z.string()]).transform(Number).pipe(z.number().finite()),
  // Per tier: {tier}_diamonds and {tier}_diamonds_used (docs/rules.md#loyalty); a tier never reached may be left out.
  loyaltyReward: z
    .object({
      status: z.string(),
      current_tier: z
        .string()
        .transform((s) => s.toLowerCase())
        .pipe(Tier),
    })
    .catchall(z.unknown()),
});

function tierCount(reward: Record<string, unknown>, key: string): number {
  const parsed = count.safeParse(reward[key] ?? 0);
  return parsed.success ? parsed.data : 0;
}

/** The loyalty response without its owner (the backend does not say whose it is). */
type LoyaltyFields = Omit<LoyaltyModel, 'userId'>;

function toLoyaltyFields(raw: unknown): LoyaltyFields {
  const l = parseUpstream(LoyaltyJson, raw, 'loyalty');
  const reward = l.loyaltyReward;
  return {
    __typename: 'Loyalty',
    status: reward.status,
    balance: l.balance,
    progress: l.progress,
    currentTier: reward.current_tier,
    tiers: TIER_ORDER.map((tier) => ({
      tier,
      diamonds: tierCount(reward, `${tier}_diamonds`),
      used: tierCount(reward, `${tier}_diamonds_used`),
    })),
  };
}

/** GET /api/loyaltyChests as read (deduplicated) for this execution, before its owner is known. */
export const readLoyalty = (upstream: RequestUpstream) =>
  upstream.read('/api/loyaltyChests', toLoyaltyFields);

/** GET /api/loyaltyChests: chests ready (balance), progress toward the next diamond, diamonds per tier. */
export async function loadLoyalty(upstream: RequestUpstream, userId: number): Promise<LoyaltyModel> {
  return { ...(await readLoyalty(upstream)), userId };
}

const OpenedJson = z.object({ reward: z.object({ tier: Tier, amount: randCents }) });

export interface OpenedChest {
  tier: TierName;
  rewardCents: number;
  /** The loyalty state after opening. */
  loyalty: LoyaltyModel;
}

/** POST /api/loyaltyChests {tier?}: opens one chest (the lowest tier with one ready when no tier is given). */
export async function openChest(
  upstream: RequestUpstream,
  userId: number,
  tier: TierName | null,
): Promise<OpenedChest> {
  const raw = await upstream.write({
    method: 'POST',
    path: '/api/loyaltyChests',
    json: tier ? { tier } : {},
  });
  const { reward } = parseUpstream(OpenedJson, raw, 'opened chest');
  return { tier: reward.tier, rewardCents: reward.amount, loyalty: { ...toLoyaltyFields(raw), userId } };
}

const ProgressEventJson = z.object({
  progress: z.number().finite().min(0).max(1),
  newDiamond: z.boolean(),
  newChest: z.boolean(),
});

/** The `loyaltyProgress` live event (progress 0..1 toward the next diamond); null when it does not parse. */
export function parseLoyaltyProgressEvent(data: unknown): z.infer<typeof ProgressEventJson> | null {
  const parsed = ProgressEventJson.safeParse(data);
  return parsed.success ? parsed.data : null;
}
