import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { GatewayContext } from '../context.js';
import type { AccountModel, ViewerModel } from '../models.js';
import { toGlobalId } from '../relay.js';
import { loadAccount } from '../upstream/account.js';
import { completeOnboarding } from '../upstream/auth.js';
import { requirePlayerId } from './guard.js';
import type { NodeLoader } from './node.js';

/*
 * The viewer (the signed-in player) and their account. The viewer's other parts are contributed by the files of
 * their resources (wallet.ts, loyalty.ts, notifications.ts, coupons.ts, catalogue.ts), each read on its own so
 * one that fails nulls only itself. They all read with ctx.upstream: after a sign-in the context has switched to
 * the new session (ctx.switchSession), so a payload's viewer is the new player's.
 */

export const viewerOf = (userId: number): ViewerModel => ({ __typename: 'Viewer', userId });

/** The signed-in player's viewer, or null for a guest (a refused token fails as UNAUTHENTICATED). */
export async function currentViewer(ctx: GatewayContext): Promise<ViewerModel | null> {
  const account = await ctx.viewer();
  return account ? viewerOf(account.id) : null;
}

export const viewerResolvers: Resolvers = {
  Query: {
    viewer: (_root, _args, ctx) => currentViewer(ctx),
  },

  Viewer: {
    id: (v) => toGlobalId('Viewer', v.userId),
    account: (_v, _args, ctx) => loadAccount(ctx.upstream),
    onboardingSeen: async (_v, _args, ctx) => (await loadAccount(ctx.upstream)).onboardingSeen,
  },

  Account: {
    id: (a) => toGlobalId('Account', a.id),
    userId: (a) => a.id,
    emailVerified: (a) => a.emailVerifiedAt !== null,
  },

  Mutation: {
    completeOnboarding: async (_root, { input }, ctx) => {
      const userId = await requirePlayerId(ctx);
      await completeOnboarding(ctx.upstream);
      return { viewer: viewerOf(userId), clientMutationId: input?.clientMutationId ?? null };
    },
  },
};

/**
 * A node loader for a personal object: it resolves only for its signed-in owner; anyone else (and guests) get
 * null, as if it did not exist.
 */
export function ownedByViewer(
  load: (me: AccountModel, ctx: GatewayContext) => Promise<{ __typename: string } | null>,
): NodeLoader {
  return async (id, ctx) => {
    const me = await ctx.viewer();
    if (!me || String(me.id) !== id) return null;
    return load(me, ctx);
  };
}

export const viewerNodeLoaders: Record<string, NodeLoader> = {
  Viewer: ownedByViewer(async (me) => viewerOf(me.id)),
  Account: ownedByViewer(async (me) => me),
};
