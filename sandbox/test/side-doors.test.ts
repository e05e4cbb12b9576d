import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  cents,
  iso,
  jhb,
  ledgerMismatches,
  money,
  newPlayer,
  sandboxClock,
  startSandbox,
} from './harness.js';

/*
 * Limits with no side doors (docs/rules.md#safer-gambling and #payments): a tournament buy-in is a loss the loss
 * limits count and refuse; a deposit paid while its player is on a break or self-excluded is returned at once; a
 * deposit left unpaid expires after the payment window and stops counting. One sandbox whose clock starts at a fixed
 * time and is moved with POST /sandbox/clock; each test has players of its own.
 */

let sb: Awaited<ReturnType<typeof startSandbox>>;
const START = Date.parse('2026-11-27T08:15:00.000Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

beforeAll(async () => {
  sb = await startSandbox({ clock: () => new Date(START) });
});
afterAll(() => sb.close());

const now = () => sandboxClock(sb.url).now();
const advance = (minutes: number) => sandboxClock(sb.url).advance(minutes);
const limits = (token: string) => api(sb.url, 'GET', '/api/limits', { token });
const setLimits = (token: string, body: unknown) => api(sb.url, 'PUT', '/api/limits', { token, body });
const credit = (token: string, amount: number) =>
  api(sb.url, 'POST', '/sandbox/credit', { token, body: { amount } });
const deposit = (token: string, amount: number) =>
  api(sb.url, 'POST', '/api/deposit', { token, body: { gateway: 'eft', amount } });
const pay = (paymentId: string) => api(sb.url, 'POST', `/sandbox/pay/${paymentId}/confirm`);
const status = (token: string, d: { provider: string; paymentId: string }) =>
  api(sb.url, 'GET', `/api/wallet/depositStatus/${d.provider}/${d.paymentId}`, { token });
const cash = async (token: string) =>
  money((await api(sb.url, 'POST', '/api/wallet', { token })).body.wallets);
const transactions = async (token: string) =>
  (await api(sb.url, 'GET', '/api/transactions?per_page=50', { token })).body.data as any[];
const notifications = async (token: string) =>
  (await api(sb.url, 'GET', '/api/userNotifications/false', { token })).body as any[];

/** A seeded tournament open for registration, with a buy-in. */
async function buyInTournament() {
  const res = await api(sb.url, 'GET', '/api/tournaments');
  const t = (res.body.tournaments as any[]).find(
    (x) => ['registering', 'late_registration'].includes(x.stage) && x.buy_in !== '0.00',
  );
  if (!t) throw new Error('no seeded tournament open for registration with a buy-in');
  return t as { id: number; buy_in: string };
}

describe('a tournament buy-in against the loss limits', () => {
  it('counts as a loss, and one that would pass a loss limit is refused with nothing taken', async () => {
    const t = await buyInTournament();
    const buyIn = cents(t.buy_in);
    const p = await newPlayer(sb.url);
    await credit(p.token, 1_000);
    const at = await now();

    // A daily loss limit the buy-in fits: it is taken, and counted.
    await setLimits(p.token, { loss: { day: buyIn + 500 } });
    const joined = await api(sb.url, 'POST', `/api/tournaments/${t.id}`, { token: p.token });
    expect(joined.status).toBe(200);
    expect(await cash(p.token)).toBe(100_000 - buyIn);
    const used = (await limits(p.token)).body.limits.loss;
    expect(used.day).toMatchObject({ used_cents: buyIn, remaining_cents: 500, resets_at: iso(at + DAY) });
    expect(used.week.used_cents).toBe(buyIn);

    // Another player, whose daily loss limit is smaller than the buy-in: refused as a stake would be.
    const q = await newPlayer(sb.url);
    await credit(q.token, 1_000);
    await setLimits(q.token, { loss: { day: buyIn - 100 } });
    const refused = await api(sb.url, 'POST', `/api/tournaments/${t.id}`, { token: q.token });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      error: `This ${formatRands(buyIn)} buy-in could take you past your daily loss limit of ${formatRands(buyIn - 100)}, which has ${formatRands(buyIn - 100)} left until ${jhb(at + DAY)}.`,
      safer_gambling: { code: 'loss_limit_reached', period: 'day', resets_at: iso(at + DAY) },
    });
    expect(await cash(q.token)).toBe(100_000);
    const entry = sb.db
      .prepare('SELECT 1 FROM tournament_users WHERE tournament_id = ? AND user_id = ?')
      .get(t.id, q.user.id);
    expect(entry).toBeUndefined();
    expect((await limits(q.token)).body.limits.loss.day.used_cents).toBe(0);
    expect(ledgerMismatches(sb)).toEqual([]);
  });
});

/** R1,234.56 as the casino's messages write it. */
function formatRands(c: number): string {
  const rands = Math.floor(c / 100).toLocaleString('en-US');
  return `R${rands}.${String(c % 100).padStart(2, '0')}`;
}

