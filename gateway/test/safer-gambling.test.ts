/**
 * Safer gambling through the gateway, against the real sandbox (docs/rules.md#safer-gambling): the tools as a player
 * sets and reads them, the casino's refusals as their own error codes with when they end, the live event, the session
 * a self-exclusion ends, a tool that cannot be read failing alone, and input refused before the casino is asked.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatJohannesburg } from '../src/domain/time.js';
import { toGlobalId } from '../src/relay.js';
import {
  addPayoutAccount,
  credit,
  liveClient,
  sandboxPost,
  signUp,
  startStack,
  subscribe,
  type Stack,
} from './harness.js';

let stack: Stack;
let gameCode: string;
beforeAll(async () => {
  stack = await startStack();
  const games = await stack.gql('{ games(first: 1) { edges { node { code } } } }');
  gameCode = games.data.games.edges[0].node.code;
});
afterAll(() => stack.close());
afterEach(async () => {
  await fetch(`${stack.sandbox.url}/sandbox/faults`, { method: 'DELETE' });
});

const LIMIT =
  'period limit { amount } used { amount } remaining { amount } resetsAt pending { limit { amount } effectiveAt }';
const TOOLS = `
  depositLimits { day { ${LIMIT} } week { ${LIMIT} } month { ${LIMIT} } }
  lossLimits { day { ${LIMIT} } week { ${LIMIT} } month { ${LIMIT} } }
  sessionLimit { limitMinutes usedMinutes remainingMinutes resetsAt pending { limitMinutes effectiveAt } }
  realityCheckMinutes realityCheckChoices
  restriction { kind startedAt endsAt }
  history(first: 5) { at description }`;
const PAYLOAD = `safeGambling { ${TOOLS} } viewer { id safeGambling { ${TOOLS} } } clientMutationId`;
const SET_MONEY = `mutation($input: SetMoneyLimitInput!) { setMoneyLimit(input: $input) { ${PAYLOAD} } }`;
const SET_SESSION = `mutation($input: SetSessionLimitInput!) { setSessionLimit(input: $input) { ${PAYLOAD} } }`;
const SET_REALITY = `mutation($input: SetRealityCheckInput!) { setRealityCheck(input: $input) { ${PAYLOAD} } }`;
const BREAK = `mutation($input: TakeABreakInput!) { takeABreak(input: $input) { ${PAYLOAD} } }`;
const EXCLUDE = `mutation($input: SelfExcludeInput!) { selfExclude(input: $input) {
  restriction { kind startedAt endsAt }
  payout { id status amount { amount } payoutAccount { maskedNumber } }
  clientMutationId } }`;
const DEPOSIT = `mutation($input: DepositInput!) { deposit(input: $input) { paymentId status } }`;
const LAUNCH = `mutation($code: String!) { launchGame(input: { code: $code, demo: false }) { url } }`;
const DEMO = `mutation($code: String!) { launchGame(input: { code: $code, demo: true }) { url } }`;
const REDEEM = `mutation { redeemCoupon(input: { code: "WELCOME100" }) { coupon { code } } }`;
const JOIN = `mutation($id: ID!) { joinTournament(input: { tournamentId: $id }) { tournament { id } } }`;
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { token } }`;

const HOUR = 60 * 60_000;
let keys = 0;
const deposit = (token: string, amount: string) =>
  stack.gql(
    DEPOSIT,
    { input: { gateway: 'CAPITEC', amount, idempotencyKey: `sg-${Date.now()}-${++keys}` } },
    { token },
  );
const tools = async (token: string) =>
  (await stack.gql(`{ viewer { safeGambling { ${TOOLS} } } }`, {}, { token })).data.viewer.safeGambling;
/** Milliseconds from now to an instant the casino gave. */
const fromNow = (iso: string) => new Date(iso).getTime() - Date.now();

/** The one error of a refused result, with its code, message and extensions. */
function refusal(res: { data: any; errors?: any[] }) {
  expect(res.errors).toHaveLength(1);
  return res.errors![0];
}

