import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { GatewayContext } from '../context.js';
import { formatRands, money } from '../domain/money.js';
import {
  amountCentsFrom,
  availablePaymentMethods,
  isIdempotencyKey,
  PAYMENT_GATEWAYS,
} from '../domain/payments.js';
import { transactionTitle } from '../domain/transaction-titles.js';
import { badInput, isNotFound } from '../errors.js';
import type { DepositStatusModel, LedgerKind, WalletGateway, WalletModel } from '../models.js';
import { connectionFromSlice, pageOf, toGlobalId, type ConnectionArgs } from '../relay.js';
import { siteReturnUrl } from '../domain/return-url.js';
import { loadTransactionPage, TRANSACTIONS_PER_PAGE } from '../upstream/transactions.js';
import {
  depositPreview,
  depositStatus,
  loadWallet,
  readWallet,
  requestWithdrawal,
  startDeposit,
} from '../upstream/wallet.js';
import { requirePlayerId, requireSession } from './guard.js';
import { visibleGame } from './catalogue.js';
import { enumResolvers } from './enums.js';
import type { NodeLoader } from './node.js';
import { withSession, type Prefetches } from './prefetch.js';
import { ownedByViewer } from './viewer.js';

/*
 * The cashier: the wallet, deposits (and where one stands), withdrawals and the transactions list.
 */

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

/** Progress as a whole percentage, rounded down (100 once met), in integer arithmetic. */
const percentOf = (part: number, whole: number) =>
  whole <= 0 ? 100 : Math.min(100, Math.floor((part * 100) / whole));

/** Within the backend's limits, when it gives them: said before anything is sent, in the players' own terms. */
function checkLimits(cents: number, min: number | undefined, max: number | undefined): void {
  if (min !== undefined && cents < min) throw badInput(`amount must be at least ${formatRands(min)}.`);
  if (max !== undefined && cents > max) throw badInput(`amount can be at most ${formatRands(max)}.`);
}

/** The schema's name of each gateway (PAYMENT3_ABSA for payment3Absa), for messages a client can act on. */
const GATEWAY_ENUM_NAMES = new Map(
  Object.entries(enumResolvers.PaymentGateway ?? {}).map(([name, value]) => [value as WalletGateway, name]),
);

/** The gateway, if the wallet offers it; otherwise BAD_USER_INPUT naming those it does, as the schema spells them. */
function offeredGateway(wallet: WalletModel, gateway: WalletGateway): WalletGateway {
  const offered = availablePaymentMethods(wallet.flags, wallet.capitecName, wallet.methodNames).map(
    (m) => m.gateway,
  );
  if (offered.includes(gateway)) return gateway;
  if (offered.length === 0) throw badInput('No payment method is available right now.');
  const names = offered.map((g) => GATEWAY_ENUM_NAMES.get(g) ?? g);
  throw badInput(`gateway must be one of the wallet's payment methods: ${names.join(', ')}.`);
}

/**
 * A deposit's payment method as players see it, from the same source as the cashier's list (availablePaymentMethods,
 * whatever is switched on now); Capitec's name is the wallet's, read only when a Capitec deposit is listed.
 */
async function paymentMethodName(ctx: GatewayContext, gateway: WalletGateway): Promise<string | null> {
  const capitecName =
    PAYMENT_GATEWAYS[gateway].provider === 'paypump'
      ? (await readWallet(ctx.scope.upstream)).capitecName
      : null;
  const everyFlag = Object.fromEntries(Object.values(PAYMENT_GATEWAYS).map((rule) => [rule.flag, true]));
  return availablePaymentMethods(everyFlag, capitecName).find((m) => m.gateway === gateway)?.name ?? null;
}

/** A deposit's return address, only ever on the site's own origins (return-url.ts). */
const returnUrlOf = (ctx: GatewayContext, returnUrl: string) =>
  siteReturnUrl(returnUrl, [...ctx.config.allowedOrigins, ...ctx.config.returnUrlOrigins]);