describe('a deposit paid during a break or a self-exclusion', () => {
  it('is returned at once: refunded, a ledger pair, the balance unchanged, the player told', async () => {
    const p = await newPlayer(sb.url);
    await credit(p.token, 200);
    await setLimits(p.token, { deposit: { day: 50_000 } });
    const started = await deposit(p.token, 100);
    expect(started.status).toBe(200);
    expect((await limits(p.token)).body.limits.deposit.day.used_cents).toBe(10_000);

    const onBreak = await api(sb.url, 'POST', '/api/timeout', { token: p.token, body: { length: '24h' } });
    expect(onBreak.status).toBe(200);
    const paid = await pay(started.body.paymentId);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'refunded', amount: '100.00', bonus_amount: '0.00' });

    expect((await status(p.token, started.body)).body).toMatchObject({ status: 'refunded' });
    expect(await cash(p.token)).toBe(20_000);
    // The statement shows the money arriving and going straight back, both rows of the one refunded deposit.
    const rows = (await transactions(p.token)).filter(
      (r) => r.reference === `deposit:${started.body.paymentId}`,
    );
    expect(rows.map((r) => [r.type, r.amount, r.balance_after, r.status])).toEqual([
      ['deposit', '-100.00', '200.00', 'refunded'],
      ['deposit', '100.00', '300.00', 'refunded'],
    ]);
    expect(new Set(rows.map((r) => r.short_reference)).size).toBe(1);
    expect(ledgerMismatches(sb)).toEqual([]);
    const [told] = await notifications(p.token);
    expect(told.user_notification).toMatchObject({
      type: 'deposit_refunded',
      subject: 'Deposit returned',
      message:
        'Your deposit of R100.00 arrived while your account is closed to play, so it has been returned to where it came from. See your transactions.',
    });
    // A returned deposit no longer counts against the deposit limit; paying again changes nothing.
    expect((await limits(p.token)).body.limits.deposit.day.used_cents).toBe(0);
    expect((await pay(started.body.paymentId)).body.status).toBe('refunded');
    expect(await cash(p.token)).toBe(20_000);
  });

  it('is returned to a self-excluded player too, after the payout of the cash they had', async () => {
    const p = await newPlayer(sb.url, 'Thandi Nkosi', { verified: true });
    await api(sb.url, 'POST', '/sandbox/verifyEmail', { token: p.token });
    await credit(p.token, 300);
    await api(sb.url, 'PUT', '/api/bankAccount', {
      token: p.token,
      body: {
        bank: 'capitec',
        holder: 'Thandi Nkosi',
        account_number: '1480231234',
        account_type: 'savings',
      },
    });
    const started = await deposit(p.token, 50);
    const excluded = await api(sb.url, 'POST', '/api/selfExclusion', {
      token: p.token,
      body: { length: '6m', confirm: true },
    });
    expect(excluded.status).toBe(200);
    expect(excluded.body.payout).toMatchObject({ amount: '300.00' });

    const paid = await pay(started.body.paymentId);
    expect(paid.body).toMatchObject({ status: 'refunded', amount: '50.00' });
    const balance = sb.db
      .prepare("SELECT balance_cents FROM balances WHERE user_id = ? AND wallet = 'money'")
      .get(p.user.id) as { balance_cents: number };
    expect(balance.balance_cents).toBe(0);
    const pair = sb.db
      .prepare('SELECT kind, amount_cents FROM ledger WHERE user_id = ? AND reference = ? ORDER BY id')
      .all(p.user.id, `deposit:${started.body.paymentId}`);
    expect(pair).toEqual([
      { kind: 'deposit', amount_cents: 5_000 },
      { kind: 'deposit', amount_cents: -5_000 },
    ]);
    const told = sb.db
      .prepare('SELECT type FROM notifications WHERE user_id = ? ORDER BY id DESC LIMIT 1')
      .get(p.user.id) as { type: string };
    expect(told.type).toBe('deposit_refunded');
    expect(ledgerMismatches(sb)).toEqual([]);
  });
});

describe('a deposit left unpaid', () => {
  it('expires after the 30-minute payment window: failed (expired), not counted, and cannot be paid', async () => {
    const p = await newPlayer(sb.url);
    await setLimits(p.token, { deposit: { week: 20_000 } });
    const started = await deposit(p.token, 150);
    const at = await now();
    expect(started.status).toBe(200);

    await advance(29);
    expect((await status(p.token, started.body)).body).toMatchObject({
      status: 'pending',
      failure_reason: null,
    });
    expect((await limits(p.token)).body.limits.deposit.week.used_cents).toBe(15_000);
    expect((await deposit(p.token, 100)).body.safer_gambling.code).toBe('deposit_limit_reached');

    await advance(1);
    expect((await status(p.token, started.body)).body).toMatchObject({
      status: 'failed',
      failure_reason: 'expired',
      completed_at: iso(at + 30 * MINUTE),
    });
    expect((await limits(p.token)).body.limits.deposit.week).toMatchObject({
      used_cents: 0,
      remaining_cents: 20_000,
    });
    const row = (await transactions(p.token)).find((r) => r.id === `deposit:${started.body.paymentId}`);
    expect(row).toMatchObject({ status: 'failed', balance_after: null });

    const late = await pay(started.body.paymentId);
    expect(late.status).toBe(422);
    expect(late.body).toEqual({
      error: 'This payment has expired: it was not paid within 30 minutes. Start a new deposit.',
    });
    const page = await api(sb.url, 'GET', `/sandbox/pay/${started.body.paymentId}`, {
      headers: { accept: 'text/html' },
    });
    expect(page.body).toContain('This payment has expired');
    expect(page.body).not.toContain('Pay R150.00');
    expect(await cash(p.token)).toBe(0);
    // A new deposit fits the limit again.
    expect((await deposit(p.token, 200)).status).toBe(200);
  });

  it('is still paid within the window, and a cancelled one says so', async () => {
    const p = await newPlayer(sb.url);
    const kept = await deposit(p.token, 80);
    const cancelled = await deposit(p.token, 20);
    await advance(20);
    expect((await pay(kept.body.paymentId)).body).toMatchObject({ status: 'complete', failure_reason: null });
    const failed = await api(sb.url, 'POST', `/sandbox/pay/${cancelled.body.paymentId}/fail`);
    expect(failed.body).toMatchObject({ status: 'failed', failure_reason: 'cancelled' });
    await advance(60);
    expect((await status(p.token, kept.body)).body.status).toBe('complete');
    expect(await cash(p.token)).toBe(8_000);
  });
});
