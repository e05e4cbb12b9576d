import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { formatRands } from '../domain/money.js';
import {
  changeLimits,
  limitsResponse,
  MAX_MONEY_LIMIT_CENTS,
  MAX_SESSION_LIMIT_MINUTES,
  MIN_MONEY_LIMIT_CENTS,
  REALITY_CHECK_CHOICES,
  SESSION_LIMIT_STEP_MINUTES,
} from '../domain/safer-gambling/limits.js';
import { announce } from '../domain/safer-gambling/refusal.js';
import { answerRealityCheck } from '../domain/safer-gambling/reality-check.js';
import { requireUser } from '../http/auth.js';
import { parse } from '../http/errors.js';

/* A player's limits and reality check (docs/rules.md#safer-gambling): read them, and change any of them at once. */

const CENTS_RANGE = `from ${MIN_MONEY_LIMIT_CENTS} to ${MAX_MONEY_LIMIT_CENTS} (${formatRands(MIN_MONEY_LIMIT_CENTS)} to ${formatRands(MAX_MONEY_LIMIT_CENTS)})`;
/** A money limit in whole cents, or null to remove it. */
const LimitCents = z
  .number({ error: `must be a whole number of cents ${CENTS_RANGE}, or null to remove the limit` })
  .int(`must be a whole number of cents ${CENTS_RANGE}`)
  .min(
    MIN_MONEY_LIMIT_CENTS,
    `must be at least ${MIN_MONEY_LIMIT_CENTS} cents (${formatRands(MIN_MONEY_LIMIT_CENTS)})`,
  )
  .max(
    MAX_MONEY_LIMIT_CENTS,
    `must be at most ${MAX_MONEY_LIMIT_CENTS} cents (${formatRands(MAX_MONEY_LIMIT_CENTS)})`,
  )
  .nullable()
  .optional();
const PerPeriod = z
  .object(
    { day: LimitCents, week: LimitCents, month: LimitCents },
    { error: 'must be an object with day, week or month' },
  )
  .strict()
  .optional();
const SESSION_RANGE = `from ${SESSION_LIMIT_STEP_MINUTES} to ${MAX_SESSION_LIMIT_MINUTES} in steps of ${SESSION_LIMIT_STEP_MINUTES}`;
const LimitsBody = z
  .object({
    deposit: PerPeriod,
    loss: PerPeriod,
    session_minutes: z
      .number({ error: `must be minutes ${SESSION_RANGE}, or null to remove the limit` })
      .int(`must be whole minutes ${SESSION_RANGE}`)
      .min(SESSION_LIMIT_STEP_MINUTES, `must be at least ${SESSION_LIMIT_STEP_MINUTES} minutes`)
      .max(MAX_SESSION_LIMIT_MINUTES, `must be at most ${MAX_SESSION_LIMIT_MINUTES} minutes (a whole day)`)
      .multipleOf(SESSION_LIMIT_STEP_MINUTES, `must be a multiple of ${SESSION_LIMIT_STEP_MINUTES} minutes`)
      .nullable()
      .optional(),
    reality_check_minutes: z
      .number({ error: `must be one of ${REALITY_CHECK_CHOICES.join(', ')}` })
      .refine((m) => (REALITY_CHECK_CHOICES as readonly number[]).includes(m), {
        error: `must be one of ${REALITY_CHECK_CHOICES.join(', ')}`,
      })
      .optional(),
  })
  .strict();

const RealityCheckBody = z
  .object({ choice: z.enum(['continue', 'stop'], { error: "must be 'continue' or 'stop'" }) })
  .strict();

export function register(app: FastifyInstance, ctx: SandboxContext): void {
  const { db } = ctx;

  app.get('/api/limits', async (req) => {
    const { userId } = requireUser(ctx, req);
    return limitsResponse(db, userId, ctx.clock());
  });

  // Any subset of the tools; null removes a limit. Raising or removing one waits out the cooling-off (pending).
  app.put('/api/limits', async (req) => {
    const { userId } = requireUser(ctx, req);
    const body = parse(LimitsBody, req.body);
    const now = ctx.clock();
    // Every open tab and device reads the tools again when they change.
    if (changeLimits(db, userId, body, now)) announce(ctx, userId, { reason: 'changed' });
    return limitsResponse(db, userId, now);
  });

  // The player's answer to a reality check that is due (docs/rules.md#safer-gambling): continue starts the next
  // interval from now, stop ends the play session. Until one of them, real-money spins are refused. Answered with
  // the tools as they now stand, as PUT /api/limits is, and the answer.
  app.post('/api/realityCheck', async (req) => {
    const { userId } = requireUser(ctx, req);
    const body = parse(RealityCheckBody, req.body);
    const now = ctx.clock();
    const answer = answerRealityCheck(db, userId, body.choice, now);
    return { ...limitsResponse(db, userId, now), ...answer };
  });
}
