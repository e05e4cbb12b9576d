import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { publishWallet } from '../domain/events.js';
import { loyaltyJson, openChest, TIERS } from '../domain/loyalty.js';
import { formatCents } from '../domain/money.js';
import { requireUser } from '../http/auth.js';
import { ApiError, parse } from '../http/errors.js';
import { findUser } from '../domain/users.js';

const OpenBody = z.object({
  tier: z.enum(TIERS, { message: `must be one of ${TIERS.join(', ')}` }).optional(),
});

export function register(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/api/loyaltyChests', async (req) => loyaltyJson(ctx.db, requireUser(ctx, req).userId));

  // Opens one chest; the response's balance is the number of chests still ready.
  app.post('/api/loyaltyChests', async (req) => {
    const { userId } = requireUser(ctx, req);
    const body = parse(OpenBody, req.body);
    if (findUser(ctx.db, userId).loyalty_status !== 'active')
      throw new ApiError(403, 'Loyalty is not active on this account.');
    const opened = openChest(ctx, userId, body.tier, () => crypto.randomInt(0, 1_000_000) / 1_000_000);
    publishWallet(ctx, userId);
    const loyalty = loyaltyJson(ctx.db, userId);
    return { ...loyalty, reward: { tier: opened.tier, amount: formatCents(opened.rewardCents) } };
  });
}
