import { GraphQLError } from 'graphql';
import { z } from 'zod';
import { gatewayError } from '../errors.js';
import type { CouponModel, CouponOfferTerms, WageringModel } from '../models.js';
import { isoDate, optionalText, parseUpstream, randCents } from './parse.js';
import type { RequestUpstream } from './request-upstream.js';

const CouponJson = z.object({
  code: z.string(),
  description: optionalText,
  bonus_amount: randCents,
  wagering_required: randCents,
  wagered: randCents,
  redeemed_at: isoDate.nullable().optional(),
});

function toCoupon(
  c: z.infer<typeof CouponJson>,
  userId: number,
  activeWagering: boolean | null,
): CouponModel {
  return {
    userId,
    code: c.code,
    description: c.description,
    bonusCents: c.bonus_amount,
    wageringRequiredCents: c.wagering_required,
    wageredCents: c.wagered,
    redeemedAt: c.redeemed_at ?? null,
    activeWagering,
  };
}

const ActiveCouponJson = z.object({
  activeCoupon: CouponJson.nullable().optional(),
  activeWagering: z.union([z.boolean(), z.number()]).transform(Boolean).optional(),
});

const toActiveCoupon = (raw: unknown) => parseUpstream(ActiveCouponJson, raw, 'active coupon');

/** GET /api/getActiveCoupon as read (deduplicated) for this execution, before its owner is known. */
export const readActiveCoupon = (upstream: RequestUpstream) =>
  upstream.read('/api/getActiveCoupon', toActiveCoupon);

/** GET /api/getActiveCoupon: the player's active coupon (with the activeWagering flag), or null. */
export async function loadActiveCoupon(
  upstream: RequestUpstream,
  userId: number,
): Promise<CouponModel | null> {
  const a = await readActiveCoupon(upstream);
  return a.activeCoupon ? toCoupon(a.activeCoupon, userId, a.activeWagering ?? null) : null;
}

/** A coupon's terms as the casino states them wherever it is offered: its preview, a promotion that advertises it. */
export const CouponTermsJson = z.object({
  code: z.string(),
  description: optionalText,
  bonus_amount: randCents,
  wager_multiplier: z.number().int().nonnegative(),
  wagering_required: randCents,
  expires_at: isoDate.nullable().optional(),
});

export const toCouponTerms = (c: z.infer<typeof CouponTermsJson>): CouponOfferTerms => ({
  code: c.code,
  description: c.description,
  bonusCents: c.bonus_amount,
  wagerMultiplier: c.wager_multiplier,
  wageringRequiredCents: c.wagering_required,
  expiresAt: c.expires_at ?? null,
});

const CouponPreviewJson = CouponTermsJson.extend({ locked_cash: randCents });

export type CouponPreviewResult = CouponOfferTerms & { lockedCashCents: number };

/**
 * GET /api/couponPreview?code=: what redeeming the code would do, before it is applied (its terms, the wagering and
 * the cash it would lock); refused with the casino's text as the redemption would be. Per player: never cached.
 */
export function couponPreview(upstream: RequestUpstream, code: string): Promise<CouponPreviewResult> {
  return upstream.read(`/api/couponPreview?${new URLSearchParams({ code })}`, (raw) => {
    const p = parseUpstream(CouponPreviewJson, raw, 'coupon preview');
    return { ...toCouponTerms(p), lockedCashCents: p.locked_cash };
  });
}

const RedeemedJson = z.object({ activeCoupon: CouponJson });

/**
 * POST /api/couponRedeem {code}; a refused code fails with the backend's text (docs/rules.md#coupons-and-wagering),
 * e.g. 'Invalid coupon code.'
 */
export async function redeemCoupon(
  upstream: RequestUpstream,
  code: string,
  userId: number,
): Promise<CouponModel> {
  const raw = await upstream.write({ method: 'POST', path: '/api/couponRedeem', json: { code } });
  // A coupon just redeemed has its wagering ahead of it.
  return toCoupon(parseUpstream(RedeemedJson, raw, 'redeemed coupon').activeCoupon, userId, true);
}

/** The texts for the coupon opt-out (docs/rules.md#coupons-and-wagering). */
export const OPT_OUT_SUCCESS = 'You successfully opted out of the bonus.';
export const OPT_OUT_FAILURE = 'An error occurred while opting out of the bonus.';

/**
 * POST /api/couponOptOut. Any failure reads as the failure text of docs/rules.md#coupons-and-wagering, keeping the
 * backend's error code.
 */
export async function optOutCoupon(upstream: RequestUpstream): Promise<void> {
  try {
    await upstream.write({ method: 'POST', path: '/api/couponOptOut', json: {} });
  } catch (err) {
    if (err instanceof GraphQLError) throw new GraphQLError(OPT_OUT_FAILURE, { extensions: err.extensions });
    throw gatewayError('UPSTREAM_UNAVAILABLE', OPT_OUT_FAILURE);
  }
}

const WageringJson = z.object({
  wallets: z.array(z.object({ gateway: z.string(), balance: randCents })).default([]),
  wagering: z
    .object({
      active: z.union([z.boolean(), z.number()]).transform(Boolean),
      code: z.string().nullable().optional(),
      bonus_amount: randCents.nullable().optional(),
      bonus_balance: randCents.nullable().optional(),
      required: randCents.nullable().optional(),
      wagered: randCents.nullable().optional(),
      remaining: randCents.nullable().optional(),
      progress: z.union([z.number(), z.string()]).transform(Number).pipe(z.number().finite()).optional(),
    })
    .nullable()
    .optional(),
});

/** The wagering response without its owner (the backend does not say whose it is). */
type WageringFields = Omit<WageringModel, 'userId'>;

function toWageringFields(raw: unknown): WageringFields {
  const parsed = parseUpstream(WageringJson, raw, 'wagering');
  const w = parsed.wagering;
  const active = w?.active ?? false;
  return {
    __typename: 'Wagering',
    active,
    code: w?.code ?? null,
    bonusCents: w?.bonus_amount ?? null,
    bonusBalanceCents: w?.bonus_balance ?? null,
    requiredCents: w?.required ?? null,
    wageredCents: w?.wagered ?? null,
    remainingCents: w?.remaining ?? null,
    progress: active ? (w?.progress ?? 0) : 0,
    wallets: parsed.wallets.map((entry) => ({ gateway: entry.gateway, balanceCents: entry.balance })),
  };
}

/** GET /api/wagering as read (deduplicated) for this execution, before its owner is known. */
export const readWagering = (upstream: RequestUpstream) => upstream.read('/api/wagering', toWageringFields);

/** GET /api/wagering: the active bonus's wagering progress. */
export async function loadWagering(upstream: RequestUpstream, userId: number): Promise<WageringModel> {
  return { ...(await readWagering(upstream)), userId };
}

/** PUT /api/bonusOptOut: forfeits the active bonus; returns the wagering state after. */
export async function optOutBonus(upstream: RequestUpstream, userId: number): Promise<WageringModel> {
  const raw = await upstream.write({ method: 'PUT', path: '/api/bonusOptOut', json: {} });
  return { ...toWageringFields(raw), userId };
}
