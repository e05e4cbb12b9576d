import type { Db } from '../db/open.js';
import { ApiError } from '../http/errors.js';
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
