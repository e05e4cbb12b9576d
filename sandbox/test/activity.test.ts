import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  bonus,
  cents,
  ledgerMismatches,
  money,
  newPlayer,
  sandboxClock,
  startSandbox,
} from './harness.js';

/*
 * The activity statement and the play summary (docs/rules.md#safer-gambling). The sandbox's clock starts on a Monday
 * at 08:00 in Johannesburg and is moved forward with POST /sandbox/clock, so one player's play falls on known days,
 * weeks and months: Monday 23 and Tuesday 24 November, then Tuesday 1 December 2026.
 */

let sb: Awaited<ReturnType<typeof startSandbox>>;
let game: { id: number; game_code: string };
const START = Date.parse('2026-11-23T06:00:00.000Z');
const MINUTE = 60_000;

beforeAll(async () => {
  sb = await startSandbox({ clock: () => new Date(START) });
  game = (await api(sb.url, 'GET', '/api/allgames')).body[0];
});
afterAll(() => sb.close());

const iso = (text: string) => new Date(text).toISOString().replace('Z', '000Z');
const now = () => sandboxClock(sb.url).now();
const advance = (minutes: number) => sandboxClock(sb.url).advance(minutes);
const activity = (token: string | undefined, query: string) =>
  api(sb.url, 'GET', `/api/activity?${query}`, { token });
const summary = (token: string | undefined, since: string) =>
  api(sb.url, 'GET', `/api/activity/summary?since=${encodeURIComponent(since)}`, { token });

/** A confirmed deposit (credited), or one left pending (not credited). */
async function deposit(token: string, amount: number, confirm = true) {
  const d = await api(sb.url, 'POST', '/api/deposit', {
    token,
    body: { gateway: 'eft', amount, welcome_bonus: false },
  });
  if (confirm) await api(sb.url, 'POST', new URL(d.body.redirectUrl).pathname + '/confirm');
}
/** A real spin; its stake and win in cents (always from and to the money wallet here: no bonus). */
async function spin(token: string, stake: number) {
  const res = await api(sb.url, 'POST', '/sandbox/spin', {
    token,
    body: { gameCode: game.game_code, stake, demo: false },
  });
  expect(res.body.wallet).toBe('money');
  return { stakes: cents(res.body.stake), wins: cents(res.body.win) };
}
const sum = (spins: { stakes: number; wins: number }[]) => ({
  stakes_cents: spins.reduce((n, s) => n + s.stakes, 0),
  wins_cents: spins.reduce((n, s) => n + s.wins, 0),
  net_cents: spins.reduce((n, s) => n + s.wins - s.stakes, 0),
});
/** A statement row from its movements: the net is the result of play, the cash reconciles (docs/rules.md). */
function statementRow(opening: number, m: Record<string, number>) {
  const row = {
    opening_cash_cents: opening,
    deposits_cents: 0,
    refunds_cents: 0,
    withdrawals_cents: 0,
    stakes_cents: 0,
    wins_cents: 0,
    buy_ins_cents: 0,
    prizes_cents: 0,
    chest_rewards_cents: 0,
    bonus_releases_cents: 0,
    minutes_played: 0,
    ...m,
  };
  const net =
    row.wins_cents +
    row.prizes_cents +
    row.chest_rewards_cents +
    row.bonus_releases_cents -
    row.stakes_cents -
    row.buy_ins_cents;
  return {
    ...row,
    net_cents: net,
    closing_cash_cents: opening + row.deposits_cents - row.refunds_cents - row.withdrawals_cents + net,
  };
}
/** Opening cash + deposits − refunds − withdrawals + net = closing cash, and each period opens where the last closed. */
function expectReconciled(rows: Record<string, number>[]) {
  rows.forEach((r, i) => {
    expect(r.net_cents).toBe(
      r.wins_cents! +
        r.prizes_cents! +
        r.chest_rewards_cents! +
        r.bonus_releases_cents! -
        r.stakes_cents! -
        r.buy_ins_cents!,
    );
    expect(r.closing_cash_cents).toBe(
      r.opening_cash_cents! + r.deposits_cents! - r.refunds_cents! - r.withdrawals_cents! + r.net_cents!,
    );
    if (i > 0) expect(rows[i - 1]!.opening_cash_cents).toBe(r.closing_cash_cents);
  });
}

