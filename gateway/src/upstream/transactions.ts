import { z } from 'zod';
import type { LedgerKind, TransactionPage } from '../models.js';
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

const TransactionJson = z.object({
  id: z.number().int(),
  wallet: z.enum(['money', 'bonus']),
  // A kind the schema does not know yet is OTHER rather than failing the page.
  type: z.string().transform((t): LedgerKind => KINDS.find((k) => k === t.toLowerCase()) ?? 'other'),
  amount: randCents,
  balance_after: randCents.nullable().optional(),
  reference: optionalText,
  // The game of a bet or a win; a backend that leaves it out names none.
  game_id: z.number().int().positive().nullable().optional(),
  created_at: isoDate,
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
    })),
  };
};

/** The backend's largest page. */
export const TRANSACTIONS_PER_PAGE = 100;

/** One page (1-based) of TRANSACTIONS_PER_PAGE transactions, newest first. */
export const loadTransactionPage = (upstream: RequestUpstream, page: number) =>
  upstream.read(`/api/transactions?page=${page}&per_page=${TRANSACTIONS_PER_PAGE}`, toPage);
