import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { idempotent } from '../domain/idempotency.js';
import { formatRands, randsToCents } from '../domain/money.js';
import {
  GATEWAY_NAMES,
  MAX_DEPOSIT_CENTS,
  MAX_WITHDRAWAL_CENTS,
  MIN_DEPOSIT_CENTS,
  MIN_WITHDRAWAL_CENTS,
} from '../domain/payments.js';
import { isAllowedReturnUrl, returnOrigins } from '../domain/return-urls.js';
import { depositById, depositJson, startDeposit, walletJson } from '../domain/wallet.js';
import { offerJson, welcomeOffer } from '../domain/welcome.js';
import { withdraw } from '../domain/withdrawals.js';
import { requireUser } from '../http/auth.js';
import { notFound, parse } from '../http/errors.js';
import { assertAllowed } from '../domain/safer-gambling/guard.js';

/** An amount in rands (number or string, at most two decimals) within limits, as integer cents. */
export const Rands = (min: number, max: number) =>
  z.union([z.number(), z.string()]).transform((value, c) => {
    const cents = randsToCents(value);
    if (cents === null) {
      c.addIssue({ code: 'custom', message: 'must be an amount in rands with at most two decimals' });
      return z.NEVER;
    }
    if (cents < min || cents > max) {
      c.addIssue({
        code: 'custom',
        message: `must be between ${formatRands(min)} and ${formatRands(max)}`,
      });
      return z.NEVER;
    }
    return cents;
  });

/** A deposit: its returnUrl, when given, must be on one of the site's origins (domain/return-urls.ts). */
const DepositBody = (origins: readonly string[]) =>
  z.object({
    gateway: z.enum(GATEWAY_NAMES, { message: `must be one of ${GATEWAY_NAMES.join(', ')}` }),
    amount: Rands(MIN_DEPOSIT_CENTS, MAX_DEPOSIT_CENTS),
    returnUrl: z
      .string()
      .max(2000)
      .refine(
        (url) => isAllowedReturnUrl(url, origins),
        "must be an http(s) address on one of the site's origins (the allowed return addresses)",
      )
      .optional(),
    // Whether this deposit claims the welcome bonus, when the package is open: opt-in, false when omitted
    // (docs/rules.md#welcome-package).
    welcome_bonus: z.boolean().optional(),
  });
/** A deposit preview's query: the amount, and whether the deposit would claim the welcome bonus (only when "true"). */
const PreviewQuery = z.object({
  amount: Rands(MIN_DEPOSIT_CENTS, MAX_DEPOSIT_CENTS),
  welcome_bonus: z.enum(['true', 'false']).optional(),
});
const WithdrawBody = z.object({
  amount: Rands(MIN_WITHDRAWAL_CENTS, MAX_WITHDRAWAL_CENTS),
  bank_account: z.string().trim().max(64).optional(),
});
const StatusParams = z.object({ provider: z.string().max(40), paymentId: z.string().max(64) });

export function register(app: FastifyInstance, ctx: SandboxContext): void {
  const { db } = ctx;
  const depositBody = DepositBody(returnOrigins(ctx.config));

  app.post('/api/wallet', async (req) => walletJson(db, requireUser(ctx, req).userId));

  // Returns a payment reference and the address of the sandbox's payment page, which confirms or fails it.
  app.post('/api/deposit', async (req, reply) => {
    const { userId } = requireUser(ctx, req);
    const body = parse(depositBody, req.body);
    // Checked inside: a retry of a deposit already accepted gets its answer again, whatever the limits say now.
    return idempotent(db, req, reply, userId, 'deposit', () => {
      assertAllowed(ctx, userId, { kind: 'deposit', amountCents: body.amount });
      return startDeposit(
        ctx,
        userId,
        body.gateway,
        body.amount,
        body.returnUrl,
        body.welcome_bonus ?? false,
      );
    });
  });

  // What a deposit of this amount would credit now: cash, and the welcome bonus with its wagering, or why none.
  app.get('/api/deposit/preview', async (req) => {
    const { userId } = requireUser(ctx, req);
    const query = parse(PreviewQuery, req.query);
    return offerJson(db, welcomeOffer(db, userId, query.amount, query.welcome_bonus === 'true'));
  });

  app.get('/api/wallet/depositStatus/:provider/:paymentId', async (req) => {
    const { userId } = requireUser(ctx, req);
    const params = parse(StatusParams, req.params);
    const row = depositById(db, params.paymentId, ctx.clock());
    // Another player's payment is indistinguishable from a missing one.
    if (!row || row.user_id !== userId || row.provider !== params.provider) throw notFound('Payment');
    return depositJson(ctx, row);
  });

  app.post('/api/withdraw', async (req, reply) => {
    const { userId } = requireUser(ctx, req);
    const body = parse(WithdrawBody, req.body);
    return idempotent(db, req, reply, userId, 'withdraw', () => withdraw(ctx, userId, body.amount));
  });
}
