import crypto from 'node:crypto';
import type { SandboxContext } from '../context.js';
import type { Db } from '../db/open.js';
import { ApiError, notFound } from '../http/errors.js';
import { activeCoupon, activeCouponJson } from './bonus.js';
import { isoUtc } from './clock.js';
import { publishWallet } from './events.js';
import { post, walletEntries } from './ledger.js';
import { formatCents } from './money.js';
import { GATEWAYS, gatewayEnabled, paymentLimits, paymentSettings, type Gateway } from './payments.js';
import { findUser } from './users.js';
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

interface DepositRow {
  id: string;
  user_id: number;
  gateway: Gateway;
  type: string;
  provider: string;
  amount_cents: number;
  status: 'pending' | 'complete' | 'failed';
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
    redirectUrl: `${ctx.publicUrl()}/sandbox/pay/${row.id}`,
    created_at: isoUtc(new Date(row.created_at)),
    completed_at: row.completed_at ? isoUtc(new Date(row.completed_at)) : null,
    claim_welcome_bonus: row.claim_welcome_bonus === 1,
    bonus_amount: formatCents(welcome.bonusCents),
    wagering_required: formatCents(welcome.wageringRequiredCents),
  };
}

export function depositById(db: Db, paymentId: string): DepositRow | null {
  return (db.prepare('SELECT * FROM deposits WHERE id = ?').get(paymentId) as DepositRow | undefined) ?? null;
}

export function findDeposit(db: Db, paymentId: string): DepositRow {
  const row = depositById(db, paymentId);
  if (!row) throw notFound('Payment');
  return row;
}

export function startDeposit(
  ctx: SandboxContext,
  userId: number,
  gateway: Gateway,
  amountCents: number,
  returnUrl?: string,
  claimWelcomeBonus = true,
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
  return depositJson(ctx, findDeposit(ctx.db, id));
}

/**
 * The payment page's reply: confirm credits the wallet through the ledger exactly once (and the welcome bonus, when
 * the deposit qualifies, in the same transaction); fail marks it failed.
 */
export function settleDeposit(
  ctx: SandboxContext,
  paymentId: string,
  outcome: 'complete' | 'failed',
): DepositRow {
  const { db } = ctx;
  const now = ctx.clock();
  const settled = db.transaction((): false | { welcome: WelcomeOffer | null } => {
    const row = findDeposit(db, paymentId);
    if (row.status !== 'pending') return false;
    db.prepare('UPDATE deposits SET status = ?, completed_at = ? WHERE id = ?').run(
      outcome,
      now.toISOString(),
      row.id,
    );
    if (outcome === 'complete') {
      post(
        db,
        [
          {
            userId: row.user_id,
            wallet: 'money',
            amountCents: row.amount_cents,
            kind: 'deposit',
            reference: `deposit:${row.id}`,
          },
        ],
        now,
      );
      return { welcome: creditWelcomeBonus(db, row, now) };
    }
    return { welcome: null };
  })();
  const row = findDeposit(db, paymentId);
  if (settled && outcome === 'complete') publishWallet(ctx, row.user_id);
  if (settled && settled.welcome && settled.welcome.bonusCents > 0)
    notifyWelcomeBonus(ctx, row.user_id, settled.welcome);
  return row;
}
