import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  iso,
  jhb,
  ledgerMismatches,
  money,
  newPlayer,
  playerChannel,
  sandboxClock,
  startSandbox,
  type PusherClient,
} from './harness.js';

/*
 * Taking a break and self-exclusion (docs/rules.md#safer-gambling), as a player's client meets them. One sandbox whose
 * clock starts at a fixed time (10:15 in Johannesburg) and is moved forward with POST /sandbox/clock; each test has
 * players of its own and reads the time it starts at.
 */

let sb: Awaited<ReturnType<typeof startSandbox>>;
let game: { id: number; game_code: string };
const clients: PusherClient[] = [];
const START = Date.parse('2026-11-27T08:15:00.000Z');
const DAY = 24 * 3600_000;

beforeAll(async () => {
  sb = await startSandbox({ clock: () => new Date(START) });
  game = (await api(sb.url, 'GET', '/api/allgames')).body[0];
});
afterEach(() => clients.splice(0).forEach((c) => c.disconnect()));
afterAll(() => sb.close());

const now = () => sandboxClock(sb.url).now();

const ACCOUNT = {
  bank: 'capitec',
  holder: 'Thandi Nkosi',
  account_number: '1480231234',
  account_type: 'savings',
};

/**
 * A player with a verified email and identity (FICA), `rands` of cash and (unless told otherwise) a Capitec payout
 * account.
 */
async function player({ rands = 500, account = true } = {}) {
  const p = await newPlayer(sb.url, 'Thandi Nkosi', { verified: true });
  await api(sb.url, 'POST', '/sandbox/verifyEmail', { token: p.token });
  if (rands > 0) await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: rands } });
  if (account) await api(sb.url, 'PUT', '/api/bankAccount', { token: p.token, body: ACCOUNT });
  return p;
}
const takeBreak = (token: string, length: string) =>
  api(sb.url, 'POST', '/api/timeout', { token, body: { length } });
const exclude = (token: string, body: unknown) => api(sb.url, 'POST', '/api/selfExclusion', { token, body });
const deposit = (token: string, amount = 100) =>
  api(sb.url, 'POST', '/api/deposit', { token, body: { gateway: 'eft', amount } });
const login = (email: string, password: string) =>
  api(sb.url, 'POST', '/api/login', { body: { email, password } });
const notifyAs = (token: string, type: string) =>
  api(sb.url, 'POST', '/sandbox/notifications', { token, body: { type } });

/** The player's channel as their browser hears it: every event, in order. */
async function listen(token: string, userId: number) {
  const { client, channel } = await playerChannel(sb, token, userId);
  clients.push(client);
  const events: { event: string; data: any }[] = [];
  channel.bind_global((event: string, data: unknown) => {
    if (!event.startsWith('pusher:')) events.push({ event, data });
  });
  return events;
}
async function until<T>(read: () => T | undefined): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the live event never came');
}

