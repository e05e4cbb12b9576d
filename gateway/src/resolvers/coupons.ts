import type { Resolvers } from '../__generated__/resolvers-types.js';
import { progressPercent } from '../domain/loyalty.js';
import { money } from '../domain/money.js';
import { badInput } from '../errors.js';
import type { CouponOfferTerms } from '../models.js';
import { toGlobalId } from '../relay.js';
import {
  couponPreview,
  loadActiveCoupon,
  loadWagering,
  OPT_OUT_SUCCESS,
  optOutBonus,
  optOutCoupon,
  readActiveCoupon,
  readWagering,
  redeemCoupon,
} from '../upstream/coupons.js';
import { cleanText } from './clean-text.js';
import { requirePlayerId } from './guard.js';
import type { NodeLoader } from './node.js';
import { withSession, type Prefetches } from './prefetch.js';
import { ownedByViewer } from './viewer.js';
import { walletAfterWrite } from './wallet.js';

/** Bonus coupons and their wagering: the active coupon, redeeming, opting out of the coupon or the bonus. */

/** A typed coupon code, cleaned and checked as the casino takes it. */
function couponCode(typed: string): string {
  const code = cleanText('code', typed).trim();
  if (!code) throw badInput('Enter a coupon code.');
  if (code.length > 64) throw badInput('A coupon code is at most 64 characters.');
  return code;
}

const optionalMoney = (cents: number | null) => (cents === null ? null : money(cents));

/** A coupon's terms as the schema states them: CouponOffer, and the terms part of CouponPreview. */
export const couponOffer = (terms: CouponOfferTerms) => ({
  code: terms.code,
  description: terms.description,
  bonusAmount: money(terms.bonusCents),
  wagerMultiplier: terms.wagerMultiplier,
  wageringRequired: money(terms.wageringRequiredCents),
  expiresAt: terms.expiresAt?.toISOString() ?? null,
});

export const couponsResolvers: Resolvers = {
  Viewer: {
    activeCoupon: (v, _args, ctx) => loadActiveCoupon(ctx.scope.upstream, v.userId),
    wagering: (v, _args, ctx) => loadWagering(ctx.scope.upstream, v.userId),
  },

  Query: {
    couponPreview: async (_root, args, ctx) => {
      await requirePlayerId(ctx);
      const code = couponCode(args.code);
      const p = await couponPreview(ctx.scope.upstream, code);
      return { ...couponOffer(p), lockedCash: money(p.lockedCashCents) };
    },
  },

  Coupon: {
    // A code is redeemed by many players: the id names the player too, so one player's wagering never shows as
    // another's in a client's store.
    id: (c) => toGlobalId('Coupon', `${c.userId}:${c.code}`),
    bonusAmount: (c) => money(c.bonusCents),
    wageringRequired: (c) => money(c.wageringRequiredCents),
    wagered: (c) => money(c.wageredCents),
    wagering: (c, _args, ctx) => loadWagering(ctx.scope.upstream, c.userId),
  },

  Wagering: {
    id: (w) => toGlobalId('Wagering', w.userId),
    bonusAmount: (w) => optionalMoney(w.bonusCents),
    bonusBalance: (w) => optionalMoney(w.bonusBalanceCents),
    required: (w) => optionalMoney(w.requiredCents),
    wagered: (w) => optionalMoney(w.wageredCents),
    remaining: (w) => optionalMoney(w.remainingCents),
    progressPercent: (w) => progressPercent(w.progress),
    wallets: (w) =>
      w.wallets.map((entry) => ({ gateway: entry.gateway, balance: money(entry.balanceCents) })),
  },

  Mutation: {
    redeemCoupon: async (_root, { input }, ctx) => {
      const userId = await requirePlayerId(ctx);
      await ctx.attempts.check('redeemCoupon', userId);
      const code = couponCode(input.code);
      const coupon = await redeemCoupon(ctx.scope.upstream, code, userId);
      return { coupon, clientMutationId: input.clientMutationId ?? null };
    },

    optOutCoupon: async (_root, { input }, ctx) => {
      await requirePlayerId(ctx);
      await optOutCoupon(ctx.scope.upstream);
      return { message: OPT_OUT_SUCCESS, clientMutationId: input?.clientMutationId ?? null };
    },

    optOutBonus: async (_root, { input }, ctx) => {
      const userId = await requirePlayerId(ctx);
      const wagering = await optOutBonus(ctx.scope.upstream, userId);
      return { wagering, clientMutationId: input?.clientMutationId ?? null };
    },
  },

  // Payload parts other than what the write returned are read after it, each as its own field: a failing read
  // nulls only that part, and nothing is read that the client did not ask for.
  RedeemCouponPayload: {
    wallet: (_p, _args, ctx) => walletAfterWrite(ctx),
    wagering: async (_p, _args, ctx) => loadWagering(ctx.scope.upstream, await requirePlayerId(ctx)),
  },
  OptOutCouponPayload: {
    wallet: (_p, _args, ctx) => walletAfterWrite(ctx),
    activeCoupon: async (_p, _args, ctx) => loadActiveCoupon(ctx.scope.upstream, await requirePlayerId(ctx)),
    wagering: async (_p, _args, ctx) => loadWagering(ctx.scope.upstream, await requirePlayerId(ctx)),
  },
  OptOutBonusPayload: { wallet: (_p, _args, ctx) => walletAfterWrite(ctx) },
};

export const couponsNodeLoaders: Record<string, NodeLoader> = {
  Wagering: ownedByViewer((userId, ctx) => loadWagering(ctx.scope.upstream, userId)),
};

const startWagering = withSession((ctx) => readWagering(ctx.scope.upstream));

export const couponsPrefetches: Prefetches = {
  Viewer: {
    activeCoupon: withSession((ctx) => readActiveCoupon(ctx.scope.upstream)),
    wagering: startWagering,
  },
  Coupon: { wagering: startWagering },
};
