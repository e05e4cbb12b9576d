import type { SandboxContext } from '../context.js';
import type { Db } from '../db/open.js';
import { ApiError } from '../http/errors.js';
import { isoUtc } from './clock.js';
import { balanceCents, post, walletEntries, type LedgerKind } from './ledger.js';
import { formatCents } from './money.js';
import { notify } from './notifications.js';

/**
 * Coupons grant bonus money with a wagering requirement (bonus × multiplier of real-money stakes). While it is
 * unmet the bonus is locked and withdrawals are closed; once met, the bonus balance is released as money.
 */
interface UserCouponRow {
  id: number;
  code: string;
  bonus_cents: number;
  wagering_required_cents: number;
  wagered_cents: number;
  status: string;
  created_at: string;
}

interface CouponRow {
  code: string;
  description: string;
  bonus_cents: number;
  wagering_multiplier: number;
  expires_at: string;
}

export function activeCoupon(db: Db, userId: number): UserCouponRow | null {
  return (
    (db.prepare("SELECT * FROM user_coupons WHERE user_id = ? AND status = 'active'").get(userId) as
      UserCouponRow | undefined) ?? null
  );
}

function couponJson(db: Db, row: UserCouponRow) {
  const coupon = db.prepare('SELECT * FROM coupons WHERE code = ?').get(row.code) as CouponRow;
  return {
    id: row.id,
    code: coupon.code,
    description: coupon.description,
    bonus_amount: formatCents(row.bonus_cents),
    wagering_required: formatCents(row.wagering_required_cents),
    wagered: formatCents(row.wagered_cents),
    redeemed_at: isoUtc(new Date(row.created_at)),
  };
}

export function activeCouponJson(db: Db, userId: number) {
  const row = activeCoupon(db, userId);
  return {
    activeCoupon: row ? couponJson(db, row) : null,
    activeWagering: row !== null && row.wagered_cents < row.wagering_required_cents,
  };
}

export function wageringJson(db: Db, userId: number) {
  const row = activeCoupon(db, userId);
  const required = row?.wagering_required_cents ?? 0;
  const wagered = Math.min(row?.wagered_cents ?? 0, required);
  return {
    wallets: walletEntries(db, userId),
    wagering: row
      ? {
          active: true,
          code: row.code,
          bonus_amount: formatCents(row.bonus_cents),
          bonus_balance: formatCents(balanceCents(db, userId, 'bonus')),
          required: formatCents(required),
          wagered: formatCents(wagered),
          remaining: formatCents(required - wagered),
          progress: required === 0 ? 1 : wagered / required,
        }
      : { active: false },
  };
}

/** The coupon `code` names when this player may redeem it now; otherwise the casino's refusal (422). */
function redeemableCoupon(db: Db, userId: number, code: string, now: Date): CouponRow {
  // The welcome package's coupon is credited with a deposit, never redeemed by its code.
  const coupon = db.prepare('SELECT * FROM coupons WHERE code = ? AND redeemable = 1').get(code.trim()) as
    CouponRow | undefined;
  if (!coupon) throw new ApiError(422, 'Invalid coupon code.');
  if (Date.parse(coupon.expires_at) <= now.getTime()) throw new ApiError(422, 'This coupon has expired.');
  if (activeCoupon(db, userId)) throw new ApiError(422, 'You already have an active coupon.');
  const used = db
    .prepare('SELECT 1 FROM user_coupons WHERE user_id = ? AND code = ?')
    .get(userId, coupon.code);
  if (used) throw new ApiError(422, 'You have already redeemed this coupon.');
  return coupon;
}

/**
 * What redeeming `code` would do, before it is applied (docs/rules.md#coupons-and-wagering): its terms, the bonus, the
 * wagering in rands, and the cash the player has now that the bonus would lock with it. Refused as the redemption
 * would be (422 with the casino's text).
 */
export function previewCoupon(ctx: SandboxContext, userId: number, code: string) {
  const { db } = ctx;
  const coupon = redeemableCoupon(db, userId, code, ctx.clock());
  return {
    ...couponTermsJson(coupon),
    locked_cash: formatCents(Math.max(0, balanceCents(db, userId, 'money'))),
  };
}

