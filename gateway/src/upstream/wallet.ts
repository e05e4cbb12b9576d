import { z } from 'zod';
import { centsToDecimal } from '../domain/money.js';
import { DEFAULT_CAPITEC_NAME, PAYMENT_GATEWAYS } from '../domain/payments.js';
import type {
  DepositStateName,
  DepositStatusModel,
  NoBonusReasonName,
  WalletGateway,
  WalletModel,
  WithdrawalModel,
} from '../models.js';
import { loadAccount } from './account.js';
import { keptByText, parseUpstream, randCents } from './parse.js';
import type { RequestUpstream } from './request-upstream.js';
import { parseWithdrawalEvent } from './withdrawals.js';

/** Backends built on PHP send flags as true/false or 1/0. */
const flag = z.union([z.boolean(), z.number()]).transform(Boolean);
const wholeNumber = z.union([z.number().int(), z.string().regex(/^-?\d+$/)]).transform(Number);

/** A backend's reason word as the schema's enum value; one it does not know is OTHER. */
const upperEnum = <T extends string>(known: readonly T[]) =>
  z.string().transform((s): T | 'OTHER' => known.find((k) => k === s.toUpperCase()) ?? 'OTHER');
const NoBonusReason = upperEnum(['PACKAGE_OFF', 'PACKAGE_USED', 'BONUS_ACTIVE', 'DECLINED'] as const);

const BonusWageringJson = z.object({
  code: z.string(),
  bonus_amount: randCents,
  required: randCents,
  wagered: randCents,
  remaining: randCents,
});
const WelcomePackageJson = z.object({
  available: flag,
  unavailable_reason: NoBonusReason.nullable().optional(),
  bonus_percentage: wholeNumber,
  wager_multiplier: wholeNumber,
  max_bonus: randCents,
});

const WalletJson = z
  .object({
    can_withdraw: flag,
    depositBonusPercentage: wholeNumber.optional(),
    depositWagerPercentage: wholeNumber.optional(),
    wallets: z.array(z.object({ gateway: z.string(), balance: randCents })),
    payment_method_capitec_name: z.string().nullable().optional(),
    limits: z
      .object({
        deposit_min: randCents,
        deposit_max: randCents,
        withdrawal_min: randCents,
        withdrawal_max: randCents,
      })
      .nullable()
      .optional(),
    withdraw_lock: upperEnum(['EMAIL_UNVERIFIED', 'VERIFICATION_REQUIRED', 'BONUS_WAGERING'] as const)
      .nullable()
      .optional(),
    bonus_wagering: BonusWageringJson.nullable().optional(),
    welcome_package: WelcomePackageJson.nullable().optional(),
    // A name the casino sets for a gateway; one for a gateway this gateway does not know is ignored.
    payment_method_names: z.record(z.string(), z.string()).nullable().optional(),
  })
  // The payment flags (is_*_enabled) are many and grow over time: kept by name rather than listed here.
  .catchall(z.unknown());

const FLAG_NAME = /^is_[a-z0-9_]+_enabled$/;

/** The wallet response without its owner (the backend does not say whose it is). */
type WalletFields = Omit<WalletModel, 'userId'>;

function toWalletFields(raw: unknown): WalletFields {
  const w = parseUpstream(WalletJson, raw, 'wallet');
  // The callpay entry is the money balance, the bonus entry the bonus balance (docs/rules.md#payments).
  const balance = (gateway: string) => w.wallets.find((entry) => entry.gateway === gateway)?.balance ?? 0;
  const flags: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(w)) {
    if (FLAG_NAME.test(key) && (typeof value === 'boolean' || typeof value === 'number'))
      flags[key] = Boolean(value);
  }
  return {
    __typename: 'Wallet',
    moneyCents: balance('callpay'),
    bonusCents: balance('bonus'),
    canWithdraw: w.can_withdraw,
    depositBonusPercentage: w.depositBonusPercentage ?? 0,
    depositWagerPercentage: w.depositWagerPercentage ?? 0,
    flags,
    capitecName: w.payment_method_capitec_name?.trim() || DEFAULT_CAPITEC_NAME,
    limits: w.limits
      ? {
          depositMin: w.limits.deposit_min,
          depositMax: w.limits.deposit_max,
          withdrawalMin: w.limits.withdrawal_min,
          withdrawalMax: w.limits.withdrawal_max,
        }
      : null,
    // An older backend says only can_withdraw: a closed wallet then has a reason this schema does not know.
    withdrawLock: w.withdraw_lock ?? (w.can_withdraw ? null : 'OTHER'),
    bonusWagering: w.bonus_wagering
      ? {
          code: w.bonus_wagering.code,
          bonusCents: w.bonus_wagering.bonus_amount,
          requiredCents: w.bonus_wagering.required,
          wageredCents: w.bonus_wagering.wagered,
          remainingCents: w.bonus_wagering.remaining,
        }
      : null,
    welcomePackage: w.welcome_package
      ? {
          available: w.welcome_package.available,
          unavailableReason: w.welcome_package.unavailable_reason ?? null,
          bonusPercentage: w.welcome_package.bonus_percentage,
          wagerMultiplier: w.welcome_package.wager_multiplier,
          maxBonusCents: w.welcome_package.max_bonus,
        }
      : null,
    methodNames: methodNamesOf(w.payment_method_names ?? {}),
  };
}