describe('take a break', () => {
  it('refuses deposits, real launches and spins, coupons and tournament joins; balance, withdrawals and demo go on', async () => {
    const p = await player();
    const other = await player();
    const at = await now();
    const ends = at + DAY;

    const started = await takeBreak(p.token, '24h');
    expect(started.status).toBe(200);
    expect(started.body.restriction).toEqual({
      kind: 'break',
      length: '24h',
      started_at: iso(at),
      ends_at: iso(ends),
    });
    expect(started.body.history[0]).toEqual({
      at: iso(at),
      description: `Break of 24 hours started, until ${jhb(ends)}`,
    });
    expect(started.body.limits.deposit.day).toMatchObject({ limit_cents: null });
    expect((await api(sb.url, 'GET', '/api/limits', { token: p.token })).body.restriction).toEqual(
      started.body.restriction,
    );

    const message = `You are taking a break until ${jhb(ends)}. Deposits and real-money play are paused until then.`;
    const refusal = {
      error: message,
      safer_gambling: { code: 'taking_a_break', period: null, resets_at: iso(ends) },
    };
    const tournament = sb.db.prepare('SELECT id FROM tournaments LIMIT 1').get() as { id: number };
    const refused = {
      deposit: await deposit(p.token),
      launch: await api(sb.url, 'GET', `/api/games/${game.id}/0`, { token: p.token }),
      spin: await api(sb.url, 'POST', '/sandbox/spin', {
        token: p.token,
        body: { gameCode: game.game_code, stake: 1, demo: false },
      }),
      coupon: await api(sb.url, 'POST', '/api/couponRedeem', { token: p.token, body: { code: 'SPIN25' } }),
      tournament: await api(sb.url, 'POST', `/api/tournaments/${tournament.id}`, { token: p.token }),
    };
    for (const [action, res] of Object.entries(refused)) {
      expect(res.status, action).toBe(422);
      expect(res.body, action).toEqual(refusal);
    }

    // Demo play, the balance and withdrawals are still there.
    expect((await api(sb.url, 'GET', `/api/games/${game.id}/1`)).status).toBe(200);
    const demo = { gameCode: game.game_code, stake: 1, demo: true };
    expect((await api(sb.url, 'POST', '/sandbox/spin', { token: p.token, body: demo })).status).toBe(200);
    const wallet = await api(sb.url, 'POST', '/api/wallet', { token: p.token });
    expect(money(wallet.body.wallets)).toBe(50_000);
    const withdrawn = await api(sb.url, 'POST', '/api/withdraw', { token: p.token, body: { amount: 100 } });
    expect(withdrawn.status).toBe(200);
    expect(money(withdrawn.body.wallets)).toBe(40_000);

    // Another player is not on a break.
    expect((await deposit(other.token)).status).toBe(200);
    expect((await api(sb.url, 'GET', '/api/limits', { token: other.token })).body.restriction).toBeNull();
  });

  it('takes a longer break in place of the one in force, refuses a shorter one, and ends on time', async () => {
    const p = await player();
    const at = await now();
    expect((await takeBreak(p.token, '7d')).status).toBe(200);

    for (const length of ['24h', '7d']) {
      const res = await takeBreak(p.token, length);
      expect(res.status, length).toBe(422);
      expect(res.body.error, length).toBe(`You are already taking a break until ${jhb(at + 7 * DAY)}.`);
    }
    const bad = await takeBreak(p.token, '1h');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.length[0]).toBe('must be one of 24h, 7d, 6w');
    expect((await api(sb.url, 'POST', '/api/timeout', { body: { length: '24h' } })).status).toBe(401);

    const longer = await takeBreak(p.token, '6w');
    expect(longer.status).toBe(200);
    expect(longer.body.restriction).toMatchObject({ length: '6w', ends_at: iso(at + 42 * DAY) });
    expect(longer.body.history.map((h: { description: string }) => h.description)).toEqual([
      `Break of 6 weeks started, until ${jhb(at + 42 * DAY)}`,
      `Break of 7 days started, until ${jhb(at + 7 * DAY)}`,
    ]);

    // Still on the break after the first one's end; free once the longer one is over.
    await api(sb.url, 'POST', '/sandbox/clock', { body: { advance_minutes: (42 * DAY) / 60_000 - 1 } });
    expect((await deposit(p.token)).body.safer_gambling.code).toBe('taking_a_break');
    await api(sb.url, 'POST', '/sandbox/clock', { body: { advance_minutes: 1 } });
    expect((await deposit(p.token)).status).toBe(200);
    expect((await api(sb.url, 'GET', '/api/limits', { token: p.token })).body.restriction).toBeNull();
  });

  it('creates no marketing notification while it lasts; money and account notifications still go', async () => {
    const p = await player();
    const other = await player();
    await takeBreak(p.token, '24h');
    for (const type of ['cash_drop_friday', 'cashback', 'created_by_user']) {
      const res = await notifyAs(p.token, type);
      expect(res.status, type).toBe(200);
      expect(res.body.notification, type).toBeNull();
      expect((await notifyAs(other.token, type)).status, type).toBe(201);
    }
    expect((await notifyAs(p.token, 'withdrawal_success')).status).toBe(201);
    const list = await api(sb.url, 'GET', '/api/userNotifications/false', { token: p.token });
    const types = (list.body as { user_notification: { type: string } }[]).map(
      (n) => n.user_notification.type,
    );
    expect(types).toContain('withdrawal_success');
    expect(types).not.toContain('cash_drop_friday');
    expect(types).not.toContain('cashback');
    expect(types).not.toContain('created_by_user');
  });
});

