import { GraphQLError } from 'graphql';
import type { GatewayContext } from '../context.js';
import type { LoyaltyTierName, NotificationType, Resolvers } from '../__generated__/resolvers-types.js';
import { progressPercent, loyaltyEnabled, summarizeTier } from '../domain/loyalty.js';
import { money } from '../domain/money.js';
import { amountCentsFrom, availablePaymentMethods, isIdempotencyKey } from '../domain/payments.js';
import { badInput, unauthenticated } from '../errors.js';
import type { AccountModel, NotificationModel, TierName, ViewerModel, WalletModel } from '../models.js';
import { connectionFromArray, toGlobalId, type ConnectionArgs } from '../relay.js';
import { loadAccount } from '../upstream/account.js';
import {
  loadActiveCoupon,
  loadWagering,
  OPT_OUT_SUCCESS,
  optOutBonus,
  optOutCoupon,
  redeemCoupon,
} from '../upstream/coupons.js';
import { loadLoyalty, openChest } from '../upstream/loyalty.js';
import { loadNotifications, markAllNotificationsRead } from '../upstream/notifications.js';
import type { RequestUpstream } from '../upstream/request-upstream.js';
import { depositStatus, loadWallet, requestWithdrawal, startDeposit } from '../upstream/wallet.js';
import type { NodeLoader } from './node.js';

// ---------------------------------------------------------------------------------------------------------------
// Who the viewer is, and which session its parts load with

/** Viewers made by login, registration or reset load their parts with the new session, not the request's token. */
const viewerSessions = new WeakMap<ViewerModel, RequestUpstream>();

/** The viewer object for a player; `session` when its parts must load with a token other than the request's. */
export function viewerOf(userId: number, session?: RequestUpstream): ViewerModel {
  const viewer: ViewerModel = { __typename: 'Viewer', userId };
  if (session) viewerSessions.set(viewer, session);
  return viewer;
}

/** The upstream a viewer's parts load with (other files contributing Viewer fields should use it too). */
export const viewerUpstream = (viewer: ViewerModel, ctx: GatewayContext): RequestUpstream =>
  viewerSessions.get(viewer) ?? ctx.upstream;

/**
 * The signed-in player's id, or UNAUTHENTICATED (guests are refused before anything is sent upstream). Kept per
 * request: a write clears the request's reads, and the payload's fields should not read the account again.
 */
const playerIds = new WeakMap<GatewayContext, Promise<number>>();
export function requirePlayerId(ctx: GatewayContext): Promise<number> {
  let id = playerIds.get(ctx);
  if (!id) {
    id = ctx.requireViewer().then((account) => account.id);
    playerIds.set(ctx, id);
  }
  return id;
}

/** Guests are refused before anything is sent upstream; a bad token is refused by the backend (UNAUTHENTICATED). */
export function requireSession(ctx: GatewayContext): void {
  if (!ctx.upstream.token) throw unauthenticated();
}

// ---------------------------------------------------------------------------------------------------------------
// Mapping backend values to schema enums

const TIER_ENUM: Readonly<Record<TierName, LoyaltyTierName>> = {
  bronze: 'BRONZE',
  silver: 'SILVER',
  gold: 'GOLD',
  platinum: 'PLATINUM',
  black: 'BLACK',
};
const TIER_NAME: Readonly<Record<LoyaltyTierName, TierName>> = {
  BRONZE: 'bronze',
  SILVER: 'silver',
  GOLD: 'gold',
  PLATINUM: 'platinum',
  BLACK: 'black',
};

const NOTIFICATION_TYPES: readonly NotificationType[] = [
  'ALLOCATION',
  'BONUS_TRANSFER_OPT_OUT',
  'BONUS_WAGERING_COMPLETED',
  'CASHBACK',
  'CASH_DROP_FRIDAY',
  'CREATED_BY_USER',
  'JACKPOT_WIN',
  'LOYALTY_CHEST_UNLOCKED',
  'LOYALTY_ALLOCATION',
  'LOYALTY_TIER_UNLOCKED',
  'TOURNAMENT_PRIZE',
  'TOURNAMENT_LEADERBOARD_PRIZE',
  'WELCOME_MESSAGE',
  'WITHDRAWAL_ROLLBACK',
  'WITHDRAWAL_SUCCESS',
];

/** The backend's notification type (section 3) as the enum; a type this schema does not know yet is OTHER. */
export function notificationType(type: string): NotificationType {
  const key = type.trim().toLowerCase();
  return NOTIFICATION_TYPES.find((t) => t.toLowerCase() === key) ?? 'OTHER';
}

const optionalMoney = (cents: number | null) => (cents === null ? null : money(cents));

/** The notifications as a Relay connection; the unread count covers every notification, not just the page. */
export function notificationConnection(list: readonly NotificationModel[], args: ConnectionArgs) {
  return { ...connectionFromArray(list, args), unreadCount: list.filter((n) => n.readAt === null).length };
}

