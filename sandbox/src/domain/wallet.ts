import crypto from 'node:crypto';
import type { SandboxContext } from '../context.js';
import type { Db } from '../db/open.js';
import { ApiError, notFound } from '../http/errors.js';
import { activeCoupon, activeCouponJson } from './bonus.js';
import { isoUtc } from './clock.js';
import { UserEvents, userChannel } from '../realtime/hub.js';
import { publishWallet } from './events.js';
import { post, walletEntries } from './ledger.js';
import { formatCents, formatRands } from './money.js';
import { notify } from './notifications.js';
import { GATEWAYS, gatewayEnabled, paymentLimits, paymentSettings, type Gateway } from './payments.js';
import { findUser } from './users.js';
import { currentRestriction } from './safer-gambling/restrictions.js';
import { isVerified } from './verification.js';
import {
  creditWelcomeBonus,
  notifyWelcomeBonus,
  welcomeBonusOfDeposit,
  welcomePackageJson,
  type WelcomeOffer,
} from './welcome.js';

/** Why a player cannot withdraw now: the first that applies, or null when they can. */
export type WithdrawLock = 'email_unverified' | 'verification_required' | 'bonus_wagering';

/**
 * A player may withdraw with a verified email, a verified identity (FICA: docs/rules.md#know-your-player) and no
 * bonus wagering outstanding (docs/rules.md#bonus-money): while a bonus is being wagered the player's cash is locked
 * too, because stakes come from cash first and a withdrawal would take the deposit the bonus was given for. Opting
 * out of the bonus unlocks the cash at once. (A self-exclusion's payout is made whatever locks it:
 * safer-gambling/self-exclusion.ts.)
 */
export function withdrawLock(db: Db, userId: number): WithdrawLock | null {
  if (findUser(db, userId).email_verified_at === null) return 'email_unverified';
  if (!isVerified(db, userId)) return 'verification_required';
  if (activeCouponJson(db, userId).activeWagering) return 'bonus_wagering';
  return null;
}

/** The active bonus's wagering as the wallet shows it beside the balances; null when no bonus is active. */
function bonusWageringJson(db: Db, userId: number) {
  const row = activeCoupon(db, userId);
  if (!row) return null;
  const wagered = Math.min(row.wagered_cents, row.wagering_required_cents);
  return {
    code: row.code,
    bonus_amount: formatCents(row.bonus_cents),
    required: formatCents(row.wagering_required_cents),
    wagered: formatCents(wagered),
    remaining: formatCents(row.wagering_required_cents - wagered),
  };
}

/** POST /api/wallet. */
export function walletJson(db: Db, userId: number) {
  const { depositBonusPercentage, depositWagerPercentage, ...flags } = paymentSettings(db);
  const lock = withdrawLock(db, userId);
  return {
    can_withdraw: lock === null,
    withdraw_lock: lock,
    bonus_wagering: bonusWageringJson(db, userId),
    welcome_package: welcomePackageJson(db, userId),
    depositBonusPercentage,
    depositWagerPercentage,
    wallets: walletEntries(db, userId),
    ...flags,
    limits: paymentLimits(),
  };
}

/**
 * The casino's payment window (docs/rules.md#payments): a deposit not paid within it expires (failed, reason
 * 'expired'), stops counting against the deposit limits, and the payment page refuses it.
 */
export const PAYMENT_WINDOW_MINUTES = 30;
const PAYMENT_WINDOW_MS = PAYMENT_WINDOW_MINUTES * 60_000;

/**
 * Expires the pending deposits (of one player, or every player's when userId is null) whose payment window has ended
 * by `now`, dated when the window ended. Applied lazily, on every read or check that depends on it.
 */
export function expireDeposits(db: Db, userId: number | null, now: Date): void {
  const rows = db
    .prepare(
      `SELECT id, created_at FROM deposits WHERE status = 'pending' AND created_at <= ?
       ${userId === null ? '' : 'AND user_id = ?'}`,
    )
    .all(new Date(now.getTime() - PAYMENT_WINDOW_MS).toISOString(), ...(userId === null ? [] : [userId])) as {
    id: string;
    created_at: string;
  }[];
  const expire = db.prepare(
    `UPDATE deposits SET status = 'failed', failure_reason = 'expired', completed_at = ?
     WHERE id = ? AND status = 'pending'`,
  );
  for (const row of rows) {
    expire.run(new Date(Date.parse(row.created_at) + PAYMENT_WINDOW_MS).toISOString(), row.id);
  }
}

interface DepositRow {
  id: string;
  user_id: number;
  gateway: Gateway;
  type: string;
  provider: string;
  amount_cents: number;
  status: 'pending' | 'complete' | 'failed' | 'refunded';
  /** Why a failed deposit failed: cancelled on the payment page, or not paid within the payment window. */
  failure_reason: 'cancelled' | 'expired' | null;
  return_url: string | null;
  created_at: string;
  completed_at: string | null;
  claim_welcome_bonus: number;
}