describe('self-exclusion', () => {
  it('needs confirm: true and a known length, and changes nothing otherwise', async () => {
    const p = await player();
    for (const body of [
      { length: '6m' },
      { length: '6m', confirm: false },
      { length: '2y', confirm: true },
    ]) {
      const res = await exclude(p.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const refused = await exclude(p.token, { length: '6m' });
    expect(refused.body.errors.confirm[0]).toBe(
      'must be true: a self-exclusion cannot be undone before it ends',
    );
    expect((await api(sb.url, 'GET', '/api/account', { token: p.token })).status).toBe(200);
    expect((await api(sb.url, 'GET', '/api/limits', { token: p.token })).body.restriction).toBeNull();
    expect((await exclude(undefined as unknown as string, { length: '6m', confirm: true })).status).toBe(401);
  });

  it('forfeits the bonus, pays out the cash, ends every session and refuses sign-in after the right password only', async () => {
    const p = await player({ rands: 300 });
    await api(sb.url, 'POST', '/api/couponRedeem', { token: p.token, body: { code: 'SPIN25' } });
    const second = (await login(p.email, p.password)).body.success.token as string;
    const events = await listen(p.token, p.user.id);
    const at = await now();
    const ends = at + 182 * DAY;

    const res = await exclude(p.token, { length: '6m', confirm: true });
    expect(res.status).toBe(200);
    expect(res.body.restriction).toEqual({
      kind: 'self_exclusion',
      length: '6m',
      started_at: iso(at),
      ends_at: iso(ends),
    });
    expect(res.body.payout).toMatchObject({
      amount: '300.00',
      status: 'pending',
      can_cancel: true,
      bank_account: { bank_name: 'Capitec', account_number_masked: '····1234' },
    });
    expect(await until(() => events.find((e) => e.event === 'saferGambling'))).toMatchObject({
      data: { reason: 'changed', code: null },
    });
    expect((await until(() => events.find((e) => e.event === 'withdrawal'))).data.withdrawal.id).toBe(
      res.body.payout.id,
    );

    // Every session ended, saying why.
    for (const token of [p.token, second]) {
      const ended = await api(sb.url, 'GET', '/api/account', { token });
      expect(ended.status).toBe(401);
      expect(ended.body).toEqual({ error: 'Unauthenticated.', reason: 'self_excluded' });
    }
    // A wrong password is told only that; the right one hears of the exclusion.
    const wrong = await login(p.email, 'not-the-password');
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ error: 'These credentials do not match our records.' });
    const message = `You have excluded yourself from PlayLive until ${jhb(ends)}. You cannot sign in, deposit or play before then.`;
    const refused = {
      error: message,
      safer_gambling: { code: 'self_excluded', period: null, resets_at: iso(ends) },
    };
    const right = await login(p.email, p.password);
    expect(right.status).toBe(403);
    expect(right.body).toEqual(refused);
    // Nor does a password reset sign them in (the new password is kept for after the exclusion).
    await api(sb.url, 'POST', '/api/forgotPassword', { body: { email: p.email } });
    const mail = await api(sb.url, 'GET', `/sandbox/mail?email=${encodeURIComponent(p.email)}`);
    const resetToken = /Reset token: (\S+)/.exec(mail.body.mail[0].body)![1];
    const reset = await api(sb.url, 'POST', '/api/resetPassword', {
      body: { token: resetToken, email: p.email, password: 'a-new-password' },
    });
    expect(reset.status).toBe(403);
    expect(reset.body).toEqual(refused);
    expect((await login(p.email, 'a-new-password')).body).toEqual(refused);

    // The money: bonus forfeited, the whole cash balance in the payout, the ledger balanced.
    const balances = sb.db
      .prepare('SELECT wallet, balance_cents FROM balances WHERE user_id = ? ORDER BY wallet')
      .all(p.user.id);
    expect(balances).toEqual([
      { wallet: 'bonus', balance_cents: 0 },
      { wallet: 'money', balance_cents: 0 },
    ]);
    const coupon = sb.db.prepare('SELECT status FROM user_coupons WHERE user_id = ?').get(p.user.id);
    expect(coupon).toEqual({ status: 'opted_out' });
    expect(ledgerMismatches(sb)).toEqual([]);
    // The back office pays it like any withdrawal.
    const advance = (status: string) =>
      api(sb.url, 'POST', `/sandbox/withdrawals/${res.body.payout.id}/advance`, { body: { status } });
    expect((await advance('approved')).status).toBe(200);
    expect((await advance('paid')).body.withdrawal.status).toBe('paid');

    const audit = sb.db
      .prepare('SELECT description FROM safer_gambling_audit WHERE user_id = ? ORDER BY id')
      .all(p.user.id);
    expect(audit).toEqual([
      { description: `Self-excluded for 6 months, until ${jhb(ends)}` },
      { description: 'Cash balance of R300.00 paid out as a withdrawal to Capitec ····1234' },
    ]);
  });

  it('pays out with no account when none is saved, and pays nothing when there is no cash', async () => {
    const noAccount = await player({ rands: 42.5, account: false });
    const res = await exclude(noAccount.token, { length: '1y', confirm: true });
    expect(res.status).toBe(200);
    expect(res.body.restriction.length).toBe('1y');
    expect(res.body.payout).toMatchObject({ amount: '42.50', status: 'pending', bank_account: null });

    const broke = await player({ rands: 0 });
    const none = await exclude(broke.token, { length: '5y', confirm: true });
    expect(none.status).toBe(200);
    expect(none.body.payout).toBeNull();
    expect(Date.parse(none.body.restriction.ends_at) - Date.parse(none.body.restriction.started_at)).toBe(
      1826 * DAY,
    );
    expect((await login(broke.email, broke.password)).status).toBe(403);
    expect(ledgerMismatches(sb)).toEqual([]);
  });
});
