import type { SandboxContext } from '../context.js';
import type { Db } from '../db/open.js';
import { activeCoupon } from './bonus.js';
import { balanceCents, post } from './ledger.js';
import { formatCents, formatRands } from './money.js';
import { notify } from './notifications.js';
import { MIN_DEPOSIT_CENTS, paymentSettings } from './payments.js';
import { siteSettings } from './site-settings.js';
import { findUser } from './users.js';

/**
 * The welcome package (docs/rules.md#welcome-package): the first completed deposit that claims it gets
 * depositBonusPercentage % of its amount as bonus money, at most R2,500, to be wagered depositWagerPercentage times
 * before it becomes cash. It runs on the coupon machinery (a user_coupons row with the WELCOME-PACKAGE code), so
 * wagering progress, opt-out and release work for it as for any coupon.
 */

/** The most bonus one welcome package gives. */
export const WELCOME_BONUS_CAP_CENTS = 250_000;
/** The coupon code the welcome bonus is kept under (migration 4 adds it, not redeemable by typing it). */
export const WELCOME_CODE = 'WELCOME-PACKAGE';

/** Why a deposit would get no welcome bonus. */
export type NoBonusReason = 'package_off' | 'package_used' | 'bonus_active' | 'declined';

export interface WelcomeOffer {
  amountCents: number;
  bonusCents: number;
  wageringRequiredCents: number;
  capped: boolean;
  reason: NoBonusReason | null;
  /** The cash the player has now that the bonus would lock with it (docs/rules.md#bonus-money); 0 without a bonus. */
  lockedCashCents: number;
}

export interface WelcomeTerms {
  bonusPercentage: number;
  wagerMultiplier: number;
  capCents: number;
}

export function welcomeTerms(db: Db): WelcomeTerms {
  const { depositBonusPercentage, depositWagerPercentage } = paymentSettings(db);
  return {
    bonusPercentage: depositBonusPercentage,
    wagerMultiplier: depositWagerPercentage,
    capCents: WELCOME_BONUS_CAP_CENTS,
  };
}

/** Whether the site has the welcome package switched off (its flag, or a bonus of 0 %). */
function welcomePackageOff(db: Db): boolean {
  return !siteSettings(db).welcome_package_enabled || welcomeTerms(db).bonusPercentage <= 0;
}

/**
 * The welcome offer's terms as the casino states them to everyone (GET /api/welcomeOffer): the one source the
 * banners, the promotion, the cashier and the terms read (docs/rules.md#welcome-package). Null while it is off.
 */
export function welcomeOfferJson(db: Db) {
  if (welcomePackageOff(db)) return null;
  const terms = welcomeTerms(db);
  return {
    bonus_percentage: terms.bonusPercentage,
    max_bonus: formatCents(terms.capCents),
    min_deposit: formatCents(MIN_DEPOSIT_CENTS),
    wager_multiplier: terms.wagerMultiplier,
  };
}

/** Whether the player has a completed deposit (other than `exceptId`, the one being settled). */
export function hasCompletedDeposit(db: Db, userId: number, exceptId: string | null = null): boolean {
  return (
    db
      .prepare("SELECT 1 FROM deposits WHERE user_id = ? AND status = 'complete' AND id IS NOT ? LIMIT 1")
      .get(userId, exceptId) !== undefined
  );
}

/**
 * Why the player cannot get the welcome bonus now; null while it is open to them. It is a first-deposit offer: a
 * player with a completed deposit has had their chance (package_used), whether or not they took it. `depositId` is the
 * deposit being settled, which does not count against itself.
 */
export function welcomeUnavailable(
  db: Db,
  userId: number,
  depositId: string | null = null,
): Exclude<NoBonusReason, 'declined'> | null {
  if (welcomePackageOff(db)) return 'package_off';
  if (findUser(db, userId).welcome_package_expired === 1) return 'package_used';
  if (hasCompletedDeposit(db, userId, depositId)) return 'package_used';
  if (activeCoupon(db, userId)) return 'bonus_active';
  return null;
}

/**
 * What a deposit of amountCents would credit, computed in whole cents: the bonus is the percentage rounded down to
 * the cent and capped; the wagering requirement is the bonus times the wager multiplier. The one place the rule lives:
 * the preview, the deposit's outcome and the crediting all call it.
 */
export function welcomeOffer(
  db: Db,
  userId: number,
  amountCents: number,
  claim = false,
  depositId: string | null = null,
): WelcomeOffer {
  const reason = welcomeUnavailable(db, userId, depositId) ?? (claim ? null : 'declined');
  if (reason)
    return {
      amountCents,
      bonusCents: 0,
      wageringRequiredCents: 0,
      capped: false,
      reason,
      lockedCashCents: 0,
    };
  const terms = welcomeTerms(db);
  const uncapped = Math.floor((amountCents * terms.bonusPercentage) / 100);
  const bonusCents = Math.min(uncapped, terms.capCents);
  return {
    amountCents,
    bonusCents,
    wageringRequiredCents: bonusCents * terms.wagerMultiplier,
    capped: uncapped > terms.capCents,
    reason: null,
    lockedCashCents: Math.max(0, balanceCents(db, userId, 'money')),
  };
}

