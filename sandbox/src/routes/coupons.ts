import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { activeCouponJson, optOutBonus, previewCoupon, redeemCoupon } from '../domain/bonus.js';
import { publishWallet } from '../domain/events.js';
import { requireUser } from '../http/auth.js';
import { parse } from '../http/errors.js';
import { playerText } from '../http/text.js';
import { assertAllowed } from '../domain/safer-gambling/guard.js';

const RedeemBody = z.object({ code: playerText().trim().min(1, 'is required').max(40) });

export function register(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/api/getActiveCoupon', async (req) => activeCouponJson(ctx.db, requireUser(ctx, req).userId));

  // What redeeming a code would do, before it is applied: its terms, the wagering and the cash it would lock.
  app.get('/api/couponPreview', async (req) => {
    const { userId } = requireUser(ctx, req);
    const { code } = parse(RedeemBody, req.query);
    return previewCoupon(ctx, userId, code);
  });

  app.post('/api/couponRedeem', async (req) => {
    const { userId } = requireUser(ctx, req);
    const { code } = parse(RedeemBody, req.body);
    assertAllowed(ctx, userId, { kind: 'coupon' });
    const activeCoupon = redeemCoupon(ctx, userId, code);
    publishWallet(ctx, userId);
    return { activeCoupon };
  });

  app.post('/api/couponOptOut', async (req) => {
    const { userId } = requireUser(ctx, req);
    optOutBonus(ctx, userId);
    publishWallet(ctx, userId);
    return { success: true, message: 'You successfully opted out of the bonus.' };
  });
}
