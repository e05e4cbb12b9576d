import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { listNotifications, markAllRead } from '../domain/notifications.js';
import { requireUser } from '../http/auth.js';
import { parse } from '../http/errors.js';

const Params = z.object({ flag: z.enum(['true', 'false', '1', '0'], { message: 'must be true or false' }) });

export function register(app: FastifyInstance, ctx: SandboxContext): void {
  // flag is true when the notifications modal opens: everything unread is marked read before responding.
  app.get('/api/userNotifications/:flag', async (req) => {
    const { userId } = requireUser(ctx, req);
    const { flag } = parse(Params, req.params);
    if (flag === 'true' || flag === '1') {
      markAllRead(ctx.db, userId, ctx.clock());
    }
    return listNotifications(ctx.db, userId);
  });
}