export function depositJson(ctx: SandboxContext, row: DepositRow) {
  // What a completed deposit credited: its amount as cash, and the welcome bonus it brought (0.00 when none).
  const welcome = welcomeBonusOfDeposit(ctx.db, row.id);
  return {
    paymentId: row.id,
    gateway: row.gateway,
    type: row.type,
    provider: row.provider,
    amount: formatCents(row.amount_cents),
    status: row.status,
    failure_reason: row.failure_reason,
    redirectUrl: `${ctx.publicUrl()}/sandbox/pay/${row.id}`,
    created_at: isoUtc(new Date(row.created_at)),
    completed_at: row.completed_at ? isoUtc(new Date(row.completed_at)) : null,
    claim_welcome_bonus: row.claim_welcome_bonus === 1,
    bonus_amount: formatCents(welcome.bonusCents),
    wagering_required: formatCents(welcome.wageringRequiredCents),
  };
}

/** The deposit as it stands at `now` (an unpaid one past the payment window has expired). */
export function depositById(db: Db, paymentId: string, now: Date): DepositRow | null {
  const find = () =>
    (db.prepare('SELECT * FROM deposits WHERE id = ?').get(paymentId) as DepositRow | undefined) ?? null;
  const row = find();
  if (row?.status !== 'pending') return row;
  expireDeposits(db, row.user_id, now);
  return find();
}

export function findDeposit(db: Db, paymentId: string, now: Date): DepositRow {
  const row = depositById(db, paymentId, now);
  if (!row) throw notFound('Payment');
  return row;
}

export function startDeposit(
  ctx: SandboxContext,
  userId: number,
  gateway: Gateway,
  amountCents: number,
  returnUrl?: string,
  claimWelcomeBonus = false,
) {
  if (!gatewayEnabled(paymentSettings(ctx.db), gateway)) {
    throw new ApiError(422, 'This payment method is not available.');
  }
  const { type, provider } = GATEWAYS[gateway];
  const id = `pay_${crypto.randomBytes(9).toString('base64url')}`;
  ctx.db
    .prepare(
      `INSERT INTO deposits (id, user_id, gateway, type, provider, amount_cents, status, return_url, created_at,
                             claim_welcome_bonus)
       VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
    )
    .run(
      id,
      userId,
      gateway,
      type,
      provider,
      amountCents,
      returnUrl ?? null,
      ctx.clock().toISOString(),
      claimWelcomeBonus ? 1 : 0,
    );
  return depositJson(ctx, findDeposit(ctx.db, id, ctx.clock()));
}

/** Why the payment page cannot take a deposit's payment any more: null while it is pending. */
export function paymentClosedReason(row: DepositRow): string | null {
  if (row.status === 'pending') return null;
  if (row.failure_reason === 'expired')
    return `This payment has expired: it was not paid within ${PAYMENT_WINDOW_MINUTES} minutes. Start a new deposit.`;
  return `This payment is ${row.status}.`;
}

/**
 * The payment page's reply: confirm credits the wallet through the ledger exactly once (and the welcome bonus, when
 * the deposit qualifies, in the same transaction); fail marks it failed (cancelled). A payment that settles while the
 * player is on a break or self-excluded is returned to its source at once (docs/rules.md#payments): credited and
 * debited again by a ledger pair, status 'refunded', no bonus, the player told. Paying a deposit whose payment window
 * has ended is refused.
 */
export function settleDeposit(
  ctx: SandboxContext,
  paymentId: string,
  outcome: 'complete' | 'failed',
): DepositRow {
  const { db } = ctx;
  const now = ctx.clock();
  findDeposit(db, paymentId, now); // expires it first when its window has ended (or answers 404)
  const settled = db.transaction((): false | { welcome: WelcomeOffer | null; refunded: boolean } => {
    const row = findDeposit(db, paymentId, now);
    if (row.failure_reason === 'expired') throw new ApiError(422, paymentClosedReason(row)!);
    if (row.status !== 'pending') return false;
    if (outcome === 'failed') {
      db.prepare(
        "UPDATE deposits SET status = 'failed', failure_reason = 'cancelled', completed_at = ? WHERE id = ?",
      ).run(now.toISOString(), row.id);
      return { welcome: null, refunded: false };
    }
    const closed = currentRestriction(db, row.user_id, now) !== null;
    db.prepare('UPDATE deposits SET status = ?, completed_at = ? WHERE id = ?').run(
      closed ? 'refunded' : 'complete',
      now.toISOString(),
      row.id,
    );
    const credit = {
      userId: row.user_id,
      wallet: 'money' as const,
      amountCents: row.amount_cents,
      kind: 'deposit' as const,
      reference: `deposit:${row.id}`,
    };
    if (closed) {
      post(db, [credit, { ...credit, amountCents: -row.amount_cents }], now);
      return { welcome: null, refunded: true };
    }
    post(db, [credit], now);
    return { welcome: creditWelcomeBonus(db, row, now), refunded: false };
  })();
  const row = findDeposit(db, paymentId, now);
  if (settled) ctx.realtime.publish(userChannel(row.user_id), UserEvents.deposit, depositJson(ctx, row));
  if (settled && outcome === 'complete') publishWallet(ctx, row.user_id);
  if (settled && settled.refunded) {
    notify(
      ctx,
      row.user_id,
      'deposit_refunded',
      'Deposit returned',
      `Your deposit of ${formatRands(row.amount_cents)} arrived while your account is closed to play, so it has been returned to where it came from. See your transactions.`,
    );
  }
  if (settled && settled.welcome && settled.welcome.bonusCents > 0)
    notifyWelcomeBonus(ctx, row.user_id, settled.welcome);
  return row;
}
