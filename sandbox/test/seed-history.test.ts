import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../src/seed/players.js';
import { api, cents, ledgerMismatches, money, startSandbox } from './harness.js';

/*
 * The seeded histories reconcile (docs/rules.md#transactions): for every seeded player, each balance is its ledger's
 * sum and never negative, the ledger was written in the order it happened (so each row's balance after follows from
 * the row before, as GET /api/transactions shows it), and every notification that announces money has the ledger row
 * it announces, with the same amount, at or before it.
 */

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

interface LedgerRow {
  id: number;
  user_id: number;
  wallet: string;
  kind: string;
  amount_cents: number;
  reference: string | null;
  created_at: string;
}

/** The notifications that announce a movement of cash, and the ledger kind that moves it. */
const ANNOUNCES: Record<string, { kinds: string[]; sign: 1 | -1 }> = {
  cashback: { kinds: ['credit'], sign: 1 },
  cash_drop_friday: { kinds: ['credit'], sign: 1 },
  jackpot_win: { kinds: ['win'], sign: 1 },
  loyalty_allocation: { kinds: ['chest_reward'], sign: 1 },
  tournament_prize: { kinds: ['credit'], sign: 1 },
  tournament_leaderboard_prize: { kinds: ['credit'], sign: 1 },
  withdrawal_rollback: { kinds: ['withdrawal'], sign: 1 },
  withdrawal_success: { kinds: ['withdrawal'], sign: -1 },
  deposit_refunded: { kinds: ['deposit'], sign: -1 },
};

/** The first amount a message names, in cents: "R12,500.00" or "R500". */
function announcedCents(message: string): number | null {
  const m = /R([\d,]+(?:\.\d{2})?)/.exec(message);
  return m ? cents(m[1]!.replace(/,/g, '')) : null;
}

describe('the seeded histories', () => {
  it('reconcile for every seeded player: balances, running balances, and each notification its transaction', () => {
    const users = sb.db.prepare('SELECT id, email FROM users ORDER BY id').all() as {
      id: number;
      email: string;
    }[];
    expect(users.length).toBeGreaterThan(2);
    expect(ledgerMismatches(sb)).toEqual([]);
    for (const user of users) {
      const rows = sb.db
        .prepare('SELECT * FROM ledger WHERE user_id = ? ORDER BY id')
        .all(user.id) as LedgerRow[];
      const running: Record<string, number> = {};
      let previous = '';
      for (const row of rows) {
        // Written in the order it happened: the running balance (by id) is the balance at that time.
        expect(row.created_at >= previous, `${user.email} ledger ${row.id} out of order`).toBe(true);
        previous = row.created_at;
        running[row.wallet] = (running[row.wallet] ?? 0) + row.amount_cents;
        expect(running[row.wallet], `${user.email} ledger ${row.id} below zero`).toBeGreaterThanOrEqual(0);
      }
      const balances = sb.db
        .prepare('SELECT wallet, balance_cents FROM balances WHERE user_id = ?')
        .all(user.id) as { wallet: string; balance_cents: number }[];
      for (const b of balances) expect(b.balance_cents, user.email).toBe(running[b.wallet] ?? 0);

      const notes = sb.db
        .prepare('SELECT type, message, created_at FROM notifications WHERE user_id = ?')
        .all(user.id) as { type: string; message: string; created_at: string }[];
      const used = new Set<number>();
      for (const n of notes) {
        const rule = ANNOUNCES[n.type];
        if (!rule) continue;
        const amount = announcedCents(n.message);
        expect(amount, `${user.email} ${n.type}: "${n.message}" names no amount`).not.toBeNull();
        const match = rows.find(
          (r) =>
            !used.has(r.id) &&
            r.wallet === 'money' &&
            rule.kinds.includes(r.kind) &&
            r.amount_cents === rule.sign * amount! &&
            r.created_at <= n.created_at,
        );
        expect(match, `${user.email} ${n.type}: "${n.message}" has no transaction`).toBeDefined();
        used.add(match!.id);
      }
    }
  });

  it("tell the demo player's story: verified, deposits, a Capitec payout account, a paid withdrawal, minutes played", async () => {
    const login = await api(sb.url, 'POST', '/api/login', { body: DEMO_PLAYER });
    const token = login.body.success.token as string;
    const all = await api(sb.url, 'GET', '/api/transactions?per_page=100', { token });
    const pages = [all.body.data as any[]];
    for (let page = 2; page <= all.body.meta.last_page; page++)
      pages.push(
        (await api(sb.url, 'GET', `/api/transactions?per_page=100&page=${page}`, { token })).body.data,
      );
    const money_ = pages.flat().filter((r) => r.wallet === 'money' && r.balance_after !== null);
    // Newest first: each row's balance after is the older row's plus its amount.
    for (let i = 0; i < money_.length - 1; i++) {
      expect(cents(money_[i].balance_after), `row ${money_[i].id}`).toBe(
        cents(money_[i + 1].balance_after) + cents(money_[i].amount),
      );
    }
    const wallet = await api(sb.url, 'POST', '/api/wallet', { token });
    expect(cents(money_[0].balance_after)).toBe(money(wallet.body.wallets));
    expect(money(wallet.body.wallets)).toBeGreaterThan(0);
    const types = new Set(money_.map((r) => r.type));
    for (const t of ['deposit', 'withdrawal', 'bet', 'win', 'chest_reward', 'credit'])
      expect(types).toContain(t);
    const paid = money_.find((r) => r.type === 'withdrawal' && r.status === 'paid');
    expect(paid.bank_account).toMatchObject({ bank: 'capitec' });

    // Seeded play has minutes: the month's statement counts them, and the statement reconciles with the cash.
    const month = await api(sb.url, 'GET', '/api/activity?period=month&limit=6', { token });
    const rows = month.body.data as Record<string, number>[];
    expect(rows.reduce((n, r) => n + r.minutes_played!, 0)).toBeGreaterThanOrEqual(60 * 4);
    expect(rows.reduce((n, r) => n + r.chest_rewards_cents!, 0)).toBeGreaterThan(0);
    expect(rows[0]!.closing_cash_cents).toBe(money(wallet.body.wallets));
    for (const r of rows) {
      expect(r.closing_cash_cents).toBe(
        r.opening_cash_cents! + r.deposits_cents! - r.refunds_cents! - r.withdrawals_cents! + r.net_cents!,
      );
    }
  });
});
