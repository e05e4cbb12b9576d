import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  iso,
  jhb,
  newPlayer,
  playerChannel,
  sandboxClock,
  startSandbox,
  type PusherClient,
} from './harness.js';

/*
 * Deposit, loss and play-time limits, the cooling-off and the reality check (docs/rules.md#safer-gambling), as a
 * player's client meets them. One sandbox whose clock starts at a fixed time (10:15 in Johannesburg) and is moved
 * forward with POST /sandbox/clock, as a partner would, so windows can be seen to roll and cooling-offs to end. Each
 * test has players of its own and reads the time it starts at.
 */

let sb: Awaited<ReturnType<typeof startSandbox>>;
let game: { id: number; game_code: string };
const clients: PusherClient[] = [];
const START = Date.parse('2026-11-27T08:15:00.000Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

beforeAll(async () => {
  sb = await startSandbox({ clock: () => new Date(START) });
  game = (await api(sb.url, 'GET', '/api/allgames')).body[0];
});
afterEach(() => clients.splice(0).forEach((c) => c.disconnect()));
afterAll(() => sb.close());

const now = () => sandboxClock(sb.url).now();
const advance = (minutes: number) => sandboxClock(sb.url).advance(minutes);
const limits = (token: string) => api(sb.url, 'GET', '/api/limits', { token });
const setLimits = (token: string, body: unknown) => api(sb.url, 'PUT', '/api/limits', { token, body });
const deposit = (token: string, amount: number) =>
  api(sb.url, 'POST', '/api/deposit', { token, body: { gateway: 'eft', amount } });
const spin = (token: string, stake: number) =>
  api(sb.url, 'POST', '/sandbox/spin', { token, body: { gameCode: game.game_code, stake, demo: false } });
const launch = (token: string) => api(sb.url, 'GET', `/api/games/${game.id}/0`, { token });
const credit = (token: string, amount: number) =>
  api(sb.url, 'POST', '/sandbox/credit', { token, body: { amount } });

/** The player's channel as their browser hears it. */
async function listen(token: string, userId: number) {
  const { client, channel } = await playerChannel(sb, token, userId);
  clients.push(client);
  const events: any[] = [];
  channel.bind('saferGambling', (data: unknown) => events.push(data));
  /** The `count`-th saferGambling event (1-based), waited for. */
  const nth = (count: number) =>
    new Promise<any>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no saferGambling event ${count}`)), 5_000);
      const poll = setInterval(() => {
        if (events.length >= count) {
          clearTimeout(timer);
          clearInterval(poll);
          resolve(events[count - 1]);
        }
      }, 5);
    });
  return { events, nth };
}

describe('GET and PUT /api/limits', () => {
  it('keeps what a player sets, shows it with usage, and never shows it to another player', async () => {
    const t = await now();
    const p = await newPlayer(sb.url);
    const other = await newPlayer(sb.url);

    const fresh = await limits(p.token);
    expect(fresh.status).toBe(200);
    const none = { limit_cents: null, used_cents: 0, remaining_cents: null, resets_at: null, pending: null };
    expect(fresh.body).toEqual({
      limits: {
        deposit: { day: none, week: none, month: none },
        loss: { day: none, week: none, month: none },
        session: {
          limit_minutes: null,
          used_minutes: 0,
          remaining_minutes: null,
          resets_at: expect.stringMatching(/T22:00:00\.000000Z$/),
          pending: null,
        },
      },
      reality_check_minutes: 60,
      reality_check_choices: [15, 30, 60, 120],
      reality_check: null,
      restriction: null,
      history: [],
    });

    const set = await setLimits(p.token, {
      deposit: { day: 5000 },
      loss: { week: 100_000 },
      session_minutes: 60,
      reality_check_minutes: 30,
    });
    expect(set.status).toBe(200);
    expect(set.body.limits.deposit.day).toEqual({ ...none, limit_cents: 5000, remaining_cents: 5000 });
    expect(set.body.limits.loss.week).toEqual({ ...none, limit_cents: 100_000, remaining_cents: 100_000 });
    expect(set.body.limits.session).toMatchObject({
      limit_minutes: 60,
      used_minutes: 0,
      remaining_minutes: 60,
    });
    expect(set.body.reality_check_minutes).toBe(30);
    expect(set.body.history).toEqual([
      { at: iso(t), description: 'Reality check every 30 minutes' },
      { at: iso(t), description: 'Daily play time limit set to 60 minutes' },
      { at: iso(t), description: 'Weekly loss limit set to R1,000.00' },
      { at: iso(t), description: 'Daily deposit limit set to R50.00' },
    ]);
    // Read again (another device): the same.
    expect((await limits(p.token)).body).toEqual(set.body);

    const theirs = await limits(other.token);
    expect(theirs.body.limits.deposit.day).toEqual(none);
    expect(theirs.body.reality_check_minutes).toBe(60);
    expect(theirs.body.history).toEqual([]);
    expect((await api(sb.url, 'GET', '/api/limits')).status).toBe(401);
    expect((await setLimits('not-a-token', { session_minutes: 60 })).status).toBe(401);
  });

  it('refuses bad values with a 422 naming each field', async () => {
    const p = await newPlayer(sb.url);
    const bad = await setLimits(p.token, {
      deposit: { day: 999, week: 12.5 },
      loss: { month: 100_000_001 },
      session_minutes: 20,
      reality_check_minutes: 45,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      'deposit.day': ['must be at least 1000 cents (R10.00)'],
      'deposit.week': ['must be a whole number of cents from 1000 to 100000000 (R10.00 to R1,000,000.00)'],
      'loss.month': ['must be at most 100000000 cents (R1,000,000.00)'],
      session_minutes: ['must be a multiple of 15 minutes'],
      reality_check_minutes: ['must be one of 15, 30, 60, 120'],
    });
    const more = await setLimits(p.token, { session_minutes: 1455, deposit: { year: 5000 }, loss: '50' });
    expect(more.status).toBe(422);
    expect(Object.keys(more.body.errors).sort()).toEqual(['deposit', 'loss', 'session_minutes']);
    expect((await setLimits(p.token, { deposit: { day: '5000' } })).body.errors['deposit.day']).toEqual([
      'must be a whole number of cents from 1000 to 100000000 (R10.00 to R1,000,000.00), or null to remove the limit',
    ]);
    // Nothing was kept.
    expect((await limits(p.token)).body.history).toEqual([]);
  });
});

describe('cooling-off', () => {
  it('lowers at once, waits 24 hours to raise or remove, and applies the pending change once its time has come', async () => {
    const t = await now();
    const p = await newPlayer(sb.url);
    await setLimits(p.token, { deposit: { day: 5000 } });

    const raised = await setLimits(p.token, { deposit: { day: 10_000 } });
    expect(raised.body.limits.deposit.day).toMatchObject({
      limit_cents: 5000,
      pending: { limit_cents: 10_000, effective_at: iso(t + DAY) },
    });
    expect(raised.body.history[0].description).toBe(
      `Daily deposit limit raise to R100.00 requested, effective ${jhb(t + DAY)}`,
    );
    // The current limit holds meanwhile.
    expect((await deposit(p.token, 60)).body.safer_gambling.code).toBe('deposit_limit_reached');

    // A later change replaces the pending one; lowering applies at once and drops it.
    await advance(60);
    const removal = await setLimits(p.token, { deposit: { day: null } });
    expect(removal.body.limits.deposit.day.pending).toEqual({
      limit_cents: null,
      effective_at: iso(t + 60 * MINUTE + DAY),
    });
    const lowered = await setLimits(p.token, { deposit: { day: 4000 } });
    expect(lowered.body.limits.deposit.day).toMatchObject({ limit_cents: 4000, pending: null });

    // Ask to remove it, then let a day pass: the next read applies it, with its own audit row at its time.
    const asked = await setLimits(p.token, { deposit: { day: null } });
    const effective = asked.body.limits.deposit.day.pending.effective_at;
    await advance(24 * 60 - 1);
    expect((await limits(p.token)).body.limits.deposit.day.limit_cents).toBe(4000);
    await advance(1);
    const after = await limits(p.token);
    expect(after.body.limits.deposit.day).toMatchObject({ limit_cents: null, pending: null });
    expect(after.body.history.map((h: any) => h.description)).toEqual([
      'Daily deposit limit removed',
      `Daily deposit limit removal requested, effective ${jhb(Date.parse(effective))}`,
      'Daily deposit limit lowered to R40.00',
      `Daily deposit limit removal requested, effective ${jhb(Date.parse(effective))}`,
      `Daily deposit limit raise to R100.00 requested, effective ${jhb(t + DAY)}`,
      'Daily deposit limit set to R50.00',
    ]);
    expect(after.body.history[0].at).toBe(effective);
    // Asking again for what is set changes nothing and writes nothing.
    await setLimits(p.token, { reality_check_minutes: 60 });
    expect((await limits(p.token)).body.history).toHaveLength(6);
  });
});

describe('deposit limits', () => {
  it('count pending and complete deposits on rolling windows, free a failed one, and refuse what does not fit', async () => {
    const t = await now();
    const p = await newPlayer(sb.url);
    await setLimits(p.token, { deposit: { day: 5000, week: 8000 } });

    const first = await deposit(p.token, 20);
    expect(first.status).toBe(200);
    const failed = await deposit(p.token, 15);
    await api(sb.url, 'POST', `/sandbox/pay/${failed.body.paymentId}/fail`);
    const day = (await limits(p.token)).body.limits.deposit.day;
    expect(day).toEqual({
      limit_cents: 5000,
      used_cents: 2000,
      remaining_cents: 3000,
      resets_at: iso(t + DAY),
      pending: null,
    });

    const over = await deposit(p.token, 40);
    expect(over.status).toBe(422);
    expect(over.body).toEqual({
      error: `This deposit would take you past your daily deposit limit of R50.00. You can deposit R30.00 more until ${jhb(t + DAY)}.`,
      safer_gambling: { code: 'deposit_limit_reached', period: 'day', resets_at: iso(t + DAY) },
    });
    const second = await deposit(p.token, 30);
    expect(second.status).toBe(200);
    const full = await deposit(p.token, 10);
    expect(full.body.error).toBe(
      `You have reached your daily deposit limit of R50.00. You can deposit again from ${jhb(t + DAY)}.`,
    );
    // Paid: an unpaid one would expire after the payment window (test/side-doors.test.ts) and stop counting.
    for (const d of [first, second]) await api(sb.url, 'POST', `/sandbox/pay/${d.body.paymentId}/confirm`);

    // A day later the day's window has rolled; the week's has not.
    await advance(24 * 60);
    const later = (await limits(p.token)).body.limits.deposit;
    expect(later.day).toMatchObject({ used_cents: 0, remaining_cents: 5000, resets_at: null });
    expect(later.week).toMatchObject({
      used_cents: 5000,
      remaining_cents: 3000,
      resets_at: iso(t + 7 * DAY),
    });
    const weekly = await deposit(p.token, 40);
    expect(weekly.body).toEqual({
      error: `This deposit would take you past your weekly deposit limit of R80.00. You can deposit R30.00 more until ${jhb(t + 7 * DAY)}.`,
      safer_gambling: { code: 'deposit_limit_reached', period: 'week', resets_at: iso(t + 7 * DAY) },
    });
    expect((await deposit(p.token, 30)).status).toBe(200);
  });
});

describe('loss limits', () => {
  it('refuse a cash stake past what is left, then play once the limit is used up, until the window rolls', async () => {
    const t = await now();
    const p = await newPlayer(sb.url);
    await credit(p.token, 200);
    await setLimits(p.token, { loss: { day: 1000 } });

    const tooBig = await spin(p.token, 10.01);
    expect(tooBig.body).toEqual({
      error: `This R10.01 stake could take you past your daily loss limit of R10.00, which has R10.00 left until ${jhb(t + DAY)}.`,
      safer_gambling: { code: 'loss_limit_reached', period: 'day', resets_at: iso(t + DAY) },
    });

    // Stake what is left until none is (a win gives some back, so it may take a few spins; a rare big win, 50× or
    // more, puts the losses that far back, so the bound is generous).
    let left = 1000;
    for (let i = 0; i < 400 && left >= 10; i++) {
      expect((await spin(p.token, left / 100)).status).toBe(200);
      left = (await limits(p.token)).body.limits.loss.day.remaining_cents;
    }
    expect(left).toBe(0);
    const loss = (await limits(p.token)).body.limits.loss.day;
    expect(loss).toMatchObject({ limit_cents: 1000, used_cents: 1000, remaining_cents: 0 });
    const message = `You have reached your daily loss limit of R10.00. You can play for real money again from ${jhb(Date.parse(loss.resets_at))}.`;
    const refused = await launch(p.token);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      error: message,
      safer_gambling: { code: 'loss_limit_reached', period: 'day', resets_at: loss.resets_at },
    });
    expect((await spin(p.token, 0.1)).body.error).toBe(message);
    // Demo play is never refused.
    expect((await api(sb.url, 'GET', `/api/games/${game.id}/1`)).status).toBe(200);

    await advance(24 * 60);
    expect((await launch(p.token)).status).toBe(200);
  });
  it('leave a bonus stake alone: it cannot lose the player’s own money', async () => {
    const p = await newPlayer(sb.url);
    // The welcome bonus is opt-in: this deposit takes it.
    const d = await api(sb.url, 'POST', '/api/deposit', {
      token: p.token,
      body: { gateway: 'eft', amount: 100, welcome_bonus: true },
    });
    await api(sb.url, 'POST', `/sandbox/pay/${d.body.paymentId}/confirm`);
    await setLimits(p.token, { loss: { day: 1000 } });
    // R100 comes from the R100 of cash: refused. R200 is more than the cash, so it comes from the R250 bonus.
    expect((await spin(p.token, 100)).body.safer_gambling.code).toBe('loss_limit_reached');
    const fromBonus = await spin(p.token, 200);
    expect(fromBonus.status).toBe(200);
    expect(fromBonus.body.wallet).toBe('bonus');
    expect((await limits(p.token)).body.limits.loss.day.used_cents).toBe(0);
  });
});

describe('play-time limit', () => {
  it('counts real play with gaps of at most 5 minutes and refuses a launch once the day’s minutes are used', async () => {
    const p = await newPlayer(sb.url);
    await credit(p.token, 50);
    await setLimits(p.token, { session_minutes: 15 });

    expect((await launch(p.token)).status).toBe(200);
    await advance(5);
    await spin(p.token, 0.1);
    await advance(5);
    await spin(p.token, 0.1);
    expect((await limits(p.token)).body.limits.session).toMatchObject({
      used_minutes: 10,
      remaining_minutes: 5,
    });
    // An hour away counts 5 minutes: they had stopped.
    await advance(60);
    await spin(p.token, 0.1);
    const t = await now();
    const session = (await limits(p.token)).body.limits.session;
    const midnight = Date.parse(session.resets_at);
    expect(jhb(midnight).endsWith(' 00:00')).toBe(true);
    expect(midnight - t).toBeGreaterThan(0);
    expect(midnight - t).toBeLessThanOrEqual(DAY);
    expect(session).toMatchObject({ limit_minutes: 15, used_minutes: 15, remaining_minutes: 0 });

    const refused = await launch(p.token);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      error: `You have reached your daily play time limit of 15 minutes. You can play for real money again from ${jhb(midnight)}.`,
      safer_gambling: { code: 'session_limit_reached', period: 'day', resets_at: iso(midnight) },
    });
    expect((await spin(p.token, 0.1)).body.safer_gambling.code).toBe('session_limit_reached');

    // A new Johannesburg day: play again.
    await advance(Math.ceil((midnight - t) / MINUTE));
    expect((await launch(p.token)).status).toBe(200);
  });
});

describe('the reality check', () => {
  const answer = (token: string, choice: unknown) =>
    api(sb.url, 'POST', '/api/realityCheck', { token, body: { choice } });
  /** Keeps playing for `minutes` (a multiple of 5): a spin every 5 minutes, so the session never lapses. */
  async function playFor(token: string, minutes: number) {
    for (let played = 0; played < minutes; played += 5) {
      await advance(5);
      expect((await spin(token, 0.1)).status).toBe(200);
    }
  }

  it('refuses spins and launches once the session has lasted the interval, until the player answers', async () => {
    const p = await newPlayer(sb.url);
    await credit(p.token, 50);
    await setLimits(p.token, { reality_check_minutes: 15 });
    const live = await listen(p.token, p.user.id);

    const started = await now();
    expect((await launch(p.token)).status).toBe(200);
    expect((await limits(p.token)).body.reality_check).toEqual({
      session_started_at: iso(started),
      next_check_at: iso(started + 15 * MINUTE),
      due: false,
      played_minutes: 0,
    });
    await playFor(p.token, 10);
    await advance(5);
    // 15 minutes since the launch: the casino pauses play, and says so on the live channel.
    const refused = await spin(p.token, 0.1);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error:
        'Reality check: you have been playing for 15 minutes. Choose to keep playing or stop before your next spin.',
      safer_gambling: { code: 'reality_check_due', period: null, resets_at: iso(started + 15 * MINUTE) },
    });
    expect(await live.nth(1)).toMatchObject({ reason: 'limit_reached', code: 'reality_check_due' });
    // Opening the game again does not get round it, nor does waiting a few minutes on the question.
    expect((await launch(p.token)).body.safer_gambling.code).toBe('reality_check_due');
    await advance(4);
    expect((await spin(p.token, 0.1)).status).toBe(403);
    expect((await limits(p.token)).body.reality_check).toMatchObject({ due: true, played_minutes: 19 });

    // Continue: play goes on, and the next check falls due an interval from the answer.
    const answered = await now();
    const continued = await answer(p.token, 'continue');
    expect(continued.status).toBe(200);
    expect(continued.body).toMatchObject({
      choice: 'continue',
      session_ended: false,
      answered: { session_started_at: iso(started), due: true },
      reality_check: {
        session_started_at: iso(started),
        next_check_at: iso(answered + 15 * MINUTE),
        due: false,
      },
    });
    await playFor(p.token, 10);
    await advance(5);
    expect((await spin(p.token, 0.1)).body.safer_gambling.code).toBe('reality_check_due');

    // Stop: the session ends; the next real-money moment starts a new one.
    const stopped = await answer(p.token, 'stop');
    expect(stopped.body).toMatchObject({ choice: 'stop', session_ended: true, reality_check: null });
    expect((await limits(p.token)).body.reality_check).toBeNull();
    const restarted = await now();
    expect((await spin(p.token, 0.1)).status).toBe(200);
    expect((await limits(p.token)).body.reality_check).toMatchObject({
      session_started_at: iso(restarted),
      due: false,
    });
  });

  it('starts a new session after a pause of more than 5 minutes, never refuses demo play, and checks the answer', async () => {
    const p = await newPlayer(sb.url);
    await credit(p.token, 50);
    await setLimits(p.token, { reality_check_minutes: 15 });
    expect((await launch(p.token)).status).toBe(200);
    await playFor(p.token, 10);
    // Away for 20 minutes: they had stopped, so this spin begins a new session rather than meeting the check.
    await advance(20);
    expect((await spin(p.token, 0.1)).status).toBe(200);
    await playFor(p.token, 10);
    await advance(5);
    expect((await spin(p.token, 0.1)).status).toBe(403);
    const demo = await api(sb.url, 'POST', '/sandbox/spin', {
      body: { gameCode: game.game_code, stake: 0.1, demo: true },
    });
    expect(demo.status).toBe(200);

    expect((await answer(p.token, 'later')).status).toBe(422);
    expect((await api(sb.url, 'POST', '/api/realityCheck', { body: { choice: 'stop' } })).status).toBe(401);
    // Another player has no session: their answer changes nothing.
    const other = await newPlayer(sb.url);
    expect((await answer(other.token, 'continue')).body).toMatchObject({
      session_ended: false,
      answered: null,
      reality_check: null,
    });
    expect((await spin(p.token, 0.1)).status).toBe(403);
  });
});

describe('the live channel', () => {
  it('hears every change and every refusal', async () => {
    const p = await newPlayer(sb.url);
    const live = await listen(p.token, p.user.id);
    await setLimits(p.token, { deposit: { month: 1000 } });
    expect(await live.nth(1)).toEqual({ reason: 'changed', code: null, message: null, resets_at: null });
    const refused = await deposit(p.token, 20);
    expect(await live.nth(2)).toEqual({
      reason: 'limit_reached',
      code: 'deposit_limit_reached',
      message: refused.body.error,
      resets_at: refused.body.safer_gambling.resets_at,
    });
  });
});

describe('the sandbox clock', () => {
  it('only moves forward, by whole minutes', async () => {
    const t = await now();
    const moved = await advance(90);
    expect(moved.body).toEqual({ now: iso(t + 90 * MINUTE) });
    expect((await advance(0)).status).toBe(422);
    expect((await advance(1.5)).body.errors.advance_minutes).toEqual(['must be a whole number of minutes']);
    expect(await now()).toBe(t + 90 * MINUTE);
  });
});
