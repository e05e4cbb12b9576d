import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import {
  ACCOUNT_TYPES,
  BANK_CODES,
  BANKS,
  bankAccountJson,
  bankAccountOf,
  saveBankAccount,
} from '../domain/bank-accounts.js';
import { findWithdrawal, listWithdrawals, moveWithdrawal, withdrawalJson } from '../domain/withdrawals.js';
import { requireUser } from '../http/auth.js';
import { parse } from '../http/errors.js';
import { personName } from '../http/text.js';

const BankAccountBody = z.object({
  bank: z.enum(BANK_CODES, { error: `must be one of ${BANK_CODES.join(', ')}` }),
  // A person's name (http/text.ts personName): format characters and separators are refused first, by name.
  holder: personName({ error: 'must be the account holder’s name' })
    .trim()
    .min(2, 'must be the account holder’s name as the bank has it (at least 2 letters)')
    .max(100, 'can be at most 100 characters')
    .regex(/^[\p{L}][\p{L} .'-]*$/u, 'may hold only letters, spaces, full stops, apostrophes and hyphens'),
  // Spaces and hyphens as people type them are dropped; what is kept is digits only.
  account_number: z
    .string({ error: 'must be the account number' })
    .transform((n) => n.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{6,16}$/, 'must be 6 to 16 digits')),
  account_type: z.enum(ACCOUNT_TYPES, { error: `must be one of ${ACCOUNT_TYPES.join(', ')}` }),
});
const IdParams = z.object({ id: z.string().min(1).max(64) });
const ListQuery = z.object({
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'must be an integer from 1 to 100')
    .transform(Number)
    .pipe(z.number().min(1, 'must be an integer from 1 to 100').max(100, 'must be an integer from 1 to 100'))
    .default(10),
});

/**
 * Payout bank accounts and withdrawals (docs/rules.md#withdrawals). POST /api/withdraw, which requests one, is in
 * wallet.ts with the deposit; the back office's moves (approve, pay, fail) are the control routes'.
 */
export function register(app: FastifyInstance, ctx: SandboxContext): void {
  const { db } = ctx;

  // The banks a player can be paid to; public, as a backend's reference list is.
  app.get('/api/banks', async () => ({
    banks: BANK_CODES.map((code) => ({ code, name: BANKS[code] })),
    account_types: ACCOUNT_TYPES,
  }));

  app.get('/api/bankAccount', async (req) => {
    const row = bankAccountOf(db, requireUser(ctx, req).userId);
    return { bank_account: row ? bankAccountJson(row) : null };
  });

  app.put('/api/bankAccount', async (req) => {
    const { userId } = requireUser(ctx, req);
    const body = parse(BankAccountBody, req.body);
    return {
      bank_account: saveBankAccount(
        db,
        userId,
        {
          bank: body.bank,
          holder: body.holder,
          accountNumber: body.account_number,
          accountType: body.account_type,
        },
        ctx.clock(),
      ),
    };
  });

  app.get('/api/withdrawals', async (req) => {
    const { userId } = requireUser(ctx, req);
    return { data: listWithdrawals(db, userId, parse(ListQuery, req.query).limit) };
  });

  app.get('/api/withdrawals/:id', async (req) => {
    const { userId } = requireUser(ctx, req);
    return { withdrawal: withdrawalJson(db, findWithdrawal(db, userId, parse(IdParams, req.params).id)) };
  });

  // Idempotent: a cancelled withdrawal is answered as it is; one approved (or further) is refused with 409.
  app.post('/api/withdrawals/:id/cancel', async (req) => {
    const { userId } = requireUser(ctx, req);
    return { withdrawal: moveWithdrawal(ctx, parse(IdParams, req.params).id, 'reversed', { userId }) };
  });
}
