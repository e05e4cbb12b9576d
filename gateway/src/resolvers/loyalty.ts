import type { Resolvers } from '../__generated__/resolvers-types.js';
import { loyaltyEnabled, progressPercent, summarizeTier } from '../domain/loyalty.js';
import { money } from '../domain/money.js';
import { toGlobalId } from '../relay.js';
import { loadLoyalty, openChest, readLoyalty } from '../upstream/loyalty.js';
import { requirePlayerId } from './guard.js';
import type { NodeLoader } from './node.js';
import { withSession, type Prefetches } from './prefetch.js';
import { ownedByViewer } from './viewer.js';
import { walletAfterWrite } from './wallet.js';

/** Loyalty chests: tiers, diamonds, chests ready, and opening one. The rules live in domain/loyalty.ts. */
export const loyaltyResolvers: Resolvers = {
  Viewer: {
    loyalty: (v, _args, ctx) => loadLoyalty(ctx.scope.upstream, v.userId),
  },

  Loyalty: {
    id: (l) => toGlobalId('Loyalty', l.userId),
    enabled: (l) => loyaltyEnabled(l.status),
    progressPercent: (l) => progressPercent(l.progress),
    tiers: (l) => l.tiers.map(({ tier, diamonds, used }) => summarizeTier(tier, diamonds, used)),
  },

  Mutation: {
    openLoyaltyChest: async (_root, { input }, ctx) => {
      const userId = await requirePlayerId(ctx);
      const opened = await openChest(ctx.scope.upstream, userId, input?.tier ?? null);
      return {
        reward: money(opened.rewardCents),
        tier: opened.tier,
        loyalty: opened.loyalty,
        clientMutationId: input?.clientMutationId ?? null,
      };
    },
  },

  OpenLoyaltyChestPayload: { wallet: (_p, _args, ctx) => walletAfterWrite(ctx) },
};

export const loyaltyNodeLoaders: Record<string, NodeLoader> = {
  Loyalty: ownedByViewer((userId, ctx) => loadLoyalty(ctx.scope.upstream, userId)),
};

export const loyaltyPrefetches: Prefetches = {
  Viewer: { loyalty: withSession((ctx) => readLoyalty(ctx.scope.upstream)) },
};
