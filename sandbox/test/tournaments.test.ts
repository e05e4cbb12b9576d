import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { balanceCents, post } from '../src/domain/ledger.js';
import {
  addTournamentPoints,
  completesInSeconds,
  newEntryId,
  pointsForStake,
  tournamentIdForGame,
  tournamentStage,
  type StageTimes,
  type TournamentStage,
} from '../src/domain/tournaments.js';
import { publicName } from '../src/domain/public-names.js';
import { api, newPlayer, startSandbox } from './harness.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const ANCHOR = Date.UTC(2025, 5, 13, 10, 0, 0);
let nowMs = ANCHOR;
const setNow = (offsetMs: number) => {
  nowMs = ANCHOR + offsetMs;
};

let sb: Awaited<ReturnType<typeof startSandbox>>;
const published: { channel: string; event: string; data: unknown }[] = [];

beforeAll(async () => {
  sb = await startSandbox({ clock: () => new Date(nowMs) });
  const real = sb.ctx.realtime;
  sb.ctx.realtime = {
    publish(channel, event, data) {
      published.push({ channel, event, data });
      real.publish(channel, event, data);
    },
  };
});
afterAll(() => sb.close());
beforeEach(() => {
  setNow(0);
  published.length = 0;
});

const ALL_STAGES: TournamentStage[] = ['coming_up', 'registering', 'late_registration', 'running', 'ended'];

async function list(token?: string) {
  const res = await api(sb.url, 'GET', '/api/tournaments', { token });
  expect(res.status).toBe(200);
  return res.body as { tournaments: any[]; leaderboards: Record<string, any[]> };
}

/** A seeded tournament in this stage, with or without a buy-in. */
async function seeded(stage: TournamentStage, withBuyIn: boolean) {
  const { tournaments } = await list();
  const t = tournaments.find((x) => x.stage === stage && (x.buy_in !== '0.00') === withBuyIn);
  if (!t) throw new Error(`no seeded ${stage} tournament ${withBuyIn ? 'with' : 'without'} a buy-in`);
  return t;
}

/** A player with money in the wallet (until the /sandbox/credit route lands). */
async function richPlayer(name = 'Rich Player', cents = 100_000) {
  const p = await newPlayer(sb.url, name);
  post(sb.db, [{ userId: p.user.id, wallet: 'money', amountCents: cents, kind: 'credit' }], new Date(nowMs));
  return p;
}

const join = (id: number | string, token?: string) =>
  api(sb.url, 'POST', `/api/tournaments/${id}`, { token });
const act = (id: number | string, action: string, token?: string) =>
  api(sb.url, 'PUT', `/api/tournaments/${id}/${action}`, { token });
const one = (id: number | string, token?: string) => api(sb.url, 'GET', `/api/tournaments/${id}`, { token });
const progress = (id: number | string, token?: string) =>
  api(sb.url, 'GET', `/api/tournamentProgress/${id}`, { token });

/** A tournament made directly in the database, with offsets in seconds from the anchor. */
function makeTournament(o: {
  regStart: number;
  regEnd: number;
  start: number;
  end: number;
  buyInCents?: number;
  duration?: number | null;
  gameIds?: number[];
  minStakeCents?: number;
}): number {
  const info = sb.db
    .prepare(
      `INSERT INTO tournaments (name, description, image, registration_start_offset, registration_end_offset,
         tournament_start_offset, tournament_end_offset, buy_in_cents, buy_in_duration, prize_pool_cents, game_ids,
         min_stake_cents)
       VALUES ('Test Cup', 'A test tournament', '/images/tournaments/test-cup.webp', ?, ?, ?, ?, ?, ?, 100000, ?, ?)`,
    )
    .run(
      o.regStart / SECOND,
      o.regEnd / SECOND,
      o.start / SECOND,
      o.end / SECOND,
      o.buyInCents ?? 0,
      o.duration ?? null,
      JSON.stringify(o.gameIds ?? []),
      o.minStakeCents ?? 0,
    );
  return Number(info.lastInsertRowid);
}