/** The signed-in player's wallet, read after the mutation's write (so fresh). */
export const walletAfterWrite = async (ctx: GatewayContext) =>
  loadWallet(ctx.scope.upstream, await requirePlayerId(ctx));

/**
 * The wallet a payment is checked against, read together with the account (neither needs the other) rather than
 * after it. A guest is refused before anything is sent, and a refused token fails as UNAUTHENTICATED first, as
 * does every mutation; then the attempt counts against the player's payment limits (rate-limits/rules.ts).
 */
async function walletBeforePayment(
  ctx: GatewayContext,
  action: 'deposit' | 'withdraw',
  input: { amount: string; idempotencyKey: string },
) {
  requireSession(ctx);
  const wallet = loadWallet(ctx.scope.upstream);
  wallet.catch(() => {});
  await ctx.attempts.check(action, await requirePlayerId(ctx));
  const amountCents = amountOf(input.amount);
  const idempotencyKey = idempotencyKeyOf(input.idempotencyKey);
  return { amountCents, idempotencyKey, wallet: await wallet };
}

/** A return address's query string as parameters to pass on, bounded so it cannot grow the upstream call. */
function returnParameters(query: string | null | undefined, drop: readonly string[]): Record<string, string> {
  if (!query) return {};
  if (query.length > 2000) throw badInput('returnQuery can be at most 2,000 characters.');
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  // No prototype: a parameter named __proto__ is passed on like any other, not swallowed by the object.
  const kept: Record<string, string> = Object.create(null);
  for (const [name, value] of params) if (!drop.includes(name)) kept[name] = value;
  if (Object.keys(kept).length > 30) throw badInput('returnQuery can hold at most 30 parameters.');
  return kept;
}

const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

interface DepositArgs {
  provider: string;
  paymentId: string;
  returnQuery?: string | null;
}