/** The casino's display names for the gateways it knows, trimmed; blanks and unknown gateways left out. */
function methodNamesOf(names: Record<string, string>): Partial<Record<WalletGateway, string>> {
  const out: Partial<Record<WalletGateway, string>> = {};
  for (const gateway of Object.keys(PAYMENT_GATEWAYS) as WalletGateway[]) {
    const name = names[gateway]?.trim();
    if (name) out[gateway] = name;
  }
  return out;
}

/** The wallet's check, kept by response text: the site asks for the same wallet on every screen (parse.ts). */
const walletFields = keptByText(toWalletFields);

/** POST /api/wallet as read (deduplicated) for this execution, before its owner is known. */
export const readWallet = (upstream: RequestUpstream) => upstream.read('/api/wallet', walletFields, 'POST');

/**
 * POST /api/wallet: a read despite the verb, so it goes through the request's loader (once per request). The response
 * does not say whose wallet it is: pass the owner's id when known; otherwise the signed-in account is read (also
 * through the loader) to learn it.
 */
export async function loadWallet(upstream: RequestUpstream, userId?: number): Promise<WalletModel> {
  const [fields, owner] = await Promise.all([
    readWallet(upstream),
    userId ?? loadAccount(upstream).then((account) => account.id),
  ]);
  // Object.assign rather than a spread with userId after it, which costs about 3 µs on Node 20 (context.ts).
  return Object.assign({}, fields, { userId: owner });
}

const SETTLED: readonly DepositStateName[] = ['complete', 'failed', 'refunded'];

const DepositJson = z.object({
  paymentId: z.string().min(1),
  // Any state but a settled one is still pending (a provider may say "processing" or "initiated").
  status: z
    .string()
    .transform((s): DepositStateName => SETTLED.find((v) => v === s.toLowerCase()) ?? 'pending'),
  amount: randCents,
  type: z.enum(['eft', 'credit_card', 'crypto']),
  provider: z.enum(['callpay', 'payment3', 'voucherup', 'paypump']),
  redirectUrl: z.string().min(1),
  // What a completed deposit credited beside its cash (docs/rules.md#welcome-package); absent from older backends.
  bonus_amount: randCents.optional(),
  wagering_required: randCents.optional(),
  // Why a failed deposit failed (docs/rules.md#payments); absent from older backends, and a reason this gateway does
  // not know is none.
  failure_reason: z
    .string()
    .nullable()
    .optional()
    .transform((r) => (r === 'cancelled' || r === 'expired' ? r : null)),
});

export interface DepositResult extends DepositStatusModel {
  redirectUrl: string;
}

function toDeposit(raw: unknown): DepositResult {
  const d = parseUpstream(DepositJson, raw, 'deposit');
  return {
    __typename: 'DepositStatus',
    paymentId: d.paymentId,
    status: d.status,
    amountCents: d.amount,
    type: d.type,
    provider: d.provider,
    redirectUrl: d.redirectUrl,
    bonusCents: d.status === 'complete' ? (d.bonus_amount ?? null) : null,
    wageringRequiredCents: d.status === 'complete' ? (d.wagering_required ?? null) : null,
    failureReason: d.status === 'failed' ? (d.failure_reason ?? null) : null,
  };
}

export interface DepositRequest {
  gateway: WalletGateway;
  amountCents: number;
  returnUrl?: string | null;
  /** Sent as the Idempotency-Key header: a retry with the same key returns the first deposit again. */
  idempotencyKey: string;
  /** Whether the deposit claims the welcome bonus: opt-in (the backend's default, as the schema's, is no). */
  welcomeBonus?: boolean;
}

