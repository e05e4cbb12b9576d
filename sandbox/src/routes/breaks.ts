import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { limitsResponse } from '../domain/safer-gambling/limits.js';
import { BREAK_LENGTHS, EXCLUSION_LENGTHS, startBreak } from '../domain/safer-gambling/restrictions.js';
import { selfExclude } from '../domain/safer-gambling/self-exclusion.js';
import { requireUser } from '../http/auth.js';
import { parse } from '../http/errors.js';

const TimeoutBody = z.object({
  length: z.enum(BREAK_LENGTHS, { error: `must be one of ${BREAK_LENGTHS.join(', ')}` }),
});
const SelfExclusionBody = z.object({
  length: z.enum(EXCLUSION_LENGTHS, { error: `must be one of ${EXCLUSION_LENGTHS.join(', ')}` }),
  // Cannot be undone before its end, so the player must say they understand (docs/rules.md#safer-gambling).
  confirm: z.literal(true, { error: 'must be true: a self-exclusion cannot be undone before it ends' }),
});

/** Taking a break and self-exclusion (docs/rules.md#safer-gambling). */
export function register(app: FastifyInstance, ctx: SandboxContext): void {
  // Answers as GET /api/limits does, with the break in `restriction`.
  app.post('/api/timeout', async (req) => {
    const { userId } = requireUser(ctx, req);
    const body = parse(TimeoutBody, req.body);
    startBreak(ctx, userId, body.length);
    return limitsResponse(ctx.db, userId, ctx.clock());
  });

  // Afterwards this token, and every other of the player's, is refused (401, reason self_excluded).
  app.post('/api/selfExclusion', async (req) => {
    const { userId } = requireUser(ctx, req);
    const body = parse(SelfExclusionBody, req.body);
    return selfExclude(ctx, userId, body.length);
  });
}