describe('tournamentStage (pure)', () => {
  const T0 = Date.UTC(2025, 0, 1, 12);
  // Registration T0..T0+3h, tournament T0+1h..T0+5h.
  const times: StageTimes = {
    registration_start: new Date(T0),
    registration_end: new Date(T0 + 3 * HOUR),
    tournament_start: new Date(T0 + HOUR),
    tournament_end: new Date(T0 + 5 * HOUR),
    buy_in_duration: null,
  };
  it('walks through every stage, with boundaries exactly at each time', () => {
    expect(tournamentStage(times, T0 - DAY)).toBe('coming_up');
    expect(tournamentStage(times, T0 - 1)).toBe('coming_up');
    expect(tournamentStage(times, T0)).toBe('registering');
    expect(tournamentStage(times, T0 + HOUR - 1)).toBe('registering');
    expect(tournamentStage(times, T0 + HOUR)).toBe('late_registration');
    expect(tournamentStage(times, T0 + 3 * HOUR - 1)).toBe('late_registration');
    expect(tournamentStage(times, T0 + 3 * HOUR)).toBe('running');
    expect(tournamentStage(times, T0 + 5 * HOUR - 1)).toBe('running');
    expect(tournamentStage(times, T0 + 5 * HOUR)).toBe('ended');
    expect(tournamentStage(times, T0 + 50 * DAY)).toBe('ended');
    expect(tournamentStage(times, new Date(T0 + 2 * HOUR))).toBe('late_registration');
  });
  it('keeps Late Reg. for a buy-in only while its duration fits in the remaining time', () => {
    // Registration open until the end; 60 minutes of play.
    const buyIn: StageTimes = { ...times, registration_end: times.tournament_end, buy_in_duration: 60 };
    const end = T0 + 5 * HOUR;
    expect(tournamentStage(buyIn, T0 + HOUR)).toBe('late_registration');
    expect(tournamentStage(buyIn, end - HOUR - 1)).toBe('late_registration');
    expect(tournamentStage(buyIn, end - HOUR)).toBe('late_registration'); // an exact fit still counts
    expect(tournamentStage(buyIn, end - HOUR + SECOND)).toBe('running');
    expect(tournamentStage(buyIn, end - 1)).toBe('running');
    expect(tournamentStage(buyIn, end)).toBe('ended');
    // Before the start the duration does not matter: Registering.
    expect(tournamentStage({ ...buyIn, buy_in_duration: 10_000 }, T0 + 30 * MINUTE)).toBe('registering');
    // A duration that never fits: Late Reg. never shows.
    expect(tournamentStage({ ...buyIn, buy_in_duration: 5 * 60 }, T0 + HOUR)).toBe('running');
    // Without a duration, a buy-in changes nothing.
    expect(tournamentStage({ ...buyIn, buy_in_duration: null }, end - 1)).toBe('late_registration');
  });
  it('calls a registration that closed before the start Running ("otherwise"), as docs/rules.md#tournament-stages does', () => {
    const gap: StageTimes = { ...times, registration_end: new Date(T0 + 30 * MINUTE) };
    expect(tournamentStage(gap, T0 + 45 * MINUTE)).toBe('running');
  });
  it('counts completes_in in whole seconds down to 0', () => {
    expect(completesInSeconds(times, T0 + 5 * HOUR - 1500)).toBe(1);
    expect(completesInSeconds(times, T0 + 4 * HOUR)).toBe(3600);
    expect(completesInSeconds(times, T0 + 6 * HOUR)).toBe(0);
  });
  it('scores one point per whole rand staked, at least one', () => {
    expect(pointsForStake(50)).toBe(1);
    expect(pointsForStake(100)).toBe(1);
    expect(pointsForStake(299)).toBe(2);
    expect(pointsForStake(1000)).toBe(10);
    expect(pointsForStake(0)).toBe(0);
    expect(pointsForStake(-100)).toBe(0);
  });
});

