import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { GatewayContext } from '../context.js';
import { money } from '../domain/money.js';
import { badInput, isNotFound } from '../errors.js';
import type { WithdrawalModel } from '../models.js';
import { fromGlobalId, toGlobalId } from '../relay.js';
import {
  cancelWithdrawal,
  loadBanks,
  loadPayoutAccount,
  loadWithdrawal,
  loadWithdrawals,
  readPayoutAccount,
  savePayoutAccount,
} from '../upstream/withdrawals.js';
import { cleanName } from './clean-text.js';
import { requirePlayerId } from './guard.js';
import type { NodeLoader } from './node.js';
import { withSession, type Prefetches } from './prefetch.js';
import { ownedByViewer, viewerOf } from './viewer.js';
import { walletAfterWrite } from './wallet.js';

/*
 * Where withdrawals go and what happens to them (docs/rules.md#withdrawals): the player's payout account, their
 * withdrawals with each one's history, and cancelling one while it is pending. Asking for a withdrawal is
 * Mutation.withdraw (wallet.ts); its state changes arrive live as WithdrawalEvent (subscriptions.ts).
 */

const WITHDRAWAL_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The backend's id inside a Withdrawal's global ID; BAD_USER_INPUT for anything else. */
function withdrawalIdOf(globalId: string): string {
  const parsed = fromGlobalId(globalId);
  if (parsed?.type !== 'Withdrawal' || !WITHDRAWAL_ID.test(parsed.id))
    throw badInput('id is not a Withdrawal ID.');
  return parsed.id;
}

/** At most 100, as the backend pages them. */
function withdrawalsLimit(first: number | null | undefined): number {
  const n = first ?? 10;
  if (!Number.isInteger(n) || n < 1 || n > 100) throw badInput('first must be from 1 to 100.');
  return n;
}

async function findWithdrawal(ctx: GatewayContext, id: string): Promise<WithdrawalModel | null> {
  try {
    return await loadWithdrawal(ctx.scope.upstream, id);
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

/** Holder and number as typed, trimmed; the backend checks them (and names the field that is wrong). */
const clean = (text: string, max: number, field: string) => {
  const value = text.trim();
  if (value.length > max) throw badInput(`${field} can be at most ${max} characters.`);
  return value;
};

export const withdrawalsResolvers: Resolvers = {
  Query: {
    payoutBanks: (_root, _args, ctx) => loadBanks(ctx.scope.upstream),
  },

  Viewer: {
    payoutAccount: (v, _args, ctx) => loadPayoutAccount(ctx.scope.upstream, v.userId),
    withdrawals: (_v, { first }, ctx) => loadWithdrawals(ctx.scope.upstream, withdrawalsLimit(first)),
  },

  PayoutAccount: {
    // One per player: the same record in a client's store whichever account is saved.
    id: (a) => toGlobalId('PayoutAccount', a.userId),
  },

  Withdrawal: {
    id: (w) => toGlobalId('Withdrawal', w.withdrawalId),
    amount: (w) => money(w.amountCents),
  },

  Mutation: {
    setPayoutAccount: async (_root, { input }, ctx) => {
      const userId = await requirePlayerId(ctx);
      const payoutAccount = await savePayoutAccount(ctx.scope.upstream, userId, {
        bank: clean(input.bank, 40, 'bank'),
        // A person's name: no invisible or direction-changing characters (clean-text.ts).
        holder: clean(cleanName('holder', input.holder), 100, 'holder'),
        accountNumber: clean(input.accountNumber, 40, 'accountNumber'),
        accountType: input.accountType,
      });
      return { payoutAccount, viewer: viewerOf(userId), clientMutationId: input.clientMutationId ?? null };
    },

    cancelWithdrawal: async (_root, { input }, ctx) => {
      const id = withdrawalIdOf(input.id);
      await requirePlayerId(ctx);
      const withdrawal = await cancelWithdrawal(ctx.scope.upstream, id);
      return { withdrawal, clientMutationId: input.clientMutationId ?? null };
    },
  },

  CancelWithdrawalPayload: { wallet: (_p, _args, ctx) => walletAfterWrite(ctx) },
};

export const withdrawalsPrefetches: Prefetches = {
  Viewer: {
    payoutAccount: withSession((ctx) => readPayoutAccount(ctx.scope.upstream)),
    withdrawals: withSession((ctx, args) =>
      loadWithdrawals(ctx.scope.upstream, withdrawalsLimit(args.first as number | null | undefined)),
    ),
  },
};

export const withdrawalsNodeLoaders: Record<string, NodeLoader> = {
  PayoutAccount: ownedByViewer((userId, ctx) => loadPayoutAccount(ctx.scope.upstream, userId)),
  // Found only by its owner: the backend reports another player's withdrawal as missing.
  Withdrawal: async (id, ctx) => {
    const valid = WITHDRAWAL_ID.test(id);
    const loading = ctx.scope.upstream.token && valid ? findWithdrawal(ctx, id) : null;
    loading?.catch(() => {});
    if (!(await ctx.viewer())) return null;
    return loading;
  },
};
