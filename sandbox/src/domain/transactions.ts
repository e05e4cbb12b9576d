import type { Db } from '../db/open.js';
import { BANKS, maskedNumber, type BankCode } from './bank-accounts.js';
import { isoUtc } from './clock.js';
import type { LedgerKind, WalletName } from './ledger.js';
import { formatCents } from './money.js';
import { shortReference } from './references.js';

/*
 * GET /api/transactions (docs/rules.md#transactions): the player's ledger, plus each deposit that has not credited
 * (pending, or failed: the payment page's "Cancel payment" fails it, and so does the payment window's end) as a row of
 * its own with no balance movement (balance_after null), so a player sees every deposit they started. A credited
 * deposit is its ledger row; a refunded one (paid during a break or self-exclusion) is its ledger pair, the credit
 * and the debit that returned it, both with status refunded. Each row
 * says its status (a withdrawal's current one), the deposit's gateway or the withdrawal's bank account, and the
 * short reference a player quotes to support.
 */

/** The kinds a `type` filter may name: the ledger's. */
export const TRANSACTION_TYPES: readonly LedgerKind[] = [
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

interface Row {
  ledger_id: number | null;
  deposit_id: string | null;
  wallet: WalletName;
  kind: LedgerKind;
  amount_cents: number;
  reference: string | null;
  created_at: string;
  balance_after_cents: number | null;
  game_id: number | null;
  deposit_gateway: string | null;
  deposit_status: string | null;
  withdrawal_id: string | null;
  withdrawal_status: string | null;
  bank: BankCode | null;
  account_last4: string | null;
}

/** The movements of one player (ledger rows and uncredited deposits), in one list: a SQL fragment with 2 params. */
const ROWS = `
  SELECT id AS ledger_id, NULL AS deposit_id, wallet, kind, amount_cents, reference, created_at,
         SUM(amount_cents) OVER (PARTITION BY wallet ORDER BY id ROWS UNBOUNDED PRECEDING) AS balance_after_cents
  FROM ledger WHERE user_id = ?
  UNION ALL
  SELECT NULL, id, 'money', 'deposit', amount_cents, 'deposit:' || id, created_at, NULL
  FROM deposits WHERE user_id = ? AND status IN ('pending', 'failed')`;

function statusOf(row: Row): string {
  if (row.kind === 'deposit' && row.deposit_status) return row.deposit_status;
  if (row.kind === 'withdrawal' && row.withdrawal_status) return row.withdrawal_status;
  return 'complete';
}

/** The key a row's short reference comes from: its deposit's or withdrawal's id, else its ledger row. */
function referenceKey(row: Row): string {
  if (row.deposit_id) return row.deposit_id;
  if (row.reference?.startsWith('deposit:')) return row.reference.slice('deposit:'.length);
  if (row.withdrawal_id) return row.withdrawal_id;
  return `ledger:${row.ledger_id}`;
}

/**
 * One page, newest first, as Laravel's paginator returns it; `types` (when given) keeps only those kinds. Ledger rows
 * keep their numeric id; an uncredited deposit's id is "deposit:<paymentId>". A page past the end is empty, with the
 * true totals.
 */
export function transactionsPage(
  db: Db,
  userId: number,
  page: number,
  perPage: number,
  types: readonly LedgerKind[] | null = null,
) {
  const filter = types ? `WHERE kind IN (${types.map(() => '?').join(', ')})` : '';
  const params = [userId, userId, ...(types ?? [])];
  const { total } = db.prepare(`SELECT COUNT(*) AS total FROM (${ROWS}) ${filter}`).get(...params) as {
    total: number;
  };
  const rows = db
    .prepare(
      `SELECT row.*, spins.game_id, d.gateway AS deposit_gateway, d.status AS deposit_status,
              w.id AS withdrawal_id, w.status AS withdrawal_status, w.bank, w.account_last4
       FROM (SELECT * FROM (${ROWS}) ${filter}) AS row
       -- A spin's bet and win (reference spin:<id>) name their game.
       LEFT JOIN spins ON row.reference LIKE 'spin:%' AND spins.id = CAST(substr(row.reference, 6) AS INTEGER)
       LEFT JOIN deposits d ON row.reference LIKE 'deposit:%' AND d.id = substr(row.reference, 9)
       LEFT JOIN withdrawals w ON row.reference LIKE 'withdrawal:%' AND w.id = substr(row.reference, 12)
       ORDER BY row.created_at DESC, COALESCE(row.ledger_id, 0) DESC LIMIT ? OFFSET ?`,
    )
    .all(...params, perPage, (page - 1) * perPage) as Row[];
  return {
    data: rows.map((row) => ({
      id: row.ledger_id ?? `deposit:${row.deposit_id}`,
      wallet: row.wallet,
      type: row.kind,
      amount: formatCents(row.amount_cents),
      // Null when the row moved no money (a deposit that has not credited).
      balance_after: row.balance_after_cents === null ? null : formatCents(row.balance_after_cents),
      reference: row.reference,
      game_id: row.game_id,
      status: statusOf(row),
      short_reference: shortReference(referenceKey(row)),
      gateway: row.deposit_gateway,
      bank_account:
        row.bank === null
          ? null
          : {
              bank: row.bank,
              bank_name: BANKS[row.bank],
              account_number_masked: maskedNumber(row.account_last4 ?? ''),
            },
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