describe('seeded schedule', () => {
  it('shows every stage, with and without a buy-in, throughout the first 24 hours', async () => {
    for (const offset of [0, HOUR, 12 * HOUR, 23 * HOUR + 59 * MINUTE]) {
      setNow(offset);
      const { tournaments } = await list();
      for (const stage of ALL_STAGES) {
        const inStage = tournaments.filter((t) => t.stage === stage);
        expect(
          inStage.some((t) => t.buy_in === '0.00'),
          `${stage} free at +${offset / HOUR}h`,
        ).toBe(true);
        expect(
          inStage.some((t) => t.buy_in !== '0.00'),
          `${stage} buy-in at +${offset / HOUR}h`,
        ).toBe(true);
      }
      // The stage in the response agrees with the pure function over the response's own dates.
      for (const t of tournaments) {
        const stage = tournamentStage(
          {
            registration_start: Date.parse(t.registration_start),
            registration_end: Date.parse(t.registration_end),
            tournament_start: Date.parse(t.tournament_start),
            tournament_end: Date.parse(t.tournament_end),
            buy_in_duration: t.buy_in_duration,
          },
          nowMs,
        );
        expect(t.stage).toBe(stage);
        expect(t.completes_in).toBe(Math.max(0, Math.floor((Date.parse(t.tournament_end) - nowMs) / 1000)));
      }
    }
  });
  it('has about eight believable tournaments with rivals on the running and ended leaderboards', async () => {
    const { tournaments } = await list();
    expect(tournaments.length).toBeGreaterThanOrEqual(8);
    expect(tournaments.map((t) => t.name)).toContain('Weekend Spin Frenzy');
    expect(tournaments.map((t) => t.name)).toContain('Friday Cash Drop Race');
    for (const t of tournaments) {
      if (['running', 'late_registration', 'ended'].includes(t.stage)) {
        expect(t.users_count).toBeGreaterThanOrEqual(8);
        expect(t.tournament_users[0].points).toBeGreaterThan(0);
        expect(t.tournament_users[0].started_at).toMatch(/Z$/);
      }
      if (t.stage === 'coming_up') expect(t.users_count).toBe(0);
      if (t.buy_in !== '0.00') expect(t.buy_in_duration).toBeGreaterThan(0);
      else expect(t.buy_in_duration).toBeNull();
      expect(t.image).toMatch(/^\/images\/tournaments\/[a-z0-9-]+\.webp$/);
      // Game ids, when listed, are real games.
      for (const gameId of t.game_ids) {
        expect(sb.db.prepare('SELECT 1 FROM games WHERE id = ?').get(gameId)).toBeTruthy();
      }
    }
    expect(tournaments.some((t) => t.game_ids.length === 0 && t.stage === 'running')).toBe(true);
  });
  it('seeds fifteen rivals who cannot sign in', async () => {
    const rivals = sb.db
      .prepare("SELECT email, password_hash FROM users WHERE email LIKE '%@rivals.sandbox.test'")
      .all() as { email: string; password_hash: string | null }[];
    expect(rivals).toHaveLength(15);
    expect(rivals.every((r) => r.password_hash === null)).toBe(true);
    const login = await api(sb.url, 'POST', '/api/login', {
      body: { email: 'rival01@rivals.sandbox.test', password: 'anything-at-all' },
    });
    expect(login.status).toBe(422);
  });
  it('puts the demo player (when seeded) on a running and an ended leaderboard', async () => {
    const demo = sb.db.prepare("SELECT id FROM users WHERE email = 'demo@playlive.test'").get() as
      { id: number } | undefined;
    if (!demo) return; // the players seed is not there yet
    const { tournaments } = await list();
    const mine = tournaments.filter((t) =>
      sb.db
        .prepare('SELECT 1 FROM tournament_users WHERE tournament_id = ? AND user_id = ?')
        .get(t.id, demo.id),
    );
    expect(mine.map((t) => t.stage).sort()).toEqual(['ended', 'running']);
  });
});

