import { GraphQLError } from 'graphql';
import { z } from 'zod';
import { gatewayError } from '../errors.js';
import type { CouponModel, WageringModel } from '../models.js';
import { isoDate, parseUpstream, randCents } from './parse.js';
import type { RequestUpstream } from './request-upstream.js';

const CouponJson = z.object({
  code: z.string(),
  description: z.string().nullable().optional(),
  bonus_amount: randCents,
  wagering_required: randCents,
  wagered: randCents,
  redeemed_at: isoDate.nullable().optional(),
});

function toCoupon(c: z.infer<typeof CouponJson>): CouponModel {
  return {
    code: c.code,
    description: c.description ?? '',
    bonusCents: c.bonus_amount,
    wageringRequiredCents: c.wagering_required,
    wageredCents: c.wagered,
    redeemedAt: c.redeemed_at ?? null,
  };
}

const ActiveCouponJson = z.object({
  activeCoupon: CouponJson.nullable().optional(),
  activeWagering: z.union([z.boolean(), z.number()]).transform(Boolean).optional(),
});

export interface ActiveCoupon {
  coupon: CouponModel | null;
  /** Whether bonus wagering is outstanding. */
  activeWagering: boolean;
}

function toActiveCoupon(raw: unknown): ActiveCoupon {
  const a = parseUpstream(ActiveCouponJson, raw, 'active coupon');
  return {
    coupon: a.activeCoupon ? toCoupon(a.activeCoupon) : null,
    activeWagering: a.activeWagering ?? false,
  };
}

/** GET /api/getActiveCoupon. */
export const loadActiveCoupon = (upstream: RequestUpstream) =>
  upstream.read('/api/getActiveCoupon', toActiveCoupon);

const RedeemedJson = z.object({ activeCoupon: CouponJson });

/** POST /api/couponRedeem {code}; a refused code fails with the backend's text (section 8), e.g. 'Invalid coupon code.' */
export async function redeemCoupon(upstream: RequestUpstream, code: string): Promise<CouponModel> {
  const raw = await upstream.write({ method: 'POST', path: '/api/couponRedeem', json: { code } });
  return toCoupon(parseUpstream(RedeemedJson, raw, 'redeemed coupon').activeCoupon);
}

/** Section 8's texts for the coupon opt-out. */
export const OPT_OUT_SUCCESS = 'You successfully opted out of the bonus.';
export const OPT_OUT_FAILURE = 'An error occurred while opting out of the bonus.';

/** POST /api/couponOptOut. Any failure reads as section 8's text, keeping the backend's error code. */
export async function optOutCoupon(upstream: RequestUpstream): Promise<void> {
  try {
    await upstream.write({ method: 'POST', path: '/api/couponOptOut', json: {} });
  } catch (err) {
    if (err instanceof GraphQLError) throw new GraphQLError(OPT_OUT_FAILURE, { extensions: err.extensions });
    throw gatewayError('UPSTREAM_UNAVAILABLE', OPT_OUT_FAILURE);
  }
}

const WageringJson = z.object({
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

/** The wagering answer without its owner (the backend does not say whose it is). */
type WageringFields = Omit<WageringModel, 'userId'>;

function toWageringFields(raw: unknown): WageringFields {
  const w = parseUpstream(WageringJson, raw, 'wagering').wagering;
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
  };
}

/** GET /api/wagering: the active bonus's wagering progress. */
export async function loadWagering(upstream: RequestUpstream, userId: number): Promise<WageringModel> {
  return { ...(await upstream.read('/api/wagering', toWageringFields)), userId };
}

/** PUT /api/bonusOptOut: forfeits the active bonus; answers the wagering state after. */
export async function optOutBonus(upstream: RequestUpstream, userId: number): Promise<WageringModel> {
  const raw = await upstream.write({ method: 'PUT', path: '/api/bonusOptOut', json: {} });
  return { ...toWageringFields(raw), userId };
}