// ---------------------------------------------------------------------------------------------------------------
// Input checks for the money mutations

const AMOUNT_MESSAGE = 'amount must be an amount in rands, for example 150.00';

function amountOf(text: string): number {
  const cents = amountCentsFrom(text);
  if (cents === null) throw badInput(AMOUNT_MESSAGE);
  return cents;
}

function idempotencyKeyOf(key: string): string {
  if (!isIdempotencyKey(key)) throw badInput('idempotencyKey must be 1 to 255 visible ASCII characters.');
  return key;
}

/** The gateway, if the wallet offers it; otherwise BAD_USER_INPUT naming those it does. */
function offeredGateway(wallet: WalletModel, gateway: string): string {
  const offered = availablePaymentMethods(wallet.flags, wallet.capitecName).map((m) => m.gateway);
  if (offered.some((g) => g === gateway)) return gateway;
  if (offered.length === 0) throw badInput('No payment method is available right now.');
  throw badInput(`gateway must be one of the wallet's payment methods: ${offered.join(', ')}.`);
}

/** The signed-in player's wallet, read after the mutation's write (so fresh). */
const walletAfterWrite = async (ctx: GatewayContext) => loadWallet(ctx.upstream, await requirePlayerId(ctx));

// ---------------------------------------------------------------------------------------------------------------
// Resolvers