describe('the tools', () => {
  it('sets a deposit limit at once, holds a raise for 24 hours, and shows both in the payload and the viewer', async () => {
    const { token } = await signUp(stack, 'Thandi Limits');
    const first = await stack.gql(
      SET_MONEY,
      { input: { kind: 'DEPOSIT', period: 'DAY', amount: '50.00', clientMutationId: 'm1' } },
      { token },
    );
    expect(first.errors).toBeUndefined();
    const set = first.data.setMoneyLimit;
    expect(set.clientMutationId).toBe('m1');
    expect(set.safeGambling.depositLimits.day).toEqual({
      period: 'DAY',
      limit: { amount: '50.00' },
      used: { amount: '0.00' },
      remaining: { amount: '50.00' },
      resetsAt: null,
      pending: null,
    });
    expect(set.safeGambling.depositLimits.week.limit).toBeNull();
    expect(set.safeGambling.lossLimits.day.limit).toBeNull();
    expect(set.viewer.safeGambling).toEqual(set.safeGambling);
    expect(set.safeGambling.history[0].description).toBe('Daily deposit limit set to R50.00');

    // A pending deposit counts: R20.00 used, R30.00 left, resetting a day after it.
    expect((await deposit(token, '20.00')).errors).toBeUndefined();
    const used = (await tools(token)).depositLimits.day;
    expect(used).toMatchObject({ used: { amount: '20.00' }, remaining: { amount: '30.00' } });
    expect(fromNow(used.resetsAt)).toBeGreaterThan(23.9 * HOUR);
    expect(fromNow(used.resetsAt)).toBeLessThanOrEqual(24 * HOUR);

    // Raising waits out the cooling-off: R50.00 still holds.
    const raised = (
      await stack.gql(SET_MONEY, { input: { kind: 'DEPOSIT', period: 'DAY', amount: '100' } }, { token })
    ).data.setMoneyLimit.safeGambling.depositLimits.day;
    expect(raised.limit).toEqual({ amount: '50.00' });
    expect(raised.pending.limit).toEqual({ amount: '100.00' });
    expect(fromNow(raised.pending.effectiveAt)).toBeGreaterThan(23.9 * HOUR);
    expect(fromNow(raised.pending.effectiveAt)).toBeLessThanOrEqual(24 * HOUR);

    // Removing is a pending change to no limit; lowering applies at once and drops what was pending.
    const removed = (
      await stack.gql(SET_MONEY, { input: { kind: 'DEPOSIT', period: 'DAY', amount: null } }, { token })
    ).data.setMoneyLimit.safeGambling.depositLimits.day;
    expect(removed).toMatchObject({ limit: { amount: '50.00' }, pending: { limit: null } });
    const lowered = (
      await stack.gql(SET_MONEY, { input: { kind: 'LOSS', period: 'WEEK', amount: '500.00' } }, { token })
    ).data.setMoneyLimit.safeGambling;
    expect(lowered.lossLimits.week).toMatchObject({ limit: { amount: '500.00' }, pending: null });
    expect(lowered.history.map((h: any) => h.description)).toContain('Weekly loss limit set to R500.00');
  });

  it('sets the daily play time and the reality check, which follow the player to another session', async () => {
    const player = await signUp(stack, 'Sipho Clock');
    const session = await stack.gql(SET_SESSION, { input: { minutes: 60 } }, { token: player.token });
    expect(session.errors).toBeUndefined();
    const limit = session.data.setSessionLimit.safeGambling.sessionLimit;
    expect(limit).toMatchObject({ limitMinutes: 60, usedMinutes: 0, remainingMinutes: 60, pending: null });
    // The next Johannesburg midnight.
    expect(formatJohannesburg(new Date(limit.resetsAt))).toMatch(/ 00:00$/);
    expect(fromNow(limit.resetsAt)).toBeGreaterThan(0);
    expect(fromNow(limit.resetsAt)).toBeLessThanOrEqual(24 * HOUR);

    const reality = await stack.gql(SET_REALITY, { input: { minutes: 30 } }, { token: player.token });
    expect(reality.errors).toBeUndefined();
    expect(reality.data.setRealityCheck.safeGambling).toMatchObject({
      realityCheckMinutes: 30,
      realityCheckChoices: [15, 30, 60, 120],
    });
    const second = await stack.gql(LOGIN, { input: { email: player.email, password: player.password } });
    const elsewhere = await tools(second.data.login.token);
    expect(elsewhere.realityCheckMinutes).toBe(30);
    expect(elsewhere.sessionLimit.limitMinutes).toBe(60);
    expect(elsewhere.history.map((h: any) => h.description)).toContain('Reality check every 30 minutes');
  });

  it('gives the activity statement and the reality check summary of real-money play', async () => {
    const { token } = await signUp(stack, 'Lerato Statement');
    await credit(stack, token, '100.00');
    expect((await stack.gql(LAUNCH, { code: gameCode }, { token })).errors).toBeUndefined();
    const spin = await sandboxPost(stack, '/sandbox/spin', { gameCode, stake: '5.00' }, token);
    expect(spin).toBeTruthy();
    const since = new Date(Date.now() - HOUR).toISOString();
    const res = await stack.gql(
      `query($since: DateTime!) { viewer {
        activity(period: DAY, first: 2) { start end label openingCash { cents } deposits { cents }
          refunds { cents } withdrawals { cents } stakes { amount } wins { cents } buyIns { cents }
          prizes { amount } chestRewards { cents } bonusReleases { cents } net { cents } closingCash { cents }
          minutesPlayed }
        month: activity(period: MONTH, first: 1) { label stakes { amount } }
        playSummary(since: $since) { since minutesPlayed staked { amount } won { cents } net { cents } }
      } }`,
      { since },
      { token },
    );
    expect(res.errors).toBeUndefined();
    const { activity, month, playSummary } = res.data.viewer;
    expect(activity).toHaveLength(2);
    const today = activity[0];
    expect(today.stakes).toEqual({ amount: '5.00' });
    // The test credit is cash the casino paid (a prize); the net is the result of play, and the cash reconciles.
    expect(today.prizes).toEqual({ amount: '100.00' });
    expect(today).toMatchObject({
      buyIns: { cents: 0 },
      chestRewards: { cents: 0 },
      bonusReleases: { cents: 0 },
    });
    expect(today.net.cents).toBe(today.wins.cents + 10_000 - 500);
    expect(today.closingCash.cents).toBe(
      today.openingCash.cents +
        today.deposits.cents -
        today.refunds.cents -
        today.withdrawals.cents +
        today.net.cents,
    );
    const wallet = await stack.gql('{ viewer { wallet { money { cents } } } }', {}, { token });
    expect(today.closingCash.cents).toBe(wallet.data.viewer.wallet.money.cents);
    expect(today.label).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(formatJohannesburg(new Date(today.start))).toMatch(/ 00:00$/);
    expect(new Date(today.end).getTime() - new Date(today.start).getTime()).toBe(24 * HOUR);
    expect(activity[1].end).toBe(today.start);
    expect(month[0].label).toMatch(/^[A-Z][a-z]+ \d{4}$/);
    expect(month[0].stakes).toEqual({ amount: '5.00' });
    expect(playSummary).toMatchObject({ staked: { amount: '5.00' } });
    expect(playSummary.net.cents).toBe(playSummary.won.cents - 500);
    expect(new Date(playSummary.since).toISOString()).toBe(since);
  });
});