describe('activity statement', () => {
  // First: it needs a seeded tournament still open for registration, before the next test moves the clock on.
  it('counts every movement of the cash: buy-ins, prizes, chest rewards, bonus releases and refunds', async () => {
    const p = await newPlayer(sb.url);
    const wallets = async () => (await api(sb.url, 'POST', '/api/wallet', { token: p.token })).body.wallets;
    // Cash the casino paid (the sandbox's credit, as a prize is) and a deposit.
    await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: 1000 } });
    await deposit(p.token, 100);
    // A R25 bonus wagered through (R150 staked) and released as cash; the stakes earn a loyalty chest.
    await api(sb.url, 'POST', '/api/couponRedeem', { token: p.token, body: { code: 'SPIN25' } });
    let released = 0;
    for (let i = 0; i < 3; i++) {
      const before = bonus(await wallets());
      await api(sb.url, 'POST', '/sandbox/spin', {
        token: p.token,
        body: { gameCode: game.game_code, stake: 50, demo: false },
      });
      const after = await wallets();
      if (bonus(after) === 0) released = before;
    }
    expect(released).toBeGreaterThan(0);
    const cashBeforeChest = money(await wallets());
    const chest = await api(sb.url, 'POST', '/api/loyaltyChests', { token: p.token, body: {} });
    expect(chest.status).toBe(200);
    const reward = money(await wallets()) - cashBeforeChest;
    expect(reward).toBeGreaterThan(0);
    // A tournament buy-in.
    const tournaments = (await api(sb.url, 'GET', '/api/tournaments')).body.tournaments as any[];
    const t = tournaments.find(
      (x) => ['registering', 'late_registration'].includes(x.stage) && x.buy_in !== '0.00',
    );
    expect((await api(sb.url, 'POST', `/api/tournaments/${t.id}`, { token: p.token })).status).toBe(200);
    // A deposit paid during a break, returned at once.
    const started = await api(sb.url, 'POST', '/api/deposit', {
      token: p.token,
      body: { gateway: 'eft', amount: 100, welcome_bonus: false },
    });
    await api(sb.url, 'POST', '/api/timeout', { token: p.token, body: { length: '24h' } });
    expect(
      (await api(sb.url, 'POST', new URL(started.body.redirectUrl).pathname + '/confirm')).body,
    ).toMatchObject({
      status: 'refunded',
    });

    const [today] = (await activity(p.token, 'period=day&limit=1')).body.data;
    expect(today).toMatchObject({
      opening_cash_cents: 0,
      deposits_cents: 20_000,
      refunds_cents: 10_000,
      withdrawals_cents: 0,
      buy_ins_cents: cents(t.buy_in),
      prizes_cents: 100_000,
      chest_rewards_cents: reward,
      bonus_releases_cents: released,
      closing_cash_cents: money(await wallets()),
    });
    expect(today.stakes_cents).toBeGreaterThan(0);
    expect(today.net_cents).toBe(
      today.wins_cents + 100_000 + reward + released - today.stakes_cents - cents(t.buy_in),
    );
    expectReconciled([today]);
    expect(ledgerMismatches(sb)).toEqual([]);
  });

  it('sums deposits, withdrawals, real-money play and time per Johannesburg day, week and month', async () => {
    const p = await newPlayer(sb.url, 'Test Player', { verified: true });
    const other = await newPlayer(sb.url);
    await api(sb.url, 'POST', '/sandbox/verifyEmail', { token: p.token });
    await api(sb.url, 'PUT', '/api/bankAccount', {
      token: p.token,
      body: { bank: 'fnb', holder: 'Test Player', account_number: '62001239876', account_type: 'cheque' },
    });

    // Monday 23 November, 08:00: R200 credited (R50 still pending), R300 asked for (R200 asked for and cancelled),
    // test money that is no deposit, and 6 minutes of play.
    await deposit(p.token, 200);
    await deposit(p.token, 50, false);
    await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: 1000 } });
    await api(sb.url, 'POST', '/api/withdraw', { token: p.token, body: { amount: 300 } });
    const cancelled = await api(sb.url, 'POST', '/api/withdraw', { token: p.token, body: { amount: 200 } });
    await api(sb.url, 'POST', `/api/withdrawals/${cancelled.body.withdrawal.id}/cancel`, { token: p.token });
    await api(sb.url, 'GET', `/api/games/${game.id}/0`, { token: p.token });
    const monday = [await spin(p.token, 10)];
    await advance(3);
    monday.push(await spin(p.token, 10));
    await advance(3);
    monday.push(await spin(p.token, 10));
    // Demo play is not the player's money.
    await api(sb.url, 'POST', '/sandbox/spin', {
      token: p.token,
      body: { gameCode: game.game_code, stake: 10, demo: true },
    });

    // Tuesday 24 November, 08:00: R100 credited and one spin (a moment after a long pause counts 5 minutes).
    await advance(24 * 60 - 6);
    await deposit(p.token, 100);
    const tuesday = [await spin(p.token, 5)];

    // Tuesday 1 December, 08:00: a new week and a new month.
    await advance(7 * 24 * 60);
    const december = [await spin(p.token, 2)];

    // The sandbox's test credit is cash the casino paid: counted with prizes, part of the net.
    const mondayPlay = sum(monday);
    const mondayRow = statementRow(0, {
      deposits_cents: 20_000,
      withdrawals_cents: 30_000,
      prizes_cents: 100_000,
      stakes_cents: mondayPlay.stakes_cents,
      wins_cents: mondayPlay.wins_cents,
      minutes_played: 6,
    });
    const tuesdayPlay = sum(tuesday);
    const tuesdayRow = statementRow(mondayRow.closing_cash_cents, {
      deposits_cents: 10_000,
      stakes_cents: tuesdayPlay.stakes_cents,
      wins_cents: tuesdayPlay.wins_cents,
      minutes_played: 5,
    });
    const decemberPlay = sum(december);
    const decemberRow = statementRow(tuesdayRow.closing_cash_cents, {
      stakes_cents: decemberPlay.stakes_cents,
      wins_cents: decemberPlay.wins_cents,
      minutes_played: 5,
    });
    // The latest period closes on the cash the player holds.
    const wallet = await api(sb.url, 'POST', '/api/wallet', { token: p.token });
    const cash = wallet.body.wallets.find((w: { gateway: string }) => w.gateway === 'callpay').balance;
    expect(decemberRow.closing_cash_cents).toBe(cents(cash));

    const days = await activity(p.token, 'period=day&limit=9');
    expect(days.status).toBe(200);
    expect(days.body.period).toBe('day');
    expect(days.body.data).toHaveLength(9);
    expect(days.body.data[0]).toEqual({
      start: iso('2026-11-30T22:00:00Z'),
      end: iso('2026-12-01T22:00:00Z'),
      ...decemberRow,
    });
    for (const row of days.body.data.slice(1, 7))
      expect(row).toMatchObject(statementRow(tuesdayRow.closing_cash_cents, {}));
    expect(days.body.data[7]).toEqual({
      start: iso('2026-11-23T22:00:00Z'),
      end: iso('2026-11-24T22:00:00Z'),
      ...tuesdayRow,
    });
    expect(days.body.data[8]).toEqual({
      start: iso('2026-11-22T22:00:00Z'),
      end: iso('2026-11-23T22:00:00Z'),
      ...mondayRow,
    });

    const both = statementRow(0, {
      deposits_cents: 30_000,
      withdrawals_cents: 30_000,
      prizes_cents: 100_000,
      stakes_cents: mondayPlay.stakes_cents + tuesdayPlay.stakes_cents,
      wins_cents: mondayPlay.wins_cents + tuesdayPlay.wins_cents,
      minutes_played: 11,
    });
    expectReconciled(days.body.data);
    const weeks = await activity(p.token, 'period=week&limit=2');
    expect(weeks.body).toEqual({
      period: 'week',
      data: [
        { start: iso('2026-11-29T22:00:00Z'), end: iso('2026-12-06T22:00:00Z'), ...decemberRow },
        { start: iso('2026-11-22T22:00:00Z'), end: iso('2026-11-29T22:00:00Z'), ...both },
      ],
    });
    const months = await activity(p.token, 'period=month&limit=3');
    expect(months.body.data).toEqual([
      { start: iso('2026-11-30T22:00:00Z'), end: iso('2026-12-31T22:00:00Z'), ...decemberRow },
      { start: iso('2026-10-31T22:00:00Z'), end: iso('2026-11-30T22:00:00Z'), ...both },
      { start: iso('2026-09-30T22:00:00Z'), end: iso('2026-10-31T22:00:00Z'), ...statementRow(0, {}) },
    ]);
    expectReconciled(months.body.data);

    // Twelve periods unless told; another player's statement holds none of this.
    expect((await activity(p.token, 'period=day')).body.data).toHaveLength(12);
    const theirs = await activity(other.token, 'period=month&limit=2');
    for (const row of theirs.body.data)
      expect(row).toEqual({ ...statementRow(0, {}), start: row.start, end: row.end });
  });

  it('refuses a period or limit it does not know, and a caller without a session', async () => {
    const p = await newPlayer(sb.url);
    for (const query of [
      'period=year',
      '',
      'period=day&limit=0',
      'period=day&limit=101',
      'period=day&limit=x',
    ]) {
      const res = await activity(p.token, query);
      expect(res.status, query).toBe(422);
    }
    expect((await activity(p.token, 'period=day&limit=0')).body.errors.limit[0]).toBe(
      'must be an integer from 1 to 100',
    );
    expect((await activity(p.token, 'period=day&limit=100')).body.data).toHaveLength(100);
    expect((await activity(undefined, 'period=day')).status).toBe(401);
    expect((await summary(undefined, new Date().toISOString())).status).toBe(401);
  });
});

