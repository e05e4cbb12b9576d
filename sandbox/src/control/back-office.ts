import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { moveWithdrawal } from '../domain/withdrawals.js';
import { parse } from '../http/errors.js';

const AdvanceBody = z.object({
  status: z.enum(['approved', 'paid', 'failed'], { error: 'must be approved, paid or failed' }),
  reason: z.string().trim().min(1).max(200).optional(),
});

/**
 * The casino's back office, as the control routes stand in for it: POST /sandbox/withdrawals/{id}/advance moves a
 * withdrawal on (approve, pay, fail with a reason) as the casino's staff or its bank would, so tests decide when;
 * 409 when the withdrawal cannot make that move (docs/rules.md#withdrawals).
 */
export function registerBackOffice(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/sandbox/withdrawals/:id/advance', async (req) => {
    const { id } = parse(z.object({ id: z.string().min(1).max(64) }), req.params);
    const body = parse(AdvanceBody, req.body);
    return { withdrawal: moveWithdrawal(ctx, id, body.status, { reason: body.reason ?? null }) };
  });
}