/** The offer as the REST API shows it (GET /api/deposit/preview, and in a deposit's status). */
export function offerJson(db: Db, offer: WelcomeOffer) {
  const terms = welcomeTerms(db);
  return {
    amount: formatCents(offer.amountCents),
    cash: formatCents(offer.amountCents),
    bonus: formatCents(offer.bonusCents),
    wagering_required: formatCents(offer.wageringRequiredCents),
    capped: offer.capped,
    no_bonus_reason: offer.reason,
    locked_cash: formatCents(offer.lockedCashCents),
    bonus_percentage: terms.bonusPercentage,
    wager_multiplier: terms.wagerMultiplier,
    max_bonus: formatCents(terms.capCents),
  };
}

/** The package as the wallet response shows it: whether it is open to the player, and its terms. */
export function welcomePackageJson(db: Db, userId: number) {
  const terms = welcomeTerms(db);
  const reason = welcomeUnavailable(db, userId);
  return {
    available: reason === null,
    unavailable_reason: reason,
    bonus_percentage: terms.bonusPercentage,
    wager_multiplier: terms.wagerMultiplier,
    max_bonus: formatCents(terms.capCents),
  };
}

/**
 * Inside the deposit's settling transaction: credits the welcome bonus when the deposit qualifies, opens its wagering
 * (a WELCOME-PACKAGE user coupon tied to the deposit), and marks the package used, as any completed deposit does (the
 * offer ends with the first, with or without the bonus, so the account's welcome_package_expired says so). Returns
 * what it credited, so the caller can notify after the transaction.
 */
export function creditWelcomeBonus(
  db: Db,
  deposit: { id: string; user_id: number; amount_cents: number; claim_welcome_bonus: number },
  now: Date,
): WelcomeOffer {
  const offer = welcomeOffer(
    db,
    deposit.user_id,
    deposit.amount_cents,
    deposit.claim_welcome_bonus === 1,
    deposit.id,
  );
  setWelcomePackageExpired(db, deposit.user_id, true, now);
  if (offer.bonusCents <= 0) return offer;
  db.prepare(
    `INSERT INTO user_coupons (user_id, code, bonus_cents, wagering_required_cents, status, created_at, deposit_id)
     VALUES (?, ?, ?, ?, 'active', ?, ?)`,
  ).run(
    deposit.user_id,
    WELCOME_CODE,
    offer.bonusCents,
    offer.wageringRequiredCents,
    now.toISOString(),
    deposit.id,
  );
  post(
    db,
    [
      {
        userId: deposit.user_id,
        wallet: 'bonus',
        amountCents: offer.bonusCents,
        kind: 'bonus',
        reference: `welcome:${deposit.id}`,
      },
    ],
    now,
  );
  return offer;
}

/** Marks the player's welcome package used (expired) or open again; an account already so is left as it is. */
export function setWelcomePackageExpired(db: Db, userId: number, expired: boolean, now: Date): void {
  db.prepare(
    'UPDATE users SET welcome_package_expired = ?, updated_at = ? WHERE id = ? AND welcome_package_expired != ?',
  ).run(expired ? 1 : 0, now.toISOString(), userId, expired ? 1 : 0);
}

/** Every account with a completed deposit has had its welcome offer (for the seed's histories, and older databases). */
export const MARK_USED_PACKAGES = `UPDATE users SET welcome_package_expired = 1
  WHERE welcome_package_expired = 0 AND id IN (SELECT user_id FROM deposits WHERE status = 'complete')`;

/** The allocation notification for a credited welcome bonus. */
export function notifyWelcomeBonus(ctx: SandboxContext, userId: number, offer: WelcomeOffer): void {
  notify(
    ctx,
    userId,
    'allocation',
    'Welcome bonus added',
    `Your welcome bonus of ${formatRands(offer.bonusCents)} is in your bonus balance. Wager ` +
      `${formatRands(offer.wageringRequiredCents)} in total to turn it into cash you can withdraw.`,
  );
}

/** The welcome bonus a deposit brought, in cents (0 when none): its outcome says so. */
export function welcomeBonusOfDeposit(
  db: Db,
  depositId: string,
): { bonusCents: number; wageringRequiredCents: number } {
  const row = db
    .prepare('SELECT bonus_cents, wagering_required_cents FROM user_coupons WHERE deposit_id = ?')
    .get(depositId) as { bonus_cents: number; wagering_required_cents: number } | undefined;
  return { bonusCents: row?.bonus_cents ?? 0, wageringRequiredCents: row?.wagering_required_cents ?? 0 };
}