describe('play summary', () => {
  it('sums real-money play since a time at most 24 hours ago', async () => {
    const p = await newPlayer(sb.url);
    const other = await newPlayer(sb.url);
    await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: 100 } });
    const before = await now();
    const earlier = await spin(p.token, 3);
    await advance(2);
    const since = new Date(await now()).toISOString();
    const session = [await spin(p.token, 4)];
    await advance(2);
    session.push(await spin(p.token, 4));

    const res = await summary(p.token, since);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ since: iso(since), minutes_played: 2, ...sum(session) });
    const day = await summary(p.token, new Date(before - 20 * 60 * MINUTE).toISOString());
    expect(day.body).toMatchObject(sum([earlier, ...session]));
    expect((await summary(other.token, since)).body).toMatchObject({
      minutes_played: 0,
      stakes_cents: 0,
      wins_cents: 0,
    });

    const at = await now();
    expect((await summary(p.token, new Date(at - 24 * 60 * MINUTE).toISOString())).status).toBe(200);
    const old = await summary(p.token, new Date(at - 24 * 60 * MINUTE - 1000).toISOString());
    expect(old.status).toBe(422);
    expect(old.body.errors.since[0]).toBe('must be within the last 24 hours');
    expect((await summary(p.token, 'yesterday')).status).toBe(422);
  });
});
