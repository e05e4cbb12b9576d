import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { DOCUMENT_KINDS, decideVerification } from '../domain/verification.js';
import { moveWithdrawal } from '../domain/withdrawals.js';
import { requireUser } from '../http/auth.js';
import { parse } from '../http/errors.js';

const AdvanceBody = z.object({
  status: z.enum(['approved', 'paid', 'failed'], { error: 'must be approved, paid or failed' }),
  reason: z.string().trim().min(1).max(200).optional(),
});

const DecisionBody = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('verified') }),
    z.object({
      status: z.literal('rejected'),
      reason: z
        .string({ error: 'is required: the player reads why' })
        .trim()
        .min(1, 'is required: the player reads why')
        .max(300),
      kind: z.enum(DOCUMENT_KINDS, { error: `must be one of ${DOCUMENT_KINDS.join(', ')}` }).optional(),
    }),
  ],
  { error: 'must be verified or rejected' },
);

/**
 * The casino's back office, as the control routes stand in for it: POST /sandbox/withdrawals/{id}/advance moves a
 * withdrawal on (approve, pay, fail with a reason) as the casino's staff or its bank would, so tests decide when;
 * 409 when the withdrawal cannot make that move (docs/rules.md#withdrawals). POST /sandbox/verification (the
 * player's bearer) decides their FICA verification: verified, or rejected with the reason they read
 * (docs/rules.md#know-your-player).
 */
export function registerBackOffice(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/sandbox/withdrawals/:id/advance', async (req) => {
    const { id } = parse(z.object({ id: z.string().min(1).max(64) }), req.params);
    const body = parse(AdvanceBody, req.body);
    return { withdrawal: moveWithdrawal(ctx, id, body.status, { reason: body.reason ?? null }) };
  });

  app.post('/sandbox/verification', async (req) => {
    const { userId } = requireUser(ctx, req);
    return decideVerification(ctx, userId, parse(DecisionBody, req.body));
  });
}
