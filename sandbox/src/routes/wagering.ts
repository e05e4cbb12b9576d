import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.js';
import { optOutBonus, wageringJson } from '../domain/bonus.js';
import { publishWallet } from '../domain/events.js';
import { requireUser } from '../http/auth.js';

export function register(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/api/wagering', async (req) => wageringJson(ctx.db, requireUser(ctx, req).userId));

  app.put('/api/bonusOptOut', async (req) => {
    const { userId } = requireUser(ctx, req);
    optOutBonus(ctx, userId);
    publishWallet(ctx, userId);
    return wageringJson(ctx.db, userId);
  });
}
