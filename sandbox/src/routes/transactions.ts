import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { TRANSACTION_TYPES, transactionsPage } from '../domain/transactions.js';
import { expireDeposits } from '../domain/wallet.js';
import type { LedgerKind } from '../domain/ledger.js';
import { requireUser } from '../http/auth.js';
import { parse } from '../http/errors.js';

/** A whole number from the query string (always text there) within bounds; anything else names the field. */
const QueryInt = (min: number, max: number, fallback: number) => {
  const message =
    max === Infinity ? `must be an integer of at least ${min}` : `must be an integer from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message))
    .default(fallback);
};

const PageQuery = z.object({
  page: QueryInt(1, Infinity, 1),
  per_page: QueryInt(1, 100, 20),
  // Kinds to keep, comma-separated (type=deposit,withdrawal); every kind when left out.
  type: z
    .string()
    .max(300)
    .transform((text) => text.split(',').map((t) => t.trim()))
    .pipe(
      z
        .array(z.enum(TRANSACTION_TYPES as [LedgerKind, ...LedgerKind[]]), {
          error: `must be a comma-separated list of ${TRANSACTION_TYPES.join(', ')}`,
        })
        .min(1),
    )
    .optional(),
});

/** The player's own ledger and uncredited deposits, newest first, a page at a time (domain/transactions.ts). */
export function register(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/api/transactions', async (req) => {
    const { userId } = requireUser(ctx, req);
    const query = parse(PageQuery, req.query);
    expireDeposits(ctx.db, userId, ctx.clock());
    return transactionsPage(ctx.db, userId, query.page, query.per_page, query.type ?? null);
  });
}