export const viewerResolvers: Resolvers = {
  Query: {
    // Null for guests; a bad or revoked token fails as UNAUTHENTICATED (from the account read).
    viewer: async (_root, _args, ctx) => {
      const account = await ctx.viewer();
      return account ? viewerOf(account.id) : null;
    },
  },

  // Each part is its own field with its own upstream read, so one failing part nulls only that field.
  Viewer: {
    id: (v) => toGlobalId('Viewer', v.userId),
    account: (v, _args, ctx) => loadAccount(viewerUpstream(v, ctx)),
    wallet: (v, _args, ctx) => loadWallet(viewerUpstream(v, ctx), v.userId),
    loyalty: (v, _args, ctx) => loadLoyalty(viewerUpstream(v, ctx), v.userId),
    notifications: async (v, args, ctx) =>
      notificationConnection(await loadNotifications(viewerUpstream(v, ctx)), args),
    activeCoupon: async (v, _args, ctx) => (await loadActiveCoupon(viewerUpstream(v, ctx))).coupon,
    wagering: (v, _args, ctx) => loadWagering(viewerUpstream(v, ctx), v.userId),
    depositStatus: async (v, { provider, paymentId }, ctx) => {
      const safe = /^[A-Za-z0-9_-]{1,64}$/;
      if (!safe.test(provider) || !safe.test(paymentId)) {
        throw badInput('provider and paymentId must be 1 to 64 letters, digits, _ or -.');
      }
      try {
        const d = await depositStatus(viewerUpstream(v, ctx), provider, paymentId);
        return { ...d, amount: money(d.amountCents) };
      } catch (err) {
        // Another player's payment looks missing upstream too: either way there is nothing to show.
        if (err instanceof GraphQLError && err.extensions.code === 'NOT_FOUND') return null;
        throw err;
      }
    },
  },

  Account: {
    id: (a) => toGlobalId('Account', a.id),
    userId: (a) => a.id,
    emailVerified: (a) => a.emailVerifiedAt !== null,
  },

  Wallet: {
    id: (w) => toGlobalId('Wallet', w.userId),
    money: (w) => money(w.moneyCents),
    bonus: (w) => money(w.bonusCents),
    // Section 3: the combined balance is money plus bonus, added in cents.
    combined: (w) => money(w.moneyCents + w.bonusCents),
    paymentMethods: (w) => availablePaymentMethods(w.flags, w.capitecName),
  },

  Loyalty: {
    id: (l) => toGlobalId('Loyalty', l.userId),
    enabled: (l) => loyaltyEnabled(l.status),
    progressPercent: (l) => progressPercent(l.progress),
    currentTier: (l) => TIER_ENUM[l.currentTier],
    tiers: (l) =>
      l.tiers.map(({ tier, diamonds, used }) => {
        const summary = summarizeTier(tier, diamonds, used);
        return { ...summary, tier: TIER_ENUM[tier] };
      }),
  },

  Notification: {
    id: (n) => toGlobalId('Notification', n.id),
    type: (n) => notificationType(n.type),
    read: (n) => n.readAt !== null,
  },

  Coupon: {
    bonusAmount: (c) => money(c.bonusCents),
    wageringRequired: (c) => money(c.wageringRequiredCents),
    wagered: (c) => money(c.wageredCents),
  },

  Wagering: {
    id: (w) => toGlobalId('Wagering', w.userId),
    bonusAmount: (w) => optionalMoney(w.bonusCents),
    bonusBalance: (w) => optionalMoney(w.bonusBalanceCents),
    required: (w) => optionalMoney(w.requiredCents),
    wagered: (w) => optionalMoney(w.wageredCents),
    remaining: (w) => optionalMoney(w.remainingCents),
    progressPercent: (w) => progressPercent(w.progress),
  },

  Mutation: {
    deposit: async (_root, { input }, ctx) => {
      const userId = await requirePlayerId(ctx);
      const amountCents = amountOf(input.amount);
      const idempotencyKey = idempotencyKeyOf(input.idempotencyKey);
      const gateway = offeredGateway(await loadWallet(ctx.upstream, userId), input.gateway);
      const d = await startDeposit(ctx.upstream, {
        gateway,
        amountCents,
        returnUrl: input.returnUrl ?? null,
        idempotencyKey,
      });
      return {
        paymentId: d.paymentId,
        status: d.status,
        amount: money(d.amountCents),
        type: d.type,
        provider: d.provider,
        redirectUrl: d.redirectUrl,
        clientMutationId: input.clientMutationId ?? null,
      };
    },

    withdraw: async (_root, { input }, ctx) => {
      await requirePlayerId(ctx);
      const amountCents = amountOf(input.amount);
      const idempotencyKey = idempotencyKeyOf(input.idempotencyKey);
      const w = await requestWithdrawal(ctx.upstream, { amountCents, idempotencyKey });
      // The wallet is read by WithdrawPayload.wallet, after this write: the balance the withdrawal left.
      return {
        withdrawalId: w.withdrawalId,
        amount: money(w.amountCents),
        status: w.status,
        clientMutationId: input.clientMutationId ?? null,
      };
    },

    redeemCoupon: async (_root, { input }, ctx) => {
      await requirePlayerId(ctx);
      const code = input.code.trim();
      if (!code) throw badInput('Enter a coupon code.');
      const coupon = await redeemCoupon(ctx.upstream, code);
      return { coupon, clientMutationId: input.clientMutationId ?? null };
    },

    optOutCoupon: async (_root, { input }, ctx) => {
      await requirePlayerId(ctx);
      await optOutCoupon(ctx.upstream);
      return { message: OPT_OUT_SUCCESS, clientMutationId: input?.clientMutationId ?? null };
    },

    optOutBonus: async (_root, { input }, ctx) => {
      const userId = await requirePlayerId(ctx);
      const wagering = await optOutBonus(ctx.upstream, userId);
      return { wagering, clientMutationId: input?.clientMutationId ?? null };
    },

    openLoyaltyChest: async (_root, { input }, ctx) => {
      const userId = await requirePlayerId(ctx);
      const tier = input?.tier ? TIER_NAME[input.tier] : null;
      const opened = await openChest(ctx.upstream, userId, tier);
      return {
        reward: money(opened.rewardCents),
        tier: TIER_ENUM[opened.tier],
        loyalty: opened.loyalty,
        clientMutationId: input?.clientMutationId ?? null,
      };
    },

    markNotificationsRead: async (_root, { input }, ctx) => {
      requireSession(ctx);
      // The payload's connection reads the same (deduplicated) call, with its own first/after.
      await markAllNotificationsRead(ctx.upstream);
      return { clientMutationId: input?.clientMutationId ?? null };
    },
  },

  // Payload parts other than what the write answered are read after it, each as its own field: a failing read
  // nulls only that part, and nothing is read that the client did not ask for.
  WithdrawPayload: { wallet: (_p, _args, ctx) => walletAfterWrite(ctx) },
  RedeemCouponPayload: {
    wallet: (_p, _args, ctx) => walletAfterWrite(ctx),
    wagering: async (_p, _args, ctx) => loadWagering(ctx.upstream, await requirePlayerId(ctx)),
  },
  OptOutCouponPayload: {
    wallet: (_p, _args, ctx) => walletAfterWrite(ctx),
    activeCoupon: async (_p, _args, ctx) => (await loadActiveCoupon(ctx.upstream)).coupon,
  },
  OptOutBonusPayload: { wallet: (_p, _args, ctx) => walletAfterWrite(ctx) },
  OpenLoyaltyChestPayload: { wallet: (_p, _args, ctx) => walletAfterWrite(ctx) },
  MarkNotificationsReadPayload: {
    notifications: async (_p, args, ctx) =>
      notificationConnection(await markAllNotificationsRead(ctx.upstream), args),
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Node loaders: personal objects resolve only for their signed-in owner; anyone else (and guests) get null

function ownedByViewer(
  load: (me: AccountModel, ctx: GatewayContext) => Promise<{ __typename: string }>,
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
  Wallet: ownedByViewer((me, ctx) => loadWallet(ctx.upstream, me.id)),
  Loyalty: ownedByViewer((me, ctx) => loadLoyalty(ctx.upstream, me.id)),
  Wagering: ownedByViewer((me, ctx) => loadWagering(ctx.upstream, me.id)),
  // Only notifications in the viewer's own list can be found.
  Notification: async (id, ctx) => {
    if (!(await ctx.viewer())) return null;
    const list = await loadNotifications(ctx.upstream);
    return list.find((n) => String(n.id) === id) ?? null;
  },
};
