import type { Db } from '../db/open.js';
import { ApiError } from '../http/errors.js';
import { isoUtc } from './clock.js';
import { formatCents } from './money.js';

export type WalletName = 'money' | 'bonus';
export type LedgerKind =
  | 'deposit'
  | 'withdrawal'
  | 'bet'
  | 'win'
  | 'bonus'
  | 'bonus_forfeit'
  | 'bonus_release'
  | 'buy_in'
  | 'chest_reward'
  | 'coupon'
  | 'credit';

export interface Posting {
  userId: number;
  wallet: WalletName;
  amountCents: number;
  kind: LedgerKind;
  reference?: string | null;
}

export const insufficientFunds = () => new ApiError(422, 'Insufficient funds.');

/**
 * The one way a balance changes: a ledger row plus the running balance, in one transaction. A posting that would
 * take a balance below zero is refused whole. better-sqlite3 runs transactions synchronously, so two requests
 * cannot interleave between the check and the write: no double spend.
 */
export function post(db: Db, postings: Posting[], now: Date): void {
  db.transaction(() => {
    for (const p of postings) {
      if (!Number.isInteger(p.amountCents))
        throw new Error(`ledger amounts are whole cents: ${p.amountCents}`);
      if (p.amountCents === 0) continue;
      const current = balanceCents(db, p.userId, p.wallet);
      if (current + p.amountCents < 0) throw insufficientFunds();
      db.prepare(
        'INSERT INTO ledger (user_id, wallet, amount_cents, kind, reference, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(p.userId, p.wallet, p.amountCents, p.kind, p.reference ?? null, now.toISOString());
      db.prepare('INSERT OR IGNORE INTO balances (user_id, wallet, balance_cents) VALUES (?, ?, 0)').run(
        p.userId,
        p.wallet,
      );
      db.prepare(
        'UPDATE balances SET balance_cents = balance_cents + ? WHERE user_id = ? AND wallet = ?',
      ).run(p.amountCents, p.userId, p.wallet);
    }
  })();
}

export function balanceCents(db: Db, userId: number, wallet: WalletName): number {
  const row = db
    .prepare('SELECT balance_cents FROM balances WHERE user_id = ? AND wallet = ?')
    .get(userId, wallet) as { balance_cents: number } | undefined;
  return row?.balance_cents ?? 0;
}

/** The wallet entries as the API shows them: callpay is the money balance, bonus the bonus balance. */
export function walletEntries(db: Db, userId: number): { gateway: 'callpay' | 'bonus'; balance: string }[] {
  return [
    { gateway: 'callpay', balance: formatCents(balanceCents(db, userId, 'money')) },
    { gateway: 'bonus', balance: formatCents(balanceCents(db, userId, 'bonus')) },
  ];
}

interface LedgerRow {
  id: number;
  wallet: WalletName;
  kind: LedgerKind;
  amount_cents: number;
  reference: string | null;
  created_at: string;
  balance_after_cents: number;
  game_id: number | null;
}

/**
 * GET /api/transactions: one page of a player's ledger rows, newest first, as Laravel's paginator returns it. Each row
 * carries its wallet's balance just after it, a running sum in id order (the order the postings were made, which
 * created_at cannot tell apart within one millisecond), and a spin's bet and win the game's id (game_id, else
 * null). A page past the end is empty, with the true totals.
 */
export function transactionsPage(db: Db, userId: number, page: number, perPage: number) {
  const { total } = db.prepare('SELECT COUNT(*) AS total FROM ledger WHERE user_id = ?').get(userId) as {
    total: number;
  };
  const rows = db
    .prepare(
      `SELECT row.*, spins.game_id FROM (
         SELECT id, wallet, kind, amount_cents, reference, created_at,
                SUM(amount_cents) OVER (PARTITION BY wallet ORDER BY id ROWS UNBOUNDED PRECEDING) AS balance_after_cents
         FROM ledger WHERE user_id = ?
       ) AS row
       -- A spin's bet and win (reference spin:<id>) name their game.
       LEFT JOIN spins ON row.reference LIKE 'spin:%' AND spins.id = CAST(substr(row.reference, 6) AS INTEGER)
       ORDER BY row.created_at DESC, row.id DESC LIMIT ? OFFSET ?`,
    )
    .all(userId, perPage, (page - 1) * perPage) as LedgerRow[];
  return {
    data: rows.map((row) => ({
      id: row.id,
      wallet: row.wallet,
      type: row.kind,
      amount: formatCents(row.amount_cents),
      balance_after: formatCents(row.balance_after_cents),
      reference: row.reference,
      game_id: row.game_id,
      created_at: isoUtc(new Date(row.created_at)),
    })),
    // Laravel's last_page is never below 1, even with no rows.
    meta: {
      current_page: page,
      per_page: perPage,
      total,
      last_page: Math.max(1, Math.ceil(total / perPage)),
    },
  };
}
