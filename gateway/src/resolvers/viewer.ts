import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { GatewayContext } from '../context.js';
import type { ViewerModel } from '../models.js';
import { canonicalNumericId, toGlobalId } from '../relay.js';
import { loadAccount } from '../upstream/account.js';
import { completeOnboarding } from '../upstream/auth.js';
import { isAuthError } from '../errors.js';
import { requirePlayerId } from './guard.js';
import type { NodeLoader } from './node.js';
import { prefetchBelow, withSession, type Prefetches } from './prefetch.js';

/*
 * The viewer (the signed-in player) and their account. The viewer's other parts are contributed by the files of
 * their resources (wallet.ts, loyalty.ts, notifications.ts, coupons.ts, catalogue.ts), each read on its own so
 * one that fails nulls only itself. They all read with ctx.scope.upstream: after a sign-in the context has switched to
 * the new session (ctx.switchSession), so a payload's viewer is the new player's.
 */

export const viewerOf = (userId: number): ViewerModel => ({ __typename: 'Viewer', userId });

/**
 * The signed-in player's viewer, or null for a guest (a refused token fails as UNAUTHENTICATED). An account that
 * cannot be read leaves the viewer standing when the token is known to be the player's (its `account` is then null
 * with the error); only a token never seen here fails the viewer as UPSTREAM_UNAVAILABLE, its player unknown. Its fields' reads start with the account's, not after it (resolvers/prefetch.ts): a
 * query's when it begins; a mutation payload's viewer here, after the write. They still resolve only once the
 * account has been read, so a refused token gets no data from any of them.
 */
export async function currentViewer(
  ctx: GatewayContext,
  info?: GraphQLResolveInfo,
): Promise<ViewerModel | null> {
  if (info && info.operation.operation !== 'query') prefetchBelow(ctx, info);
  const known = ctx.scope.upstream.knownPlayerId();
  if (known !== null && info?.operation.operation === 'query' && asksOnlySessionReads(ctx, info)) {
    // Its parts' own reads (started at once, with the token) say whether the token is still good: no account read.
    const checked = ctx.scope.upstream.sessionChecked();
    if (checked) {
      await checked;
      return viewerOf(known);
    }
  }
  try {
    const account = await ctx.viewer();
    return account ? viewerOf(account.id) : null;
  } catch (err) {
    if (isAuthError(err)) throw err;
    // Signed in means signed in (docs/rules.md#sign-in-and-sessions): an account the casino cannot read now nulls
    // `account`, not the viewer. The token's other reads say whether it still works (a refusal of any of them is
    // UNAUTHENTICATED here); whose it is, only an earlier account read can say.
    await ctx.scope.upstream.sessionChecked();
    const known = ctx.scope.upstream.lastPlayerId();
    if (known === null) throw err;
    return viewerOf(known);
  }
}

/**
 * Whether every field asked of the viewer reads the session's own resource with its token (those with a prefetch:
 * wallet, loyalty, notifications, coupons, ...). Then the account is not needed to vouch for the token, once it is
 * known whose the token is: the first of those reads to return does (resolvers/prefetch.ts starts them all at once),
 * and a refused token still fails the viewer as UNAUTHENTICATED. `id`, or any field without such a read, waits for
 * the account as before.
 */
function asksOnlySessionReads(ctx: GatewayContext, info: GraphQLResolveInfo): boolean {
  const reads = ctx.prefetches.Viewer as Record<string, unknown> | undefined;
  const fragments = info.fragments;
  const only = (set: SelectionSetNode | undefined, depth: number): boolean =>
    !!set &&
    depth < 10 &&
    set.selections.every((s) => {
      if (s.kind === Kind.FIELD) return s.name.value === '__typename' || !!reads?.[s.name.value];
      if (s.kind === Kind.INLINE_FRAGMENT) return only(s.selectionSet, depth + 1);
      return only(fragments[s.name.value]?.selectionSet, depth + 1);
    });
  return info.fieldNodes.every((node) => only(node.selectionSet, 0));
}

export const viewerResolvers: Resolvers = {
  Query: {
    viewer: (_root, _args, ctx, info) => currentViewer(ctx, info),
  },

  Viewer: {
    id: (v) => toGlobalId('Viewer', v.userId),
    account: (_v, _args, ctx) => loadAccount(ctx.scope.upstream),
    onboardingSeen: async (_v, _args, ctx) => (await loadAccount(ctx.scope.upstream)).onboardingSeen,
  },

  Account: {
    id: (a) => toGlobalId('Account', a.id),
    userId: (a) => a.id,
    emailVerified: (a) => a.emailVerifiedAt !== null,
  },

  Mutation: {
    completeOnboarding: async (_root, { input }, ctx) => {
      const userId = await requirePlayerId(ctx);
      await completeOnboarding(ctx.scope.upstream);
      return { viewer: viewerOf(userId), clientMutationId: input?.clientMutationId ?? null };
    },
  },
};

const readAccount = withSession((ctx) => loadAccount(ctx.scope.upstream));

export const viewerPrefetches: Prefetches = {
  Viewer: { account: readAccount, onboardingSeen: readAccount },
};

/**
 * A node loader for a personal object: it resolves only for its signed-in owner; anyone else (and guests) get
 * null, as if it did not exist. The object's read starts with the account's (the id names its owner), and its
 * value is given only once the account says the caller is that owner.
 */
export function ownedByViewer(
  load: (userId: number, ctx: GatewayContext) => Promise<{ __typename: string } | null>,
): NodeLoader {
  return async (id, ctx) => {
    const userId = canonicalNumericId(id);
    const loading = ctx.scope.upstream.token && userId !== null ? load(userId, ctx) : null;
    // Reported only once the account says it is the caller's own.
    loading?.catch(() => {});
    const me = await ctx.viewer();
    if (!me || String(me.id) !== id) return null;
    return loading;
  };
}

export const viewerNodeLoaders: Record<string, NodeLoader> = {
  Viewer: ownedByViewer(async (userId) => viewerOf(userId)),
  Account: ownedByViewer((_userId, ctx) => loadAccount(ctx.scope.upstream)),
};
