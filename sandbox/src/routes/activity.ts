import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { activityStatement, playSummary } from '../domain/safer-gambling/activity.js';
import { requireUser } from '../http/auth.js';
import { ApiError, parse } from '../http/errors.js';

/** How far back a play summary may start: the reality check's session, never more than a day. */
const SUMMARY_WINDOW_MS = 24 * 3600_000;

const LIMIT_MESSAGE = 'must be an integer from 1 to 100';
const ActivityQuery = z.object({
  period: z.enum(['day', 'week', 'month'], { error: 'must be one of day, week, month' }),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, LIMIT_MESSAGE)
    .transform(Number)
    .pipe(z.number().min(1, LIMIT_MESSAGE).max(100, LIMIT_MESSAGE))
    .default(12),
});
const SummaryQuery = z.object({
  since: z.iso
    .datetime({ offset: true, error: 'must be an ISO 8601 date and time' })
    .transform((s) => new Date(s)),
});

/** The activity statement and the play summary (docs/rules.md#safer-gambling): the player's own figures only. */
export function register(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/api/activity', async (req) => {
    const { userId } = requireUser(ctx, req);
    const query = parse(ActivityQuery, req.query);
    return activityStatement(ctx.db, userId, query.period, query.limit, ctx.clock());
  });

  app.get('/api/activity/summary', async (req) => {
    const { userId } = requireUser(ctx, req);
    const { since } = parse(SummaryQuery, req.query);
    const now = ctx.clock();
    // A `since` after now (a client's clock ahead of the casino's) is answered with nothing played yet.
    if (now.getTime() - since.getTime() > SUMMARY_WINDOW_MS) {
      throw new ApiError(422, 'since: must be within the last 24 hours', {
        errors: { since: ['must be within the last 24 hours'] },
      });
    }
    return playSummary(ctx.db, userId, since, now);
  });
}