/** A coupon's terms as the casino states them wherever it is offered: the preview, and the promotion that advertises it. */
function couponTermsJson(coupon: CouponRow) {
  return {
    code: coupon.code,
    description: coupon.description,
    bonus_amount: formatCents(coupon.bonus_cents),
    wager_multiplier: coupon.wagering_multiplier,
    wagering_required: formatCents(coupon.bonus_cents * coupon.wagering_multiplier),
    expires_at: isoUtc(new Date(coupon.expires_at)),
  };
}

/**
 * The terms of a coupon a promotion advertises, while anyone may still redeem it; null once it cannot be (expired, or
 * not redeemable by its code), and then the promotion is not shown (docs/rules.md#promotions-and-banners).
 */
export function offeredCouponTerms(db: Db, code: string, now: Date) {
  const coupon = db.prepare('SELECT * FROM coupons WHERE code = ? AND redeemable = 1').get(code) as
    CouponRow | undefined;
  if (!coupon || Date.parse(coupon.expires_at) <= now.getTime()) return null;
  return couponTermsJson(coupon);
}

export function redeemCoupon(ctx: SandboxContext, userId: number, code: string) {
  const { db } = ctx;
  const now = ctx.clock();
  const coupon = redeemableCoupon(db, userId, code, now);
  db.transaction(() => {
    const info = db
      .prepare(
        `INSERT INTO user_coupons (user_id, code, bonus_cents, wagering_required_cents, status, created_at)
         VALUES (?, ?, ?, ?, 'active', ?)`,
      )
      .run(
        userId,
        coupon.code,
        coupon.bonus_cents,
        coupon.bonus_cents * coupon.wagering_multiplier,
        now.toISOString(),
      );
    post(
      db,
      [
        {
          userId,
          wallet: 'bonus',
          amountCents: coupon.bonus_cents,
          kind: 'coupon',
          reference: `coupon:${info.lastInsertRowid}`,
        },
      ],
      now,
    );
  })();
  return couponJson(db, activeCoupon(db, userId)!);
}

/**
 * Closes the active coupon and empties the bonus wallet through the ledger (forfeited on opt-out, moved to money
 * when wagering is met), in one transaction.
 */
function closeCoupon(
  ctx: SandboxContext,
  userId: number,
  row: UserCouponRow,
  outcome: 'opted_out' | 'completed',
) {
  const { db } = ctx;
  const now = ctx.clock();
  const reference = `coupon:${row.id}`;
  db.transaction(() => {
    db.prepare('UPDATE user_coupons SET status = ?, ended_at = ? WHERE id = ?').run(
      outcome,
      now.toISOString(),
      row.id,
    );
    const bonus = balanceCents(db, userId, 'bonus');
    const kind: LedgerKind = outcome === 'completed' ? 'bonus_release' : 'bonus_forfeit';
    post(
      db,
      [
        { userId, wallet: 'bonus', amountCents: -bonus, kind, reference },
        ...(outcome === 'completed'
          ? [{ userId, wallet: 'money' as const, amountCents: bonus, kind, reference }]
          : []),
      ],
      now,
    );
  })();
}

/** Ends the active bonus: the remaining bonus balance is forfeited. */
export function optOutBonus(ctx: SandboxContext, userId: number): void {
  const row = activeCoupon(ctx.db, userId);
  if (!row) throw new ApiError(422, 'You have no active bonus to opt out of.');
  closeCoupon(ctx, userId, row, 'opted_out');
  notify(
    ctx,
    userId,
    'bonus_transfer_opt_out',
    'Bonus opt-out',
    'You opted out of your bonus; its balance was removed.',
  );
}

/** Counts a real-money stake toward the active wagering requirement; releases the bonus once it is met. */
export function recordWager(ctx: SandboxContext, userId: number, stakeCents: number): boolean {
  const row = activeCoupon(ctx.db, userId);
  if (!row) return false;
  const wagered = row.wagered_cents + stakeCents;
  ctx.db.prepare('UPDATE user_coupons SET wagered_cents = ? WHERE id = ?').run(wagered, row.id);
  const completed = wagered >= row.wagering_required_cents;
  if (completed) closeCoupon(ctx, userId, row, 'completed');
  if (completed) {
    notify(
      ctx,
      userId,
      'bonus_wagering_completed',
      'Wagering complete',
      'You met the wagering requirement; your bonus is now cash.',
    );
  }
  return completed;
}