describe('reading tournaments', () => {
  it('lists tournaments with top-10 leaderboards, for guests without joined', async () => {
    const { tournaments, leaderboards } = await list();
    const t = tournaments[0];
    expect(Object.keys(t).sort()).toEqual(
      [
        'buy_in',
        'buy_in_duration',
        'completes_in',
        'description',
        'game_ids',
        'id',
        'image',
        'min_stake',
        'name',
        'prize_pool',
        'registration_end',
        'registration_start',
        'stage',
        'tournament_end',
        'tournament_start',
        'tournament_users',
        'users_count',
      ].sort(),
    );
    expect(t.tournament_start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(t.prize_pool).toMatch(/^\d+\.\d\d$/);
    expect(Object.keys(leaderboards).sort()).toEqual(tournaments.map((x) => String(x.id)).sort());
    for (const x of tournaments) {
      expect(x.tournament_users.length).toBeLessThanOrEqual(10);
      expect(leaderboards[String(x.id)]).toEqual(x.tournament_users);
      x.tournament_users.forEach((u: any, i: number) => {
        expect(Object.keys(u).sort()).toEqual(
          ['entry_id', 'name', 'points', 'position', 'started_at', 'time_played', 'user_id'].sort(),
        );
        expect(u.position).toBe(i + 1);
        if (i > 0) expect(u.points).toBeLessThanOrEqual(x.tournament_users[i - 1].points);
      });
    }
    // Playable first, ended last.
    expect(tournaments[0].stage).toBe('late_registration');
    expect(tournaments.at(-1).stage).toBe('ended');
  });
  it('adds joined and my_entry for a signed-in caller', async () => {
    const p = await newPlayer(sb.url);
    const { tournaments } = await list(p.token);
    expect(tournaments.every((t) => t.joined === false && t.my_entry === null)).toBe(true);
  });
  it('returns one tournament and its progress with the full leaderboard', async () => {
    const t = await seeded('running', false);
    const res = await one(t.id);
    expect(res.status).toBe(200);
    expect(res.body.tournament.id).toBe(t.id);
    expect(res.body.tournament.tournament_users).toHaveLength(res.body.tournament.users_count);
    expect(res.body.tournament).not.toHaveProperty('joined');
    const prog = await progress(t.id);
    expect(prog.status).toBe(200);
    expect(prog.body.tournament).toEqual(res.body.tournament);
  });
  it('responds with 404 for unknown or malformed ids, never a 500', async () => {
    for (const id of ['999999', 'abc', '-1', '1.5', '0', '99999999999999999999']) {
      const res = await one(id);
      expect(res.status, id).toBe(404);
      expect(res.body.error).toBe('Tournament not found.');
      expect((await progress(id)).status).toBe(404);
    }
    const p = await newPlayer(sb.url);
    expect((await join('999999', p.token)).status).toBe(404);
    expect((await join('abc', p.token)).status).toBe(404);
    expect((await act('abc', 'start', p.token)).status).toBe(404);
  });
});

describe('joining', () => {
  it('joins a free tournament once and publishes a refresh', async () => {
    const t = await seeded('late_registration', false);
    const p = await newPlayer(sb.url, 'Joiner');
    const res = await join(t.id, p.token);
    expect(res.status).toBe(200);
    expect(res.body.tournament.joined).toBe(true);
    expect(res.body.tournament.users_count).toBe(t.users_count + 1);
    expect(res.body.tournament.my_entry).toMatchObject({
      user_id: p.user.id,
      name: 'Joiner',
      points: 0,
      time_played: 0,
      started_at: null,
    });
    expect(res.body.tournament.my_entry.position).toBe(res.body.tournament.users_count);
    expect(published).toContainEqual({
      channel: `tournament.${t.id}`,
      event: 'tournamentUpdated',
      data: { refresh: true },
    });
    expect(published.some((e) => e.channel === `private-user.${p.user.id}`)).toBe(false);
    const again = await join(t.id, p.token);
    expect(again.status).toBe(422);
    expect(again.body.error).toBe('You have already joined this tournament.');
    expect((await one(t.id, p.token)).body.tournament.joined).toBe(true);
  });
  it('joins while Registering too', async () => {
    const t = await seeded('registering', false);
    const p = await newPlayer(sb.url);
    expect((await join(t.id, p.token)).status).toBe(200);
  });
  it('refuses a guest with 401', async () => {
    const t = await seeded('registering', false);
    const res = await join(t.id);
    expect(res.status).toBe(401);
  });
  it('refuses to join when registration is closed', async () => {
    const p = await richPlayer();
    for (const stage of ['coming_up', 'running', 'ended'] as const) {
      for (const withBuyIn of [false, true]) {
        const t = await seeded(stage, withBuyIn);
        const res = await join(t.id, p.token);
        expect(res.status, stage).toBe(422);
        expect(res.body.error).toBe('Registration for this tournament is closed.');
      }
    }
    expect(balanceCents(sb.db, p.user.id, 'money')).toBe(100_000);
  });
  it('takes the buy-in from the money wallet in the same step', async () => {
    const t = await seeded('registering', true);
    expect(t.buy_in).toBe('50.00');
    const p = await richPlayer('Buyer', 100_000);
    const res = await join(t.id, p.token);
    expect(res.status).toBe(200);
    expect(res.body.tournament.joined).toBe(true);
    expect(balanceCents(sb.db, p.user.id, 'money')).toBe(95_000);
    const ledger = sb.db
      .prepare("SELECT amount_cents, reference FROM ledger WHERE user_id = ? AND kind = 'buy_in'")
      .all(p.user.id);
    expect(ledger).toEqual([{ amount_cents: -5_000, reference: `tournament:${t.id}` }]);
    const wallet = published.find((e) => e.channel === `private-user.${p.user.id}`);
    expect(wallet?.event).toBe('wallet');
    expect((wallet?.data as any).wallets).toContainEqual({ gateway: 'callpay', balance: '950.00' });
    // Joining twice takes nothing more.
    expect((await join(t.id, p.token)).status).toBe(422);
    expect(balanceCents(sb.db, p.user.id, 'money')).toBe(95_000);
  });
  it('refuses a buy-in the player cannot afford and leaves no entry', async () => {
    const t = await seeded('registering', true);
    const broke = await newPlayer(sb.url);
    const res = await join(t.id, broke.token);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('Insufficient funds.');
    expect((await one(t.id, broke.token)).body.tournament.joined).toBe(false);
    expect(sb.db.prepare('SELECT COUNT(*) AS n FROM ledger WHERE user_id = ?').get(broke.user.id)).toEqual({
      n: 0,
    });
    expect(published.filter((e) => e.event === 'tournamentUpdated')).toHaveLength(0);

    // Exactly enough: the balance reaches zero, never below it.
    const exact = await richPlayer('Exact', 5_000);
    expect((await join(t.id, exact.token)).status).toBe(200);
    expect(balanceCents(sb.db, exact.user.id, 'money')).toBe(0);
    const other = await seeded('late_registration', true);
    const again = await join(other.id, exact.token);
    expect(again.status).toBe(422);
    expect(again.body.error).toBe('Insufficient funds.');
    expect(balanceCents(sb.db, exact.user.id, 'money')).toBe(0);
    expect((await one(other.id, exact.token)).body.tournament.my_entry).toBeNull();
  });
});

describe('start and stop', () => {
  /** A real-money launch of a game (by its backend id), as the game modal asks for it. */
  const launch = (gameId: number, token: string) =>
    api(sb.url, 'GET', `/api/games/${gameId}/false`, { token });

  it('START PLAYING starts nothing; opening a game that counts starts the clock once, counts play time, and accumulates it on stop', async () => {
    const t = await seeded('late_registration', false);
    const p = await newPlayer(sb.url);
    await join(t.id, p.token);
    const started = await act(t.id, 'start', p.token);
    expect(started.status).toBe(200);
    expect(started.body.tournament.my_entry).toMatchObject({ started_at: null, time_played: 0 });
    setNow(5 * MINUTE);
    expect((await one(t.id, p.token)).body.tournament.my_entry).toMatchObject({
      started_at: null,
      time_played: 0,
    });

    // Opening a game (every game counts here) starts the clock, and tells the tournament's watchers.
    published.length = 0;
    expect((await launch(7, p.token)).status).toBe(200);
    const firstStart = (await one(t.id, p.token)).body.tournament.my_entry.started_at;
    expect(Date.parse(firstStart)).toBe(nowMs);
    expect(published).toContainEqual({
      channel: `tournament.${t.id}`,
      event: 'tournamentUpdated',
      data: { refresh: true },
    });

    setNow(15 * MINUTE);
    expect((await one(t.id, p.token)).body.tournament.my_entry.time_played).toBe(600);
    const stopped = await act(t.id, 'stop', p.token);
    expect(stopped.status).toBe(200);
    expect(stopped.body.tournament.my_entry.time_played).toBe(600);

    setNow(25 * MINUTE);
    expect((await one(t.id, p.token)).body.tournament.my_entry.time_played).toBe(600);
    expect((await act(t.id, 'start', p.token)).body.tournament.my_entry.time_played).toBe(600);
    expect((await launch(8, p.token)).status).toBe(200);
    expect((await one(t.id, p.token)).body.tournament.my_entry.started_at).toBe(firstStart);
    setNow(26 * MINUTE);
    const stoppedAgain = await act(t.id, 'stop', p.token);
    expect(stoppedAgain.body.tournament.my_entry.time_played).toBe(660);
    // A second stop adds nothing.
    setNow(35 * MINUTE);
    expect((await act(t.id, 'stop', p.token)).body.tournament.my_entry.time_played).toBe(660);
  });

  it('starts a buy-in player’s window when they open one of its games, not another, and limits it to buy_in_duration minutes', async () => {
    const t = await seeded('late_registration', true);
    expect(t.buy_in_duration).toBe(60);
    expect(t.game_ids.length).toBeGreaterThan(0);
    const p = await richPlayer();
    expect((await join(t.id, p.token)).status).toBe(200);
    expect((await act(t.id, 'start', p.token)).status).toBe(200);
    // Neither START PLAYING nor a game that does not count starts the 60 minutes.
    setNow(30 * MINUTE);
    const other = sb.db.prepare('SELECT id FROM games ORDER BY id').all() as { id: number }[];
    const notCounted = other.find((g) => !t.game_ids.includes(g.id))!.id;
    expect((await launch(notCounted, p.token)).status).toBe(200);
    expect((await one(t.id, p.token)).body.tournament.my_entry.started_at).toBeNull();
    const opened = await launch(t.game_ids[0], p.token);
    expect(opened.status).toBe(200);
    expect(opened.body.tournamentId).toBe(t.id);
    expect(Date.parse((await one(t.id, p.token)).body.tournament.my_entry.started_at)).toBe(nowMs);

    setNow(91 * MINUTE);
    const stopped = await act(t.id, 'stop', p.token);
    expect(stopped.body.tournament.my_entry.time_played).toBe(3600);
    const late = await act(t.id, 'start', p.token);
    expect(late.status).toBe(422);
    expect(late.body.error).toBe('Your tournament play time has run out.');
    // Opening a game again does not restart a window that has run out.
    expect((await launch(t.game_ids[0], p.token)).body.tournamentId).toBeNull();
    expect(Date.parse((await one(t.id, p.token)).body.tournament.my_entry.started_at)).toBe(
      ANCHOR + 30 * MINUTE,
    );
  });
  it('refuses start before the tournament starts', async () => {
    const t = await seeded('registering', false);
    const p = await newPlayer(sb.url);
    await join(t.id, p.token);
    const res = await act(t.id, 'start', p.token);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('This tournament has not started yet.');
  });
  it('refuses unknown actions, players who have not joined, and guests', async () => {
    const t = await seeded('late_registration', false);
    const p = await newPlayer(sb.url);
    const notJoined = await act(t.id, 'start', p.token);
    expect(notJoined.status).toBe(403);
    expect(notJoined.body.error).toBe('You have not joined this tournament.');
    await join(t.id, p.token);
    const unknown = await act(t.id, 'dance', p.token);
    expect(unknown.status).toBe(422);
    expect(unknown.body.error).toBe('Unknown tournament action: dance. Known actions: start, stop.');
    const word = await act(t.id, 'Re-join_2', p.token);
    expect(word.body.error).toBe('Unknown tournament action: Re-join_2. Known actions: start, stop.');
    // Anything that is not a plain word is not echoed back.
    for (const action of ['%3Cb%3Ehi%3C%2Fb%3E', 'two%20words', 'a.b', 'x'.repeat(41)]) {
      const res = await act(t.id, action, p.token);
      expect(res.status, action).toBe(422);
      expect(res.body.error).toBe('Unknown tournament action.');
    }
    expect((await act(t.id, 'start')).status).toBe(401);
    expect((await act('424242', 'start', p.token)).status).toBe(404);
  });
});

describe('points from spins', () => {
  it('raises points, sets started_at, reorders the leaderboard and publishes a refresh', async () => {
    const t = await seeded('late_registration', false);
    expect(t.game_ids).toEqual([]); // every game counts
    const a = await newPlayer(sb.url, 'Alpha');
    const b = await newPlayer(sb.url, 'Bravo');
    await join(t.id, a.token);
    await join(t.id, b.token);
    published.length = 0;

    setNow(5 * MINUTE);
    addTournamentPoints(sb.ctx, a.user.id, 7, 5_000);
    let view = (await one(t.id, a.token)).body.tournament;
    expect(view.my_entry.points).toBe(50);
    expect(Date.parse(view.my_entry.started_at)).toBe(nowMs);
    expect(published).toEqual([
      { channel: `tournament.${t.id}`, event: 'tournamentUpdated', data: { refresh: true } },
    ]);
    const bravoBefore = view.tournament_users.find((u: any) => u.user_id === b.user.id);
    expect(bravoBefore.position).toBeGreaterThan(view.my_entry.position);

    const top = view.tournament_users[0].points as number;
    addTournamentPoints(sb.ctx, b.user.id, 3, (top + 1) * 100);
    view = (await progress(t.id, b.token)).body.tournament;
    expect(view.my_entry).toMatchObject({ user_id: b.user.id, position: 1, points: top + 1 });
    expect(view.tournament_users[0].user_id).toBe(b.user.id);

    // Small stakes score one point; zero stakes nothing.
    addTournamentPoints(sb.ctx, a.user.id, 7, 10);
    addTournamentPoints(sb.ctx, a.user.id, 7, 0);
    expect((await one(t.id, a.token)).body.tournament.my_entry.points).toBe(51);
  });
  it('scores only joined, running tournaments that count the game and whose buy-in window lasts', async () => {
    const p = await richPlayer('Scorer', 1_000_000);
    const counted = makeTournament({
      regStart: -DAY,
      regEnd: DAY,
      start: -HOUR,
      end: 2 * DAY,
      gameIds: [11, 12],
    });
    const future = makeTournament({ regStart: -DAY, regEnd: DAY, start: HOUR, end: 2 * DAY });
    const windowed = makeTournament({
      regStart: -DAY,
      regEnd: DAY,
      start: -HOUR,
      end: 2 * DAY,
      buyInCents: 1_000,
      duration: 30,
    });
    const notJoined = makeTournament({ regStart: -DAY, regEnd: DAY, start: -HOUR, end: 2 * DAY });
    for (const id of [counted, future, windowed]) expect((await join(id, p.token)).status).toBe(200);
    const ended = makeTournament({ regStart: -3 * DAY, regEnd: -2 * DAY, start: -3 * DAY, end: -DAY });
    sb.db
      .prepare(
        `INSERT INTO tournament_users (tournament_id, user_id, joined_at, entry_id)
         VALUES (?, ?, '2025-06-10T00:00:00.000Z', ?)`,
      )
      .run(ended, p.user.id, newEntryId());

    published.length = 0;
    const points = async (id: number) => (await one(id, p.token)).body.tournament.my_entry?.points ?? null;

    expect(tournamentIdForGame(sb.ctx, p.user.id, 11)).toBe(counted);
    expect(tournamentIdForGame(sb.ctx, p.user.id, 99)).toBe(windowed);
    addTournamentPoints(sb.ctx, p.user.id, 99, 1_000); // not one of counted's games
    expect(await points(counted)).toBe(0);
    expect(await points(windowed)).toBe(10);
    expect(await points(future)).toBe(0);
    expect(await points(ended)).toBe(0);
    expect(await points(notJoined)).toBeNull();
    expect(published.filter((e) => e.event === 'tournamentUpdated').map((e) => e.channel)).toEqual([
      `tournament.${windowed}`,
    ]);

    addTournamentPoints(sb.ctx, p.user.id, 12, 1_000);
    expect(await points(counted)).toBe(10);
    expect(await points(windowed)).toBe(20);

    // The 30-minute window began with the first scoring spin; after it, the buy-in tournament stops scoring.
    setNow(31 * MINUTE);
    addTournamentPoints(sb.ctx, p.user.id, 12, 1_000);
    expect(await points(counted)).toBe(20);
    expect(await points(windowed)).toBe(20);
    expect(tournamentIdForGame(sb.ctx, p.user.id, 99)).toBeNull();

    // Once the tournament has started, the future one scores too.
    setNow(HOUR);
    addTournamentPoints(sb.ctx, p.user.id, 12, 1_000);
    expect(await points(future)).toBe(10);
  });
});

describe('which games and stakes count', () => {
  it('lists each tournament with its games (empty = all) and minimum stake, and the seed has both kinds', async () => {
    const { tournaments } = await list();
    for (const t of tournaments) {
      expect(Array.isArray(t.game_ids)).toBe(true);
      expect(t.min_stake === null || /^\d+\.\d\d$/.test(t.min_stake)).toBe(true);
    }
    const all = tournaments.filter((t) => t.game_ids.length === 0);
    const listed = tournaments.filter((t) => t.game_ids.length > 0);
    expect(all.length).toBeGreaterThan(0);
    expect(listed.length).toBeGreaterThan(0);
    // What the descriptions promise is what the data says: "any game" only when every game counts.
    for (const t of tournaments) {
      if (/any game/i.test(t.description)) expect(t.game_ids, t.name).toEqual([]);
      if (/selected|featured/i.test(t.description)) expect(t.game_ids.length, t.name).toBeGreaterThan(0);
    }
    const highRoller = tournaments.find((t) => t.name === 'High Roller Showdown');
    expect(highRoller).toMatchObject({ min_stake: '5.00' });
    expect(highRoller.game_ids).toHaveLength(30);
    expect((await one(highRoller.id)).body.tournament).toMatchObject({
      min_stake: '5.00',
      game_ids: highRoller.game_ids,
    });
    expect(tournaments.find((t) => t.name === 'Weekend Spin Frenzy')).toMatchObject({
      min_stake: null,
      game_ids: [],
    });
  });

  it('scores nothing for a spin below the minimum stake or on a game the tournament does not count', async () => {
    const p = await richPlayer('Small Staker', 1_000_000);
    const id = makeTournament({
      regStart: -DAY,
      regEnd: DAY,
      start: -HOUR,
      end: 2 * DAY,
      gameIds: [21],
      minStakeCents: 200,
    });
    expect((await join(id, p.token)).status).toBe(200);
    published.length = 0;
    const mine = async () => (await one(id, p.token)).body.tournament.my_entry;

    addTournamentPoints(sb.ctx, p.user.id, 21, 199); // R1.99 < R2.00
    addTournamentPoints(sb.ctx, p.user.id, 22, 10_000); // not a game it counts
    expect(await mine()).toMatchObject({ points: 0, started_at: null });
    expect(published.filter((e) => e.channel === `tournament.${id}`)).toEqual([]);

    addTournamentPoints(sb.ctx, p.user.id, 21, 200); // exactly the minimum scores
    expect((await mine()).points).toBe(2);
    expect(pointsForStake(499, 500)).toBe(0);
    expect(pointsForStake(500, 500)).toBe(5);
  });
});

/**
 * Public leaderboards (docs/rules.md#know-your-player): every entry's name is "First L." by one rule, for seeded
 * rivals and new players alike, and an entry is known by an opaque id that holds no user id.
 */
describe('public leaderboards', () => {
  it('names every player "First L.": first word, initial of the last, one word as it is', () => {
    expect(publicName('Riaan du Plessis')).toBe('Riaan P.');
    expect(publicName('  Thandi   Nkosi ')).toBe('Thandi N.');
    expect(publicName('lerato khumalo')).toBe('lerato K.');
    expect(publicName('Zoë Émile-Dubois')).toBe('Zoë É.');
    expect(publicName('Thabo M.')).toBe('Thabo M.');
    expect(publicName('Cher')).toBe('Cher');
    expect(publicName('Sipho 🎰')).toBe('Sipho');
  });

  it('shows seeded rivals and a new player the same way, never the full name', async () => {
    const t = await seeded('late_registration', false);
    const p = await newPlayer(sb.url, 'Nomsa Precious Mahlangu');
    expect((await join(t.id, p.token)).status).toBe(200);
    const board = (await one(t.id)).body.tournament.tournament_users as { name: string; user_id: number }[];
    expect(board.find((u) => u.user_id === p.user.id)!.name).toBe('Nomsa M.');
    // A first name and an initial, or one word as it is (other tests' players joined as "Joiner").
    for (const u of board) expect(u.name, u.name).toMatch(/^\S+( \p{Lu}\.)?$/u);
    // Seeded with full names: no surname is published (Riaan du Plessis reads "Riaan P.").
    const rivals = sb.db.prepare('SELECT name FROM users WHERE password_hash IS NULL').all() as {
      name: string;
    }[];
    expect(rivals.map((r) => r.name)).toContain('Riaan du Plessis');
    const everyName = JSON.stringify((await list()).tournaments);
    for (const { name } of rivals) expect(everyName).not.toContain(name);
    expect(everyName).not.toContain('Mahlangu');
  });

  it('gives each entry an opaque random entry_id, its own per tournament, stable across reads', async () => {
    const p = await newPlayer(sb.url, 'Entry Holder');
    const [a, b] = (await list()).tournaments.filter(
      (t) => (t.stage === 'late_registration' || t.stage === 'registering') && t.buy_in === '0.00',
    );
    for (const t of [a, b]) expect((await join(t.id, p.token)).status).toBe(200);
    const mine = async (id: number) => (await one(id, p.token)).body.tournament.my_entry;
    const [entryA, entryB] = [await mine(a.id), await mine(b.id)];
    expect(entryA.entry_id).toMatch(/^[0-9a-f]{24}$/);
    // Not derived from the player: the same player's entries have unrelated ids.
    expect(entryB.entry_id).not.toBe(entryA.entry_id);
    expect((await mine(a.id)).entry_id).toBe(entryA.entry_id);
    const ids = (await list()).tournaments.flatMap((t) => t.tournament_users.map((u: any) => u.entry_id));
    expect(new Set(ids).size).toBe(ids.length);
    const stored = sb.db
      .prepare('SELECT COUNT(*) AS n FROM tournament_users WHERE entry_id IS NULL')
      .get() as {
      n: number;
    };
    expect(stored.n).toBe(0);
  });
});
