import { z } from 'zod';
import { PAYMENT_GATEWAYS } from '../domain/payments.js';
import type { LedgerKind, TransactionPage, TransactionStatusName, WalletGateway } from '../models.js';
import { isoDate, optionalText, parseUpstream, randCents } from './parse.js';
import type { RequestUpstream } from './request-upstream.js';

/*
 * The transactions resource: GET /api/transactions?page=&per_page=, the player's ledger newest first, paged the way
 * Laravel pages (data + meta). Personal: read with the player's token, once per request and page.
 */

const KINDS: readonly LedgerKind[] = [
  'deposit',
  'withdrawal',
  'bet',
  'win',
  'bonus',
  'bonus_forfeit',
  'bonus_release',
  'buy_in',
  'chest_reward',
  'coupon',
  'credit',
];

const STATUSES: readonly TransactionStatusName[] = [
  'complete',
  'pending',
  'approved',
  'paid',
  'reversed',
  'failed',
  'refunded',
];
const GATEWAYS = Object.keys(PAYMENT_GATEWAYS) as WalletGateway[];

const TransactionJson = z.object({
  // A ledger row's number; a deposit that has not credited has the backend's text id.
  id: z.union([z.number().int(), z.string().min(1).max(100)]),
  wallet: z.enum(['money', 'bonus']),
  // A kind the schema does not know yet is OTHER rather than failing the page.
  type: z.string().transform((t): LedgerKind => KINDS.find((k) => k === t.toLowerCase()) ?? 'other'),
  amount: randCents,
  balance_after: randCents.nullable().optional(),
  reference: optionalText,
  // The game of a bet or a win; a backend that leaves it out names none.
  game_id: z.number().int().positive().nullable().optional(),
  created_at: isoDate,
  // Left out by a backend that does not keep them: a row is then complete, with no reference to quote.
  status: z
    .string()
    .optional()
    .transform((s): TransactionStatusName =>
      s ? (STATUSES.find((v) => v === s.toLowerCase()) ?? 'other') : 'complete',
    ),
  short_reference: optionalText,
  gateway: z
    .string()
    .nullable()
    .optional()
    .transform((g) => GATEWAYS.find((v) => v === g) ?? null),
  bank_account: z
    .object({ bank_name: z.string().min(1), account_number_masked: z.string().regex(/\d{4}$/) })
    .nullable()
    .optional(),
});

const PageJson = z.object({
  data: z.array(TransactionJson),
  meta: z.object({ total: z.number().int().min(0) }),
});

const toPage = (raw: unknown): TransactionPage => {
  const page = parseUpstream(PageJson, raw, 'transactions');
  return {
    total: page.meta.total,
    transactions: page.data.map((t) => ({
      id: t.id,
      wallet: t.wallet,
      type: t.type,
      amountCents: t.amount,
      balanceAfterCents: t.balance_after ?? null,
      reference: t.reference,
      gameId: t.game_id ?? null,
      createdAt: t.created_at,
      status: t.status,
      supportReference: t.short_reference,
      gateway: t.gateway,
      bankAccount: t.bank_account
        ? {
            bankName: t.bank_account.bank_name,
            maskedNumber: `····${t.bank_account.account_number_masked.slice(-4)}`,
          }
        : null,
    })),
  };
};

/** The backend's largest page. */
export const TRANSACTIONS_PER_PAGE = 100;

/** One page (1-based) of TRANSACTIONS_PER_PAGE transactions, newest first; only `types` when given (non-empty). */
export function loadTransactionPage(
  upstream: RequestUpstream,
  page: number,
  types: readonly LedgerKind[] = [],
) {
  const filter = types.length > 0 ? `&type=${types.join(',')}` : '';
  return upstream.read(`/api/transactions?page=${page}&per_page=${TRANSACTIONS_PER_PAGE}${filter}`, toPage);
}
