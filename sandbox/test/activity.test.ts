import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newPlayer, startSandbox } from './harness.js';

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
const now = async () => Date.parse((await api(sb.url, 'GET', '/sandbox/clock')).body.now);
const advance = (minutes: number) =>
  api(sb.url, 'POST', '/sandbox/clock', { body: { advance_minutes: minutes } });
const activity = (token: string | undefined, query: string) =>
  api(sb.url, 'GET', `/api/activity?${query}`, { token });
const summary = (token: string | undefined, since: string) =>
  api(sb.url, 'GET', `/api/activity/summary?since=${encodeURIComponent(since)}`, { token });
const cents = (rands: string) => Math.round(Number(rands) * 100);

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

describe('activity statement', () => {
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

    const zero = {
      deposits_cents: 0,
      withdrawals_cents: 0,
      stakes_cents: 0,
      wins_cents: 0,
      net_cents: 0,
      minutes_played: 0,
    };
    const mondayRow = {
      deposits_cents: 20_000,
      withdrawals_cents: 30_000,
      ...sum(monday),
      minutes_played: 6,
    };
    const tuesdayRow = { deposits_cents: 10_000, withdrawals_cents: 0, ...sum(tuesday), minutes_played: 5 };
    const decemberRow = { deposits_cents: 0, withdrawals_cents: 0, ...sum(december), minutes_played: 5 };

    const days = await activity(p.token, 'period=day&limit=9');
    expect(days.status).toBe(200);
    expect(days.body.period).toBe('day');
    expect(days.body.data).toHaveLength(9);
    expect(days.body.data[0]).toEqual({
      start: iso('2026-11-30T22:00:00Z'),
      end: iso('2026-12-01T22:00:00Z'),
      ...decemberRow,
    });
    for (const row of days.body.data.slice(1, 7)) expect(row).toMatchObject(zero);
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

    const both = {
      deposits_cents: 30_000,
      withdrawals_cents: 30_000,
      ...sum([...monday, ...tuesday]),
      minutes_played: 11,
    };
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
      { start: iso('2026-09-30T22:00:00Z'), end: iso('2026-10-31T22:00:00Z'), ...zero },
    ]);

    // Twelve periods unless told; another player's statement holds none of this.
    expect((await activity(p.token, 'period=day')).body.data).toHaveLength(12);
    const theirs = await activity(other.token, 'period=month&limit=2');
    for (const row of theirs.body.data) expect(row).toMatchObject(zero);
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