/** POST /api/deposit: starts a payment the player completes at redirectUrl. */
export async function startDeposit(
  upstream: RequestUpstream,
  request: DepositRequest,
): Promise<DepositResult> {
  const raw = await upstream.write({
    method: 'POST',
    path: '/api/deposit',
    json: {
      gateway: request.gateway,
      // The backend takes rands as a two-decimal string.
      amount: centsToDecimal(request.amountCents),
      ...(request.returnUrl ? { returnUrl: request.returnUrl } : {}),
      welcome_bonus: request.welcomeBonus === true,
    },
    idempotencyKey: request.idempotencyKey,
  });
  return toDeposit(raw);
}

/** A `deposit` event of the player's channel (a deposit settled): the deposit, as the status call gives it; else null. */
export function parseDepositEvent(data: unknown): DepositStatusModel | null {
  const parsed = DepositJson.safeParse(data);
  if (!parsed.success) return null;
  const { redirectUrl: _, ...deposit } = toDeposit(data);
  return deposit;
}

/**
 * GET /api/wallet/depositStatus/{provider}/{paymentId}: where a payment stands (pending, complete, failed, or refunded:
 * paid while the player was on a break or self-excluded, and returned).
 */
export function depositStatus(
  upstream: RequestUpstream,
  provider: string,
  paymentId: string,
  query: Record<string, string> = {},
): Promise<DepositResult> {
  const search = new URLSearchParams(query).toString();
  const path = `/api/wallet/depositStatus/${encodeURIComponent(provider)}/${encodeURIComponent(paymentId)}`;
  return upstream.read(search ? `${path}?${search}` : path, toDeposit);
}

const PreviewJson = z.object({
  amount: randCents,
  cash: randCents,
  bonus: randCents,
  wagering_required: randCents,
  capped: flag,
  no_bonus_reason: NoBonusReason.nullable(),
  locked_cash: randCents,
  bonus_percentage: wholeNumber,
  wager_multiplier: wholeNumber,
  max_bonus: randCents,
});

export interface DepositPreviewResult {
  amountCents: number;
  cashCents: number;
  bonusCents: number;
  wageringRequiredCents: number;
  capped: boolean;
  noBonusReason: NoBonusReasonName | null;
  lockedCashCents: number;
  bonusPercentage: number;
  wagerMultiplier: number;
  maxBonusCents: number;
}

/**
 * GET /api/deposit/preview?amount=&welcome_bonus=: what a deposit would credit now, as the casino computes it (its
 * rule: docs/rules.md#welcome-package). Per player and amount, so never in the public cache.
 */
export function depositPreview(
  upstream: RequestUpstream,
  amountCents: number,
  welcomeBonus: boolean,
): Promise<DepositPreviewResult> {
  const search = new URLSearchParams({
    amount: centsToDecimal(amountCents),
    welcome_bonus: String(welcomeBonus),
  });
  return upstream.read(`/api/deposit/preview?${search}`, (raw) => {
    const p = parseUpstream(PreviewJson, raw, 'deposit preview');
    return {
      amountCents: p.amount,
      cashCents: p.cash,
      bonusCents: p.bonus,
      wageringRequiredCents: p.wagering_required,
      capped: p.capped,
      noBonusReason: p.no_bonus_reason,
      lockedCashCents: p.locked_cash,
      bonusPercentage: p.bonus_percentage,
      wagerMultiplier: p.wager_multiplier,
      maxBonusCents: p.max_bonus,
    };
  });
}

const WithdrawJson = z.object({
  withdrawal: z.object({
    id: z.union([z.string(), z.number()]).transform(String),
    amount: randCents,
    status: z.string(),
  }),
});

export interface WithdrawResult {
  withdrawalId: string;
  amountCents: number;
  status: string;
  /** The whole withdrawal, when the backend sends it with its lifecycle fields (docs/rules.md#withdrawals). */
  withdrawal: WithdrawalModel | null;
}

/** POST /api/withdraw; the Idempotency-Key header makes a retry return the first withdrawal instead of a second. */
export async function requestWithdrawal(
  upstream: RequestUpstream,
  request: { amountCents: number; idempotencyKey: string },
): Promise<WithdrawResult> {
  const raw = await upstream.write({
    method: 'POST',
    path: '/api/withdraw',
    json: { amount: centsToDecimal(request.amountCents) },
    idempotencyKey: request.idempotencyKey,
  });
  const { withdrawal } = parseUpstream(WithdrawJson, raw, 'withdraw');
  const whole = parseWithdrawalEvent(raw);
  return {
    withdrawalId: withdrawal.id,
    amountCents: withdrawal.amount,
    status: withdrawal.status,
    withdrawal: whole,
  };
}
