import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../src/seed/players.js';
import { api, money, newPlayer, someGameCode, startSandbox } from './harness.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

const transactions = (token: string | undefined, query = '') =>
  api(sb.url, 'GET', `/api/transactions${query}`, { token });

describe('GET /api/transactions', () => {
  it('lists the player’s ledger newest first, each row with its wallet’s balance after it', async () => {
    const p = await newPlayer(sb.url);
    await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: 100 } });
    const d = await api(sb.url, 'POST', '/api/deposit', {
      token: p.token,
      // Without the welcome bonus, so the coupon below can be the active bonus (docs/rules.md#welcome-package).
      body: { gateway: 'eft', amount: 50, welcome_bonus: false },
    });
    await api(sb.url, 'POST', new URL(d.body.redirectUrl).pathname + '/confirm');
    await api(sb.url, 'POST', '/api/couponRedeem', { token: p.token, body: { code: 'WELCOME100' } });
    const gameCode = await someGameCode(sb.url);
    const spin = await api(sb.url, 'POST', '/sandbox/spin', {
      token: p.token,
      body: { gameCode, stake: 10 },
    });
    const game = (await api(sb.url, 'GET', '/api/allgames')).body.find((g: any) => g.game_code === gameCode);
    expect(spin.status).toBe(200);
    const won = spin.body.win !== '0.00';

    const res = await transactions(p.token);
    expect(res.status).toBe(200);
    const rows = res.body.data as any[];
    const expected = [
      ...(won
        ? [
            {
              wallet: 'money',
              type: 'win',
              amount: spin.body.win,
              reference: `spin:${spin.body.spinId}`,
              game_id: game.id,
            },
          ]
        : []),
      {
        wallet: 'money',
        type: 'bet',
        amount: '-10.00',
        balance_after: '140.00',
        reference: `spin:${spin.body.spinId}`,
        game_id: game.id,
      },
      { wallet: 'bonus', type: 'coupon', amount: '100.00', balance_after: '100.00', game_id: null },
      {
        wallet: 'money',
        type: 'deposit',
        amount: '50.00',
        balance_after: '150.00',
        reference: `deposit:${d.body.paymentId}`,
        game_id: null,
      },
      {
        wallet: 'money',
        type: 'credit',
        amount: '100.00',
        balance_after: '100.00',
        reference: 'sandbox:credit',
      },
    ];
    expect(rows).toHaveLength(expected.length);
    rows.forEach((row, i) => expect(row).toMatchObject(expected[i]!));
    // The newest money row's balance is the wallet's balance now.
    expect(rows[0].balance_after).toBe(spin.body.wallets[0].balance);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(
        [
          'amount',
          'balance_after',
          'bank_account',
          'created_at',
          'game_id',
          'gateway',
          'id',
          'reference',
          'short_reference',
          'status',
          'type',
          'wallet',
        ].sort(),
      );
      expect(row.id).toEqual(expect.any(Number));
      expect(Number.isNaN(Date.parse(row.created_at))).toBe(false);
    }
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
    expect(res.body.meta).toEqual({ current_page: 1, per_page: 20, total: rows.length, last_page: 1 });
  });

  it('pages, returns an empty page past the end, and never shows another player’s rows', async () => {
    const p = await newPlayer(sb.url);
    for (const amount of [1, 2, 3, 4, 5]) {
      await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount } });
    }
    const first = await transactions(p.token, '?per_page=2');
    expect(first.body.data.map((r: any) => r.amount)).toEqual(['5.00', '4.00']);
    expect(first.body.data.map((r: any) => r.balance_after)).toEqual(['15.00', '10.00']);
    expect(first.body.meta).toEqual({ current_page: 1, per_page: 2, total: 5, last_page: 3 });
    const last = await transactions(p.token, '?page=3&per_page=2');
    expect(last.body.data.map((r: any) => r.amount)).toEqual(['1.00']);
    expect(last.body.meta).toEqual({ current_page: 3, per_page: 2, total: 5, last_page: 3 });
    const past = await transactions(p.token, '?page=9&per_page=2');
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ data: [], meta: { current_page: 9, per_page: 2, total: 5, last_page: 3 } });

    const other = await newPlayer(sb.url);
    const none = await transactions(other.token);
    expect(none.body).toEqual({ data: [], meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 } });
  });

  it('shows the seeded demo player a history over several pages', async () => {
    const login = await api(sb.url, 'POST', '/api/login', { body: DEMO_PLAYER });
    const token = login.body.success.token as string;
    const res = await transactions(token, '?per_page=100');
    expect(res.body.meta.total).toBeGreaterThan(60);
    expect(res.body.meta.last_page).toBe(Math.ceil(res.body.meta.total / 100));
    const wallet = await api(sb.url, 'POST', '/api/wallet', { token });
    const newestMoney = res.body.data.find((r: any) => r.wallet === 'money');
    expect(Math.round(Number(newestMoney.balance_after) * 100)).toBe(money(wallet.body.wallets));
    expect(res.body.data.map((r: any) => r.type)).toContain('withdrawal');
  });

  it('needs a session and names a bad page or per_page', async () => {
    expect((await transactions(undefined)).status).toBe(401);
    const p = await newPlayer(sb.url);
    for (const perPage of ['0', '101', 'ten', '1.5', '-1', '']) {
      const r = await transactions(p.token, `?per_page=${perPage}`);
      expect(r.status, perPage).toBe(422);
      expect(Object.keys(r.body.errors)).toEqual(['per_page']);
    }
    for (const page of ['0', 'two', '2.0']) {
      const r = await transactions(p.token, `?page=${page}`);
      expect(r.status, page).toBe(422);
      expect(Object.keys(r.body.errors)).toEqual(['page']);
    }
    expect((await transactions(p.token, '?per_page=100&page=1')).status).toBe(200);
  });
});
