import type { SandboxContext } from '../context.js';
import type { Db } from '../db/open.js';
import { ApiError } from '../http/errors.js';
import { UserEvents, userChannel } from '../realtime/hub.js';
import { post } from './ledger.js';
import { notify } from './notifications.js';
import { findUser } from './users.js';

export const TIERS = ['bronze', 'silver', 'gold', 'platinum', 'black'] as const;
export type Tier = (typeof TIERS)[number];

/**
 * A chest needs 10 diamonds; a tier's chests are used up at 100 used diamonds, except Black
 * (docs/rules.md#loyalty).
 */
export const DIAMONDS_PER_CHEST = 10;
export const USED_CAP = 100;
/** One diamond per R10 staked on real-money spins. */
export const STAKE_CENTS_PER_DIAMOND = 1000;
/** Cash a chest pays, in cents, by tier (lowest, highest). */
const CHEST_REWARD_CENTS: Record<Tier, [number, number]> = {
  bronze: [500, 2000],
  silver: [1000, 5000],
  gold: [2500, 10000],
  platinum: [5000, 25000],
  black: [10000, 50000],
};

export function chestsReady(tier: Tier, diamonds: number, used: number): number {
  const earned = Math.floor((diamonds - used) / DIAMONDS_PER_CHEST);
  if (tier === 'black') return earned;
  return Math.max(0, Math.min(earned, Math.floor((USED_CAP - used) / DIAMONDS_PER_CHEST)));
}

interface TierRow {
  tier: Tier;
  diamonds: number;
  used: number;
}

function tierRows(db: Db, userId: number): Map<Tier, TierRow> {
  const rows = db
    .prepare('SELECT tier, diamonds, used FROM loyalty_tiers WHERE user_id = ?')
    .all(userId) as TierRow[];
  const map = new Map<Tier, TierRow>();
  for (const tier of TIERS)
    map.set(tier, rows.find((r) => r.tier === tier) ?? { tier, diamonds: 0, used: 0 });
  return map;
}

/** GET /api/loyaltyChests: balance is the number of chests ready to open; progress (0..1) toward the next diamond. */
export function loyaltyJson(db: Db, userId: number) {
  const user = findUser(db, userId);
  const rows = tierRows(db, userId);
  const reward: Record<string, string | number> = {
    status: user.loyalty_status,
    current_tier: user.loyalty_tier,
  };
  let balance = 0;
  for (const row of rows.values()) {
    reward[`${row.tier}_diamonds`] = row.diamonds;
    reward[`${row.tier}_diamonds_used`] = row.used;
    balance += chestsReady(row.tier, row.diamonds, row.used);
  }
  return {
    balance,
    progress: user.loyalty_stake_remainder_cents / STAKE_CENTS_PER_DIAMOND,
    loyaltyReward: reward,
  };
}

function addDiamonds(db: Db, userId: number, tier: Tier, count: number): void {
  db.prepare(
    `INSERT INTO loyalty_tiers (user_id, tier, diamonds) VALUES (?, ?, ?)
     ON CONFLICT (user_id, tier) DO UPDATE SET diamonds = diamonds + excluded.diamonds`,
  ).run(userId, tier, count);
}

/**
 * A real-money stake earns diamonds into the current tier. A tier other than Black holds 100 diamonds (10 chests);
 * when it is full the player moves up a tier and further diamonds land there.
 */
export function earnFromStake(ctx: SandboxContext, userId: number, stakeCents: number) {
  const { db } = ctx;
  const user = findUser(db, userId);
  if (user.loyalty_status !== 'active') return { progress: 0, newDiamond: false, newChest: false };
  const total = user.loyalty_stake_remainder_cents + stakeCents;
  let diamonds = Math.floor(total / STAKE_CENTS_PER_DIAMOND);
  const remainder = total % STAKE_CENTS_PER_DIAMOND;
  let tier = user.loyalty_tier as Tier;
  let newChest = false;
  const unlocked: Tier[] = [];
  const rows = tierRows(db, userId);
  db.transaction(() => {
    while (diamonds > 0) {
      const row = rows.get(tier)!;
      const room = tier === 'black' ? diamonds : Math.min(diamonds, USED_CAP - row.diamonds);
      if (room > 0) {
        const before = Math.floor((row.diamonds - row.used) / DIAMONDS_PER_CHEST);
        row.diamonds += room;
        if (Math.floor((row.diamonds - row.used) / DIAMONDS_PER_CHEST) > before) newChest = true;
        addDiamonds(db, userId, tier, room);
        diamonds -= room;
      }
      if (diamonds > 0) {
        tier = TIERS[TIERS.indexOf(tier) + 1]!;
        unlocked.push(tier);
      }
    }
    db.prepare('UPDATE users SET loyalty_stake_remainder_cents = ?, loyalty_tier = ? WHERE id = ?').run(
      remainder,
      tier,
      userId,
    );
  })();
  const event = {
    progress: remainder / STAKE_CENTS_PER_DIAMOND,
    newDiamond: Math.floor(total / STAKE_CENTS_PER_DIAMOND) > 0,
    newChest,
  };
  ctx.realtime.publish(userChannel(userId), UserEvents.loyaltyProgress, event);
  for (const t of unlocked) {
    notify(
      ctx,
      userId,
      'loyalty_tier_unlocked',
      'New loyalty tier',
      `You reached the ${t} tier. Keep playing for bigger chests.`,
    );
  }
  if (newChest) {
    notify(
      ctx,
      userId,
      'loyalty_chest_unlocked',
      'A chest is ready',
      'You have a loyalty chest ready to open.',
    );
  }
  return event;
}

/** POST /api/loyaltyChests: opens one chest (in the given tier, or the lowest tier with one ready) for a cash reward. */
export function openChest(
  ctx: SandboxContext,
  userId: number,
  requested: Tier | undefined,
  rng: () => number,
) {
  const { db } = ctx;
  const rows = tierRows(db, userId);
  const candidates = requested ? [requested] : [...TIERS];
  const row = candidates.map((t) => rows.get(t)!).find((r) => chestsReady(r.tier, r.diamonds, r.used) > 0);
  if (!row) {
    throw new ApiError(
      422,
      requested ? `You have no ${requested} chest to open.` : 'You have no chest to open.',
    );
  }
  const [low, high] = CHEST_REWARD_CENTS[row.tier];
  const rewardCents = Math.round((low + rng() * (high - low)) / 100) * 100;
  const now = ctx.clock();
  db.transaction(() => {
    db.prepare('UPDATE loyalty_tiers SET used = used + ? WHERE user_id = ? AND tier = ?').run(
      DIAMONDS_PER_CHEST,
      userId,
      row.tier,
    );
    const info = db
      .prepare('INSERT INTO chest_openings (user_id, tier, reward_cents, created_at) VALUES (?, ?, ?, ?)')
      .run(userId, row.tier, rewardCents, now.toISOString());
    post(
      db,
      [
        {
          userId,
          wallet: 'money',
          amountCents: rewardCents,
          kind: 'chest_reward',
          reference: `chest:${info.lastInsertRowid}`,
        },
      ],
      now,
    );
  })();
  return { tier: row.tier, rewardCents };
}