/** Where a deposit stands; null when the player has no such deposit (another player's looks missing too). */
async function findDeposit(
  ctx: GatewayContext,
  provider: string,
  paymentId: string,
  query: Record<string, string> = {},
): Promise<DepositStatusModel | null> {
  try {
    return await depositStatus(ctx.scope.upstream, provider, paymentId, query);
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

/** Viewer.depositStatus: the player's deposit, by the provider and payment id the payment page returned with. */
function viewerDeposit(ctx: GatewayContext, { provider, paymentId, returnQuery }: DepositArgs) {
  if (!SAFE_SEGMENT.test(provider) || !SAFE_SEGMENT.test(paymentId)) {
    throw badInput('provider and paymentId must be 1 to 64 letters, digits, _ or -.');
  }
  return findDeposit(ctx, provider, paymentId, returnParameters(returnQuery, ['provider', 'paymentId']));
}

/**
 * The backend's pages a page of the ledger needs, read together. The backend pages by 100 and the cursor is an
 * offset, so a page of `first` from any offset spans at most two of them.
 */
function transactionPages(ctx: GatewayContext, args: TransactionArgs) {
  const { start, first } = pageOf(args);
  // A type the backend does not know (OTHER) cannot be asked for by name.
  const types = (args.types ?? []).filter((t) => t !== 'other');
  if (args.types?.length && types.length === 0) throw badInput('types must name at least one known type.');
  const firstPage = Math.floor(start / TRANSACTIONS_PER_PAGE) + 1;
  const lastPage = Math.floor((start + Math.max(first, 1) - 1) / TRANSACTIONS_PER_PAGE) + 1;
  const pages = Promise.all(
    Array.from({ length: lastPage - firstPage + 1 }, (_, i) =>
      loadTransactionPage(ctx.scope.upstream, firstPage + i, types),
    ),
  );
  return { start, first, firstPage, pages };
}

interface TransactionArgs extends ConnectionArgs {
  types?: readonly LedgerKind[] | null;
}

/** A page of the ledger as a Relay connection. */
async function transactionConnection(ctx: GatewayContext, args: TransactionArgs) {
  const { start, first, firstPage, pages: reading } = transactionPages(ctx, args);
  const pages = await reading;
  const rows = pages.flatMap((page) => page.transactions);
  const skip = start - (firstPage - 1) * TRANSACTIONS_PER_PAGE;
  return connectionFromSlice(rows.slice(skip, skip + first), start, pages[0]!.total);
}

export const walletResolvers: Resolvers = {
  Viewer: {
    wallet: (v, _args, ctx) => loadWallet(ctx.scope.upstream, v.userId),
    transactions: (_v, args, ctx) => transactionConnection(ctx, args),
    depositStatus: (_v, args, ctx) => viewerDeposit(ctx, args),
  },

  Wallet: {
    id: (w) => toGlobalId('Wallet', w.userId),
    money: (w) => money(w.moneyCents),
    bonus: (w) => money(w.bonusCents),
    // The combined balance is money plus bonus, added in cents (docs/rules.md#payments).
    combined: (w) => money(w.moneyCents + w.bonusCents),
    paymentMethods: (w) => availablePaymentMethods(w.flags, w.capitecName, w.methodNames),
    paymentFlags: (w) => ({
      payment3: w.flags.is_payment3_enabled === true,
      payment3Absa: w.flags.is_payment3_absa_enabled === true,
      voucherUp: w.flags.is_voucher_up_enabled === true,
      capitec: w.flags.is_capitec_enabled === true,
      callpay: w.flags.is_callpay_enabled === true,
      callpayCard: w.flags.is_callpay_card_enabled === true,
      bitcoin: w.flags.is_bitcoin_enabled === true,
    }),
    capitec: (w) => {
      const method = availablePaymentMethods(w.flags, w.capitecName, w.methodNames).find(
        (m) => m.gateway === 'capitec',
      );
      return { enabled: method !== undefined, name: w.capitecName, method: method ?? null };
    },
    limits: (w) =>
      w.limits && {
        depositMin: money(w.limits.depositMin),
        depositMax: money(w.limits.depositMax),
        withdrawalMin: money(w.limits.withdrawalMin),
        withdrawalMax: money(w.limits.withdrawalMax),
      },
    // Withdrawable now and locked, from the backend's can_withdraw (docs/rules.md#bonus-money): locked is the rest.
    withdrawable: (w) => money(w.canWithdraw ? w.moneyCents : 0),
    locked: (w) => money(w.moneyCents + w.bonusCents - (w.canWithdraw ? w.moneyCents : 0)),
    withdrawLock: (w) => (w.canWithdraw ? null : (w.withdrawLock ?? 'OTHER')),
    bonusWagering: (w) =>
      w.bonusWagering && {
        code: w.bonusWagering.code,
        bonusAmount: money(w.bonusWagering.bonusCents),
        required: money(w.bonusWagering.requiredCents),
        wagered: money(w.bonusWagering.wageredCents),
        remaining: money(w.bonusWagering.remainingCents),
        progressPercent: percentOf(w.bonusWagering.wageredCents, w.bonusWagering.requiredCents),
      },
    welcomePackage: (w) =>
      w.welcomePackage && {
        available: w.welcomePackage.available,
        unavailableReason: w.welcomePackage.unavailableReason,
        bonusPercentage: w.welcomePackage.bonusPercentage,
        wagerMultiplier: w.welcomePackage.wagerMultiplier,
        maxBonus: money(w.welcomePackage.maxBonusCents),
      },
    depositPreview: async (w, args, ctx) => {
      const amountCents = amountOf(args.amount);
      checkLimits(amountCents, w.limits?.depositMin, w.limits?.depositMax);
      const p = await depositPreview(ctx.scope.upstream, amountCents, args.welcomeBonus === true);
      return {
        amount: money(p.amountCents),
        cash: money(p.cashCents),
        bonus: money(p.bonusCents),
        wageringRequired: money(p.wageringRequiredCents),
        capped: p.capped,
        noBonusReason: p.noBonusReason,
        lockedCash: money(p.lockedCashCents),
        bonusPercentage: p.bonusPercentage,
        wagerMultiplier: p.wagerMultiplier,
        maxBonus: money(p.maxBonusCents),
      };
    },
  },

  DepositStatus: {
    id: (d) => toGlobalId('DepositStatus', `${d.provider}:${d.paymentId}`),
    amount: (d) => money(d.amountCents),
    bonus: (d) => (d.bonusCents === null ? null : money(d.bonusCents)),
    wageringRequired: (d) => (d.wageringRequiredCents === null ? null : money(d.wageringRequiredCents)),
  },

  Transaction: {
    id: (t) => toGlobalId('Transaction', t.id),
    amount: (t) => money(t.amountCents),
    balanceAfter: (t) => (t.balanceAfterCents === null ? null : money(t.balanceAfterCents)),
    title: async (t, _args, ctx) => {
      // A name that cannot be read leaves the title plainer ("Bet", "Deposit"), never the row missing.
      const [game, method] = await Promise.all([
        t.gameId === null ? null : visibleGame(ctx, t.gameId).catch(() => null),
        t.gateway === null ? null : paymentMethodName(ctx, t.gateway).catch(() => null),
      ]);
      return transactionTitle(t, { game: game?.name ?? null, method });
    },
  },

  Mutation: {
    deposit: async (_root, { input }, ctx) => {
      const { amountCents, idempotencyKey, wallet } = await walletBeforePayment(ctx, 'deposit', input);
      const gateway = offeredGateway(wallet, input.gateway);
      checkLimits(amountCents, wallet.limits?.depositMin, wallet.limits?.depositMax);
      const d = await startDeposit(ctx.scope.upstream, {
        gateway,
        amountCents,
        returnUrl: input.returnUrl == null ? null : returnUrlOf(ctx, input.returnUrl),
        idempotencyKey,
        welcomeBonus: input.welcomeBonus === true,
      });
      return {
        paymentId: d.paymentId,
        status: d.status,
        amount: money(d.amountCents),
        type: d.type,
        provider: d.provider,
        redirectUrl: d.redirectUrl,
        depositStatus: d,
        clientMutationId: input.clientMutationId ?? null,
      };
    },

    withdraw: async (_root, { input }, ctx) => {
      const { amountCents, idempotencyKey, wallet } = await walletBeforePayment(ctx, 'withdraw', input);
      const { limits } = wallet;
      checkLimits(amountCents, limits?.withdrawalMin, limits?.withdrawalMax);
      const w = await requestWithdrawal(ctx.scope.upstream, { amountCents, idempotencyKey });
      // The wallet is read by WithdrawPayload.wallet, after this write: the balance the withdrawal left.
      return {
        withdrawalId: w.withdrawalId,
        amount: money(w.amountCents),
        status: w.status,
        withdrawal: w.withdrawal,
        clientMutationId: input.clientMutationId ?? null,
      };
    },
  },

  WithdrawPayload: { wallet: (_p, _args, ctx) => walletAfterWrite(ctx) },
};

export const walletPrefetches: Prefetches = {
  Viewer: {
    wallet: withSession((ctx) => readWallet(ctx.scope.upstream)),
    transactions: withSession((ctx, args) => transactionPages(ctx, args as TransactionArgs).pages),
    depositStatus: withSession((ctx, args) => viewerDeposit(ctx, args as unknown as DepositArgs)),
  },
};

export const walletNodeLoaders: Record<string, NodeLoader> = {
  Wallet: ownedByViewer((userId, ctx) => loadWallet(ctx.scope.upstream, userId)),
  // Found only by its owner: the backend reports another player's deposit as missing.
  DepositStatus: async (id, ctx) => {
    // Exactly provider:paymentId; a third part would find the deposit under an ID that is not its own.
    const [provider = '', paymentId = '', ...rest] = id.split(':');
    const valid = rest.length === 0 && SAFE_SEGMENT.test(provider) && SAFE_SEGMENT.test(paymentId);
    // Read with the account, not after it; reported only once the account has been read.
    const loading = ctx.scope.upstream.token && valid ? findDeposit(ctx, provider, paymentId) : null;
    loading?.catch(() => {});
    if (!(await ctx.viewer())) return null;
    return loading;
  },
};