describe("the casino's refusals", () => {
  it('refuses a deposit past a deposit limit with DEPOSIT_LIMIT_REACHED, what is left and when', async () => {
    const { token } = await signUp(stack, 'Ayanda Deposit');
    await stack.gql(SET_MONEY, { input: { kind: 'DEPOSIT', period: 'DAY', amount: '50.00' } }, { token });
    expect((await deposit(token, '20.00')).errors).toBeUndefined();
    const error = refusal(await deposit(token, '100.00'));
    expect(error.extensions.code).toBe('DEPOSIT_LIMIT_REACHED');
    expect(error.extensions.period).toBe('DAY');
    expect(error.path).toEqual(['deposit']);
    const resetsAt = error.extensions.resetsAt as string;
    expect(fromNow(resetsAt)).toBeGreaterThan(23.9 * HOUR);
    expect(error.message).toBe(
      `This deposit would take you past your daily deposit limit of R50.00. You can deposit R30.00 more until ${formatJohannesburg(new Date(resetsAt))}.`,
    );
    // What fits still goes through.
    expect((await deposit(token, '30.00')).errors).toBeUndefined();
  });

  it('refuses real play at a loss limit with LOSS_LIMIT_REACHED; demo play goes on', async () => {
    // A player whose one R10.00 spin lost it all against a R10.00 daily loss limit. The spins are the casino's own
    // (random): a spin that wins anything back leaves some of the limit, so that player is set aside for a new one.
    const losing = async () => {
      for (let attempt = 0; attempt < 30; attempt++) {
        const { token } = await signUp(stack, 'Kagiso Loss');
        await credit(stack, token, '20.00');
        await stack.gql(SET_MONEY, { input: { kind: 'LOSS', period: 'DAY', amount: '10.00' } }, { token });
        await sandboxPost(stack, '/sandbox/spin', { gameCode, stake: '10.00' }, token);
        if ((await tools(token)).lossLimits.day.remaining.amount === '0.00') return token;
      }
      throw new Error('no R10.00 spin lost in 30 tries');
    };
    const token = await losing();
    const error = refusal(await stack.gql(LAUNCH, { code: gameCode }, { token }));
    expect(error.extensions).toMatchObject({ code: 'LOSS_LIMIT_REACHED', period: 'DAY' });
    expect(fromNow(error.extensions.resetsAt)).toBeGreaterThan(23.9 * HOUR);
    expect(error.message).toBe(
      `You have reached your daily loss limit of R10.00. You can play for real money again from ${formatJohannesburg(new Date(error.extensions.resetsAt))}.`,
    );
    expect((await stack.gql(DEMO, { code: gameCode }, { token })).errors).toBeUndefined();
  });

  it('refuses a tournament buy-in past a loss limit with LOSS_LIMIT_REACHED, and counts one that fits', async () => {
    const open = await stack.gql(
      '{ tournaments(stages: [REGISTERING, LATE_REGISTRATION]) { edges { node { id buyIn { amount cents } } } } }',
    );
    const t = open.data.tournaments.edges.map((e: any) => e.node).find((n: any) => n.buyIn?.cents > 0);
    expect(t).toBeDefined();
    const buyIn = t.buyIn.cents as number;
    const rands = (cents: number) => (cents / 100).toFixed(2);

    const { token } = await signUp(stack, 'Sipho Buy-in');
    await credit(stack, token, '500.00');
    await stack.gql(
      SET_MONEY,
      { input: { kind: 'LOSS', period: 'DAY', amount: rands(buyIn - 100) } },
      { token },
    );
    const error = refusal(await stack.gql(JOIN, { id: t.id }, { token }));
    expect(error.path).toEqual(['joinTournament']);
    expect(error.extensions).toMatchObject({ code: 'LOSS_LIMIT_REACHED', period: 'DAY' });
    expect(error.message).toBe(
      `This R${rands(buyIn)} buy-in could take you past your daily loss limit of R${rands(buyIn - 100)}, which has R${rands(buyIn - 100)} left until ${formatJohannesburg(new Date(error.extensions.resetsAt))}.`,
    );
    const still = await stack.gql('{ viewer { wallet { money { amount } } } }', {}, { token });
    expect(still.data.viewer.wallet.money).toEqual({ amount: '500.00' });

    // Lowering is at once; with room for it the buy-in goes through and is a loss the limit counts.
    const other = await signUp(stack, 'Lerato Buy-in');
    await credit(stack, other.token, '500.00');
    await stack.gql(
      SET_MONEY,
      { input: { kind: 'LOSS', period: 'WEEK', amount: rands(buyIn + 1000) } },
      { token: other.token },
    );
    expect((await stack.gql(JOIN, { id: t.id }, { token: other.token })).errors).toBeUndefined();
    expect((await tools(other.token)).lossLimits.week).toMatchObject({
      used: { amount: rands(buyIn) },
      remaining: { amount: '10.00' },
    });
  });

  it('returns a deposit paid during a break: REFUNDED, a pair of rows, the balance unchanged, the player told', async () => {
    const { token } = await signUp(stack, 'Naledi Refund');
    await credit(stack, token, '40.00');
    const started = await stack.gql(
      `mutation($input: DepositInput!) { deposit(input: $input) { paymentId provider redirectUrl } }`,
      { input: { gateway: 'CAPITEC', amount: '60.00', idempotencyKey: `sg-refund-${Date.now()}` } },
      { token },
    );
    expect(started.errors).toBeUndefined();
    const { paymentId, redirectUrl } = started.data.deposit;
    expect((await stack.gql(BREAK, { input: { length: 'HOURS_24' } }, { token })).errors).toBeUndefined();
    await fetch(`${redirectUrl}/confirm`, { method: 'POST', headers: { accept: 'application/json' } });

    const read = await stack.gql(
      `query($p: String!, $id: String!) { viewer {
        depositStatus(provider: $p, paymentId: $id) { status amount { amount } failureReason }
        wallet { money { amount } }
        transactions(first: 5, types: [DEPOSIT]) { edges { node { amount { amount } status title } } }
        notifications(first: 1) { edges { node { type subject } } } } }`,
      { p: started.data.deposit.provider.toLowerCase(), id: paymentId },
      { token },
    );
    expect(read.errors).toBeUndefined();
    const viewer = read.data.viewer;
    expect(viewer.depositStatus).toEqual({
      status: 'REFUNDED',
      amount: { amount: '60.00' },
      failureReason: null,
    });
    expect(viewer.wallet.money).toEqual({ amount: '40.00' });
    expect(viewer.transactions.edges.map((e: any) => e.node)).toEqual([
      { amount: { amount: '-60.00' }, status: 'REFUNDED', title: expect.stringMatching(/^Deposit returned/) },
      { amount: { amount: '60.00' }, status: 'REFUNDED', title: expect.stringMatching(/^Deposit( ·|$)/) },
    ]);
    // The casino's deposit_refunded, named by the schema, with the casino's own words.
    expect(viewer.notifications.edges[0].node).toEqual({
      type: 'DEPOSIT_REFUNDED',
      subject: 'Deposit returned',
    });
  });

  it('refuses real play past the play-time limit with SESSION_LIMIT_REACHED until midnight', async () => {
    // Play time is counted per Johannesburg calendar day: within the last half hour of one, the fifteen minutes below
    // would cross midnight, so the casino's clock is moved to the new day first.
    const clock = (await (await fetch(`${stack.sandbox.url}/sandbox/clock`)).json()) as { now: string };
    const johannesburgMinutes = (Date.parse(clock.now) / 60_000 + 120) % (24 * 60);
    if (johannesburgMinutes > 23 * 60 + 30) {
      await sandboxPost(stack, '/sandbox/clock', {
        advance_minutes: Math.ceil(24 * 60 - johannesburgMinutes) + 1,
      });
    }
    const { token } = await signUp(stack, 'Zanele Time');
    await credit(stack, token, '100.00');
    await stack.gql(SET_SESSION, { input: { minutes: 15 } }, { token });
    // Fifteen minutes of play: a launch and a spin every five minutes of the casino's clock.
    expect((await stack.gql(LAUNCH, { code: gameCode }, { token })).errors).toBeUndefined();
    for (let i = 0; i < 3; i++) {
      await sandboxPost(stack, '/sandbox/clock', { advance_minutes: 5 });
      await sandboxPost(stack, '/sandbox/spin', { gameCode, stake: '0.10' }, token);
    }
    const error = refusal(await stack.gql(LAUNCH, { code: gameCode }, { token }));
    // A daily limit: its period is DAY.
    expect(error.extensions).toMatchObject({ code: 'SESSION_LIMIT_REACHED', period: 'DAY' });
    const resetsAt = formatJohannesburg(new Date(error.extensions.resetsAt));
    expect(resetsAt).toMatch(/ 00:00$/);
    expect(error.message).toBe(
      `You have reached your daily play time limit of 15 minutes. You can play for real money again from ${resetsAt}.`,
    );
  });

  it('pauses real play with REALITY_CHECK_DUE once the session lasts the interval, until answerRealityCheck', async () => {
    const { token } = await signUp(stack, 'Ruth Reality');
    await credit(stack, token, '100.00');
    await stack.gql(SET_REALITY, { input: { minutes: 15 } }, { token });
    const live = subscribe(
      liveClient(stack, token),
      `subscription { viewerEvents(catchUp: true) { name ... on SafeGamblingEvent { reason code message } } }`,
    );
    await live.next((r) => r.data?.viewerEvents.name === 'snapshot');
    const CHECK = 'realityCheck { sessionStartedAt nextCheckAt due playedMinutes }';
    const ANSWER = `mutation($input: AnswerRealityCheckInput!) { answerRealityCheck(input: $input) {
      sessionEnded answered { sessionStartedAt due } safeGambling { ${CHECK} } viewer { id } clientMutationId } }`;
    const spin = async () =>
      (
        await fetch(`${stack.sandbox.url}/sandbox/spin`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ gameCode, stake: '0.10' }),
        })
      ).status;

    expect((await stack.gql(LAUNCH, { code: gameCode }, { token })).errors).toBeUndefined();
    const check = (await stack.gql(`{ viewer { safeGambling { ${CHECK} } } }`, {}, { token })).data.viewer
      .safeGambling.realityCheck;
    expect(check).toMatchObject({ due: false, playedMinutes: 0 });
    expect(Date.parse(check.nextCheckAt) - Date.parse(check.sessionStartedAt)).toBe(15 * 60_000);
    // Play without a pause (a pause of more than 5 minutes would end the session): a spin every 4 minutes.
    for (let i = 0; i < 3; i++) {
      await sandboxPost(stack, '/sandbox/clock', { advance_minutes: 4 });
      expect(await spin()).toBe(200);
    }
    await sandboxPost(stack, '/sandbox/clock', { advance_minutes: 3 });
    // The spin is refused inside the game; the live channel says so, and a launch is refused with the code.
    expect(await spin()).toBe(403);
    const announced = await live.next((r) => r.data?.viewerEvents.reason === 'LIMIT_REACHED');
    expect(announced.data.viewerEvents).toMatchObject({ code: 'REALITY_CHECK_DUE' });
    const error = refusal(await stack.gql(LAUNCH, { code: gameCode }, { token }));
    expect(error.extensions).toEqual({ code: 'REALITY_CHECK_DUE', resetsAt: check.nextCheckAt });
    expect(error.message).toBe(
      'Reality check: you have been playing for 15 minutes. Choose to keep playing or stop before your next spin.',
    );

    const continued = await stack.gql(
      ANSWER,
      { input: { choice: 'CONTINUE', clientMutationId: 'r1' } },
      { token },
    );
    expect(continued.errors).toBeUndefined();
    expect(continued.data.answerRealityCheck).toMatchObject({
      sessionEnded: false,
      answered: { sessionStartedAt: check.sessionStartedAt, due: true },
      safeGambling: { realityCheck: { sessionStartedAt: check.sessionStartedAt, due: false } },
      clientMutationId: 'r1',
    });
    expect(await spin()).toBe(200);

    const stopped = await stack.gql(ANSWER, { input: { choice: 'STOP' } }, { token });
    expect(stopped.data.answerRealityCheck).toMatchObject({
      sessionEnded: true,
      safeGambling: { realityCheck: null },
    });
    const bad = await stack.gql(ANSWER, { input: { choice: 'LATER' } }, { token });
    expect(bad.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    const guest = await stack.gql(ANSWER, { input: { choice: 'STOP' } });
    expect(guest.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    live.stop();
  });

  it('refuses deposits, real launches, coupons and tournament joins during a break with TAKING_A_BREAK; the live channel tells', async () => {
    const { token } = await signUp(stack, 'Bongani Break');
    await credit(stack, token, '100.00');
    const live = subscribe(
      liveClient(stack, token),
      `subscription { viewerEvents(catchUp: true) { name
        ... on SafeGamblingEvent { reason code message resetsAt viewer { safeGambling { restriction { kind } } } } } }`,
    );
    await live.next((r) => r.data?.viewerEvents.name === 'snapshot');

    const res = await stack.gql(BREAK, { input: { length: 'HOURS_24', clientMutationId: 'b1' } }, { token });
    expect(res.errors).toBeUndefined();
    const { restriction } = res.data.takeABreak.safeGambling;
    expect(restriction.kind).toBe('BREAK');
    expect(new Date(restriction.endsAt).getTime() - new Date(restriction.startedAt).getTime()).toBe(
      24 * HOUR,
    );
    expect(res.data.takeABreak.viewer.safeGambling.restriction).toEqual(restriction);
    const changed = await live.next((r) => r.data?.viewerEvents.name === 'saferGambling');
    expect(changed.data.viewerEvents).toEqual({
      name: 'saferGambling',
      reason: 'CHANGED',
      code: null,
      message: null,
      resetsAt: null,
      viewer: { safeGambling: { restriction: { kind: 'BREAK' } } },
    });

    const message = `You are taking a break until ${formatJohannesburg(new Date(restriction.endsAt))}. Deposits and real-money play are paused until then.`;
    const refusals = [
      await deposit(token, '50.00'),
      await stack.gql(LAUNCH, { code: gameCode }, { token }),
      await stack.gql(REDEEM, {}, { token }),
      await stack.gql(JOIN, { id: toGlobalId('Tournament', 1) }, { token }),
    ];
    for (const refused of refusals) {
      const error = refusal(refused);
      expect(error.extensions).toEqual({ code: 'TAKING_A_BREAK', resetsAt: restriction.endsAt });
      expect(error.message).toBe(message);
    }
    const announced = await live.next((r) => r.data?.viewerEvents.reason === 'LIMIT_REACHED');
    expect(announced.data.viewerEvents).toMatchObject({
      code: 'TAKING_A_BREAK',
      message,
      resetsAt: restriction.endsAt,
    });
    // The balance and the demo games stay.
    const still = await stack.gql('{ viewer { wallet { money { amount } } } }', {}, { token });
    expect(still.data.viewer.wallet.money).toEqual({ amount: '100.00' });
    expect((await stack.gql(DEMO, { code: gameCode }, { token })).errors).toBeUndefined();
    live.stop();
  });

  it('self-exclusion pays out the cash, ends the session everywhere and refuses sign-in with SELF_EXCLUDED', async () => {
    const player = await signUp(stack, 'Naledi Exclude');
    await credit(stack, player.token, '150.00');
    await addPayoutAccount(stack, player.token, 'Naledi Exclude');
    const live = subscribe(
      liveClient(stack, player.token),
      'subscription { viewerEvents(catchUp: true) { name } }',
    );
    await live.next((r) => r.data?.viewerEvents.name === 'snapshot');
    // The same player signed in on a second device.
    const second = await stack.gql(LOGIN, { input: { email: player.email, password: player.password } });
    const secondToken = second.data.login.token as string;
    const secondLive = subscribe(
      liveClient(stack, secondToken),
      'subscription { viewerEvents(catchUp: true) { name } }',
    );
    await secondLive.next((r) => r.data?.viewerEvents.name === 'snapshot');

    const res = await stack.gql(
      EXCLUDE,
      { input: { length: 'MONTHS_6', confirm: true, clientMutationId: 'x1' } },
      { token: player.token },
    );
    expect(res.errors).toBeUndefined();
    const { restriction, payout, clientMutationId } = res.data.selfExclude;
    expect(clientMutationId).toBe('x1');
    expect(restriction.kind).toBe('SELF_EXCLUSION');
    expect(new Date(restriction.endsAt).getTime() - new Date(restriction.startedAt).getTime()).toBe(
      182 * 24 * HOUR,
    );
    expect(payout).toMatchObject({
      status: 'PENDING',
      amount: { amount: '150.00' },
      payoutAccount: { maskedNumber: '····1234' },
    });

    // The token is dead: its subscription ends and its requests are refused; the second device's session too, saying why.
    const last = await live.next((r) => Boolean(r.errors), 2000);
    expect(last.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(await live.ended).toEqual({});
    const after = await stack.gql('{ viewer { id } }', {}, { token: player.token });
    expect(after.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    // The other device's live updates end at once, not at the next periodic check of its session.
    expect((await secondLive.next((r) => Boolean(r.errors), 2000)).errors[0].extensions.code).toBe(
      'UNAUTHENTICATED',
    );
    const elsewhere = await stack.gql('{ viewer { id } }', {}, { token: secondToken });
    expect(elsewhere.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED', reason: 'self_excluded' });

    const login = await stack.gql(LOGIN, { input: { email: player.email, password: player.password } });
    const error = refusal(login);
    expect(error.extensions).toEqual({ code: 'SELF_EXCLUDED', resetsAt: restriction.endsAt });
    expect(error.message).toBe(
      `You have excluded yourself from PlayLive until ${formatJohannesburg(new Date(restriction.endsAt))}. You cannot sign in, deposit or play before then.`,
    );
    expect(login.data).toBeNull();
    // A wrong password is still just a wrong password.
    const wrong = await stack.gql(LOGIN, { input: { email: player.email, password: 'not-the-password' } });
    expect(refusal(wrong).extensions.code).toBe('BAD_USER_INPUT');
  });
});

describe('partial failure', () => {
  it('nulls only safeGambling (UPSTREAM_UNAVAILABLE at its path) when the limits cannot be read', async () => {
    const { token } = await signUp(stack, 'Partial Limits');
    const fault = await fetch(`${stack.sandbox.url}/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'GET', path: '/api/limits', status: 500 }),
    });
    expect(fault.status).toBe(201);
    const res = await stack.gql(
      `{ viewer { id account { name } wallet { money { amount } } safeGambling { realityCheckMinutes } } }`,
      {},
      { token },
    );
    expect(res.data.viewer).toMatchObject({
      account: { name: 'Partial Limits' },
      wallet: { money: { amount: '0.00' } },
      safeGambling: null,
    });
    expect(res.errors).toHaveLength(1);
    expect(res.errors![0]).toMatchObject({
      path: ['viewer', 'safeGambling'],
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
  });
});

describe('input refused before the casino is asked', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await signUp(stack, 'Bad Input'));
  });

  const cases: [string, string, Record<string, unknown>, string, string][] = [
    [
      'a limit below R10.00',
      SET_MONEY,
      { kind: 'DEPOSIT', period: 'DAY', amount: '9.99' },
      'amount',
      'A limit must be from R10.00 to R1,000,000.00.',
    ],
    [
      'a limit above R1,000,000.00',
      SET_MONEY,
      { kind: 'LOSS', period: 'MONTH', amount: '1000000.01' },
      'amount',
      'A limit must be from R10.00 to R1,000,000.00.',
    ],
    [
      'a limit that is not an amount',
      SET_MONEY,
      { kind: 'DEPOSIT', period: 'WEEK', amount: 'R50' },
      'amount',
      'amount must be an amount in rands, for example 50.00.',
    ],
    [
      'play time off the 15-minute steps',
      SET_SESSION,
      { minutes: 20 },
      'minutes',
      'A play time limit must be from 15 to 1,440 minutes, in steps of 15.',
    ],
    [
      'play time over a day',
      SET_SESSION,
      { minutes: 1455 },
      'minutes',
      'A play time limit must be from 15 to 1,440 minutes, in steps of 15.',
    ],
    [
      'a reality check that is not a choice',
      SET_REALITY,
      { minutes: 45 },
      'minutes',
      'A reality check can be every 15, 30, 60, 120 minutes.',
    ],
    [
      'an exclusion not confirmed',
      EXCLUDE,
      { length: 'YEAR_1', confirm: false },
      'confirm',
      'Please confirm that you understand this cannot be undone before it ends.',
    ],
  ];
  it.each(cases)(
    'refuses %s with BAD_USER_INPUT naming the field',
    async (_what, mutation, input, field, message) => {
      const res = await stack.gql(mutation, { input }, { token });
      const error = refusal(res);
      expect(error.message).toBe(message);
      expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { [field]: [message] } });
      expect(res.extensions.upstreamCalls).toEqual([]);
    },
  );

  it('refuses a summary from more than a day ago and a statement of more than 100 periods', async () => {
    const res = await stack.gql(
      `query($since: DateTime!) { viewer { id playSummary(since: $since) { minutesPlayed } activity(period: WEEK, first: 101) { label } } }`,
      { since: new Date(Date.now() - 25 * HOUR).toISOString() },
      { token },
    );
    expect(res.data.viewer).toMatchObject({ playSummary: null, activity: null });
    const byPath = Object.fromEntries(res.errors!.map((e: any) => [e.path.join('.'), e]));
    expect(byPath['viewer.playSummary']).toMatchObject({
      message: 'since must be within the last 24 hours.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(byPath['viewer.activity']).toMatchObject({
      message: 'first must be from 1 to 100.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('refuses a guest with UNAUTHENTICATED', async () => {
    const res = await stack.gql(BREAK, { input: { length: 'DAYS_7' } });
    expect(refusal(res).extensions.code).toBe('UNAUTHENTICATED');
  });
});
