import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { transactionsPage } from '../domain/ledger.js';
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
});

/** The player's own ledger: every balance change, newest first, a page at a time. */
export function register(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/api/transactions', async (req) => {
    const { userId } = requireUser(ctx, req);
    const query = parse(PageQuery, req.query);
    return transactionsPage(ctx.db, userId, query.page, query.per_page);
  });
}
