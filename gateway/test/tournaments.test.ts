import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatJohannesburg } from '../src/domain/time.js';
import { fromGlobalId, toGlobalId } from '../src/relay.js';
import { credit, identity, startStack, type Stack } from './harness.js';

const H = 3_600_000;

const FIELDS = `id tournamentId name stage label registrationOpen running nextStageAt completesInSeconds completesIn
  registrationStart registrationEnd startsAt endsAt buyIn { cents amount formatted } buyInDurationMinutes
  prizePool { cents } usersCount joined`;

/**
 * A new player, registered straight at the backend (the gateway's register mutation is another part's work).
 * Returns the token and the backend's user id.
 */
let counter = 0;
async function newPlayer(stack: Stack, name = 'Tournament Player') {
  counter += 1;
  const res = await fetch(`${stack.sandbox.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      email: `tour${Date.now()}-${counter}@example.test`,
      password: 'correct-horse-9',
      ...identity('rest'),
    }),
  });
  const body = (await res.json()) as { token: string; user: { id: number } };
  return { token: body.token, userId: body.user.id };
}

/** The backend's money balance, in cents, read straight from the backend (to compare the gateway's response with). */
async function moneyCents(stack: Stack, token: string): Promise<number> {
  const res = await fetch(`${stack.sandbox.url}/api/wallet`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { wallets: { gateway: string; balance: string | number }[] };
  const money = body.wallets.find((w) => w.gateway === 'callpay');
  return Math.round(Number(money?.balance ?? 0) * 100);
}

async function spin(stack: Stack, token: string, stake: number) {
  const res = await fetch(`${stack.sandbox.url}/sandbox/spin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ gameCode: 'netent-premier-roulette', stake }),
  });
  expect(res.status).toBe(200);
}

const tid = (n: number) => toGlobalId('Tournament', n);

const JOIN = `mutation($id: ID!) {
  joinTournament(input: { tournamentId: $id, clientMutationId: "j1" }) {
    clientMutationId
    tournament { tournamentId joined usersCount myEntry { points isViewer } }
    wallet { money { cents } }
  }
}`;

/** Every tournament, from the first page of the connection (it holds them all: checked by pageInfo and totalCount). */
async function list(stack: Stack, token?: string) {
  const res = await stack.gql(
    `{ tournaments(first: 100) { totalCount pageInfo { hasNextPage } edges { node { ${FIELDS} } } } }`,
    {},
    { token: token ?? null },
  );
  expect(res.errors).toBeUndefined();
  const { totalCount, pageInfo, edges } = res.data.tournaments;
  expect(pageInfo.hasNextPage).toBe(false);
  expect(edges).toHaveLength(totalCount);
  return edges.map((e: any) => e.node) as any[];
}
/** The nodes of a connection. */
const nodesOf = (connection: { edges: { node: any }[] }) => connection.edges.map((e) => e.node);
const byName = (ts: any[], name: string) => {
  const t = ts.find((x) => x.name === name);
  if (!t) throw new Error(`no tournament ${name}`);
  return t;
};

/** The seeded schedule (sandbox/src/seed/tournaments.ts) as a player reads it within 24 hours of the start. */
const SEEDED: [string, string, string][] = [
  ['Weekend Spin Frenzy', 'LATE_REGISTRATION', 'Closes in'],
  ['High Roller Showdown', 'LATE_REGISTRATION', 'Closes in'],
  ['Friday Cash Drop Race', 'RUNNING', 'Players'],
  ['Mzansi Megaways Marathon', 'RUNNING', 'Players'],
  ['Sunset Slots Sprint', 'REGISTERING', 'Starts in'],
  ['Big Five Buy-In Bash', 'REGISTERING', 'Starts in'],
  ['Heritage Day Jackpot Chase', 'COMING_UP', 'Reg. starts in'],
  ['Diamond Reels Cup', 'COMING_UP', 'Reg. starts in'],
  ['Midweek Mega Spins', 'ENDED', 'Ended @'],
  ['Golden Savanna Showdown', 'ENDED', 'Ended @'],
];

describe('tournaments at the real clock', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  it('shows each seeded tournament in the stage its schedule says, with flags and labels to match', async () => {
    const ts = await list(stack);
    expect(ts).toHaveLength(10);
    for (const [name, stage, label] of SEEDED) {
      const t = byName(ts, name);
      expect({ name, stage: t.stage }).toEqual({ name, stage });
      if (stage === 'ENDED') {
        expect(t.label).toBe(`Ended @ ${formatJohannesburg(new Date(t.endsAt))}`);
        expect(t.nextStageAt).toBeNull();
        expect(t.completesInSeconds).toBe(0);
      } else {
        expect(t.label).toBe(label);
        expect(Date.parse(t.nextStageAt)).toBeGreaterThan(Date.now());
      }
      expect(t.registrationOpen).toBe(stage === 'REGISTERING' || stage === 'LATE_REGISTRATION');
      expect(t.running).toBe(stage === 'LATE_REGISTRATION' || stage === 'RUNNING');
    }
  });

  it('gives the instant each stage next changes, from the schedule', async () => {
    const ts = await list(stack);
    const next = (name: string) => byName(ts, name).nextStageAt;
    expect(next('Heritage Day Jackpot Chase')).toBe(
      byName(ts, 'Heritage Day Jackpot Chase').registrationStart,
    );
    expect(next('Sunset Slots Sprint')).toBe(byName(ts, 'Sunset Slots Sprint').startsAt);
    expect(next('Weekend Spin Frenzy')).toBe(byName(ts, 'Weekend Spin Frenzy').registrationEnd);
    expect(next('Friday Cash Drop Race')).toBe(byName(ts, 'Friday Cash Drop Race').endsAt);
    // Late Reg. with a 60-minute buy-in: registration closes (+36h) before the hour stops fitting (+59h).
    expect(next('High Roller Showdown')).toBe(byName(ts, 'High Roller Showdown').registrationEnd);
  });

  it('returns money, buy-in minutes and the id fields', async () => {
    const t = byName(await list(stack), 'Big Five Buy-In Bash');
    expect(t.buyIn).toEqual({ cents: 5000, amount: '50.00', formatted: 'R50.00' });
    expect(t.buyInDurationMinutes).toBe(60);
    expect(t.prizePool).toEqual({ cents: 2_000_000 });
    expect(t.id).toBe(tid(t.tournamentId));
    expect(t.joined).toBe(false);
    const remaining = (Date.parse(t.endsAt) - Date.now()) / 1000;
    expect(Math.abs(t.completesInSeconds - remaining)).toBeLessThan(5);
    const hours = Math.floor(t.completesInSeconds / 3600);
    const minutes = Math.floor((t.completesInSeconds % 3600) / 60);
    expect(t.completesIn).toBe(`${String(hours).padStart(2, '0')} H ${String(minutes).padStart(2, '0')} M`);
    // A free tournament (the backend sends a buy-in of 0) has no buy-in at all.
    const free = byName(await list(stack), 'Weekend Spin Frenzy');
    expect(free).toMatchObject({ buyIn: null, buyInDurationMinutes: null, prizePool: { cents: 2_500_000 } });
  });

  it('fetches one tournament by global ID and round-trips it through node', async () => {
    const ts = await list(stack);
    const t = byName(ts, 'Sunset Slots Sprint');
    const one = await stack.gql(`query($id: ID!) { tournament(id: $id) { ${FIELDS} } }`, { id: t.id });
    // The countdown is each request's own "now": the two requests may straddle a second (or a minute).
    const countdown = (x: any) => ({ ...x, completesInSeconds: undefined, completesIn: undefined });
    expect(countdown(one.data.tournament)).toEqual(countdown(t));
    expect(Math.abs(one.data.tournament.completesInSeconds - t.completesInSeconds)).toBeLessThanOrEqual(2);
    const node = await stack.gql(
      `query($id: ID!) { node(id: $id) { __typename id ... on Tournament { tournamentId name stage } } }`,
      { id: t.id },
    );
    expect(node.data.node).toEqual({
      __typename: 'Tournament',
      id: t.id,
      tournamentId: t.tournamentId,
      name: 'Sunset Slots Sprint',
      stage: 'REGISTERING',
    });
  });

  it('returns null for an unknown tournament and BAD_USER_INPUT for a malformed ID', async () => {
    const unknown = await stack.gql(`query($id: ID!) { tournament(id: $id) { id } node(id: $id) { id } }`, {
      id: tid(99_999),
    });
    expect(unknown.errors).toBeUndefined();
    expect(unknown.data).toEqual({ tournament: null, node: null });
    for (const id of ['not an id!', toGlobalId('Game', 1)]) {
      const bad = await stack.gql(`query($id: ID!) { tournament(id: $id) { id } }`, { id });
      expect(bad.data).toEqual({ tournament: null });
      expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
  });

  it('refuses a leaderboard page size out of range', async () => {
    const res = await stack.gql(
      `query($id: ID!) { tournament(id: $id) { leaderboard(first: 101) { edges { node { name } } } } }`,
      {
        id: tid(1),
      },
    );
    expect(res.errors?.[0]).toMatchObject({
      message: 'first must be between 0 and 100.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it("shares a guest's list for a few seconds, and never a player's (whose entries are their own)", async () => {
    const query = '{ tournaments(first: 5) { totalCount edges { node { id joined } } } }';
    const first = await stack.gql(query);
    const again = await stack.gql(query);
    expect(again.data).toEqual(first.data);
    expect(again.extensions.upstreamCalls).toEqual([]);

    const { token } = await newPlayer(stack, 'Own List');
    for (let i = 0; i < 2; i++) {
      const mine = await stack.gql(query, {}, { token });
      expect(mine.extensions.upstreamCalls).toContain('GET /api/tournaments');
    }
  });

  it('joins a free tournament and a buy-in one; the wallet in the result has exactly the buy-in deducted', async () => {
    const { token } = await newPlayer(stack);
    await credit(stack, token, '100.00');
    const before = await moneyCents(stack, token);
    expect(before).toBe(10_000);

    const free = await stack.gql(JOIN, { id: tid(1) }, { token });
    expect(free.errors).toBeUndefined();
    expect(free.data.joinTournament).toMatchObject({
      clientMutationId: 'j1',
      tournament: { tournamentId: 1, joined: true, myEntry: { points: 0, isViewer: true } },
      wallet: { money: { cents: before } },
    });

    const ts = await list(stack, token);
    const bash = byName(ts, 'Big Five Buy-In Bash');
    const paid = await stack.gql(JOIN, { id: bash.id }, { token });
    expect(paid.errors).toBeUndefined();
    expect(paid.data.joinTournament.tournament).toMatchObject({
      joined: true,
      usersCount: bash.usersCount + 1,
    });
    expect(paid.data.joinTournament.wallet).toEqual({ money: { cents: before - 5000 } });
    expect(await moneyCents(stack, token)).toBe(before - 5000);
    expect(byName(await list(stack, token), 'Big Five Buy-In Bash').joined).toBe(true);
  });

  it('passes the backend’s refusals on with their text as BAD_USER_INPUT', async () => {
    const { token } = await newPlayer(stack);
    const ts = await list(stack, token);
    const expectRefusal = async (name: string, text: string) => {
      const res = await stack.gql(JOIN, { id: byName(ts, name).id }, { token });
      expect(res.data).toBeNull();
      expect(res.errors?.[0]).toMatchObject({ message: text, extensions: { code: 'BAD_USER_INPUT' } });
    };
    await expectRefusal('Friday Cash Drop Race', 'Registration for this tournament is closed.');
    await expectRefusal('Big Five Buy-In Bash', 'Insufficient funds.');
    expect(await moneyCents(stack, token)).toBe(0);

    expect((await stack.gql(JOIN, { id: tid(1) }, { token })).errors).toBeUndefined();
    await expectRefusal('Weekend Spin Frenzy', 'You have already joined this tournament.');
  });

  it('tells guests to sign in before joining or acting', async () => {
    const join = await stack.gql(JOIN, { id: tid(1) });
    expect(join.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const act = await stack.gql(
      `mutation { tournamentAction(input: { tournamentId: "${tid(1)}", action: START }) { tournament { id } } }`,
    );
    expect(act.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('starts and stops play with tournamentAction; the clock starts at the launch of a game that counts', async () => {
    const { token } = await newPlayer(stack);
    const ACT = `mutation($id: ID!, $action: TournamentActionName!) {
      tournamentAction(input: { tournamentId: $id, action: $action, clientMutationId: "a" }) {
        clientMutationId tournament { tournamentId joined myEntry { startedAt timePlayed isViewer } }
      }
    }`;
    const notJoined = await stack.gql(ACT, { id: tid(1), action: 'START' }, { token });
    expect(notJoined.errors?.[0]).toMatchObject({
      message: 'You have not joined this tournament.',
      extensions: { code: 'FORBIDDEN' },
    });

    await stack.gql(JOIN, { id: tid(1) }, { token });
    const started = await stack.gql(ACT, { id: tid(1), action: 'START' }, { token });
    expect(started.errors).toBeUndefined();
    // START no longer starts the clock: opening a game that counts does.
    expect(started.data.tournamentAction.tournament.myEntry).toMatchObject({
      isViewer: true,
      startedAt: null,
    });
    const games = await stack.gql(
      `query($id: ID!) { tournament(id: $id) { eligibleGames(first: 1) { edges { node { code } } } } }`,
      { id: tid(1) },
    );
    const code =
      games.data.tournament.eligibleGames?.edges[0]?.node.code ??
      (await stack.gql('{ games(first: 1) { edges { node { code } } } }')).data.games.edges[0].node.code;
    const launched = await stack.gql(
      `mutation($code: String!) { launchGame(input: { code: $code, demo: false }) { url } }`,
      { code },
      { token },
    );
    expect(launched.errors).toBeUndefined();
    const opened = await stack.gql(ACT, { id: tid(1), action: 'START' }, { token });
    const entry = opened.data.tournamentAction.tournament.myEntry;
    expect(entry.isViewer).toBe(true);
    expect(Math.abs(Date.parse(entry.startedAt) - Date.now())).toBeLessThan(10_000);

    const stopped = await stack.gql(ACT, { id: tid(1), action: 'STOP' }, { token });
    expect(stopped.errors).toBeUndefined();
    expect(stopped.data.tournamentAction).toMatchObject({
      clientMutationId: 'a',
      tournament: { tournamentId: 1, joined: true, myEntry: { startedAt: entry.startedAt } },
    });
    expect(stopped.data.tournamentAction.tournament.myEntry.timePlayed).toBeGreaterThanOrEqual(0);
  });

  it('raises the player’s points with a spin; myEntry and the leaderboard show it', async () => {
    const { token, userId } = await newPlayer(stack, 'Spinning Sipho');
    await credit(stack, token, '100.00');
    await stack.gql(JOIN, { id: tid(1) }, { token });
    await spin(stack, token, 10);
    await spin(stack, token, 5);

    const BOARD = `query($id: ID!) {
      tournament(id: $id) {
        usersCount myEntry { id name points position isViewer }
        leaderboard(first: 100) { totalCount pageInfo { hasNextPage } edges { node { id name points position isViewer } } }
      }
      tournaments(first: 2, stages: [LATE_REGISTRATION]) {
        totalCount edges { node { tournamentId myEntry { points } leaderboard(first: 100) { totalCount edges { node { points isViewer } } } } }
      }
    }`;
    const res = await stack.gql(BOARD, { id: tid(1) }, { token });
    expect(res.errors).toBeUndefined();
    const one = res.data.tournament;
    // A public name: the first name and the last name's initial (docs/rules.md#know-your-player).
    expect(one.myEntry).toMatchObject({ name: 'Spinning S.', points: 15, isViewer: true });
    const board = nodesOf(one.leaderboard);
    const mine = board.filter((e: any) => e.isViewer);
    expect(mine).toEqual([one.myEntry]);
    expect(board).toHaveLength(one.usersCount);
    expect(one.leaderboard.totalCount).toBe(one.usersCount);
    expect(one.leaderboard.pageInfo.hasNextPage).toBe(false);
    // Positions follow points, highest first.
    const points = board.map((e: any) => e.points);
    expect(points).toEqual([...points].sort((a, b) => b - a));

    // The list carries only the top rows; asking for more reads the whole board. (Only the two tournaments in late
    // registration, tournament 1 among them: 100 rows of every tournament would pass the query cost limit.)
    expect(res.data.tournaments.totalCount).toBe(2);
    const fromList = nodesOf(res.data.tournaments).find((t: any) => t.tournamentId === 1);
    expect(fromList.myEntry).toEqual({ points: 15 });
    expect(nodesOf(fromList.leaderboard)).toHaveLength(one.usersCount);
    expect(fromList.leaderboard.totalCount).toBe(one.usersCount);
    expect(nodesOf(fromList.leaderboard).filter((e: any) => e.isViewer)).toEqual([
      { points: 15, isViewer: true },
    ]);

    // Another player (and a guest) sees the same row, not marked as theirs.
    const guest = await stack.gql(BOARD, { id: tid(1) });
    expect(guest.errors).toBeUndefined();
    expect(guest.data.tournament.myEntry).toBeNull();
    const guestBoard = nodesOf(guest.data.tournament.leaderboard);
    expect(guestBoard.some((e: any) => e.isViewer)).toBe(false);
    expect(guestBoard.some((e: any) => e.name === 'Spinning S.')).toBe(true);

    // Each entry's id is opaque: decoded, it names the entry, never the player (no user id in it).
    const ids = board.map((e: any) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      const decoded = fromGlobalId(id);
      expect(decoded?.type).toBe('TournamentEntry');
      expect(decoded?.id).toMatch(/^[A-Za-z0-9_-]{8,}$/);
      // Not the user id, nor the tournament and user ids it was made of before (TournamentEntry:1:20).
      expect(decoded?.id).not.toBe(String(userId));
      expect(decoded?.id).not.toContain(':');
    }
    // The same entry, whoever looks: stable across requests and sessions.
    expect(guestBoard.map((e: any) => e.id)).toEqual(ids);
  });
  it('says which games count (all, or a list as games), the minimum stake, with one read of each resource', async () => {
    const sandboxList = (await (await fetch(`${stack.sandbox.url}/api/tournaments`)).json()) as {
      tournaments: { name: string; game_ids: number[]; min_stake: string | null }[];
    };
    // Every tournament (the sandbox has 11) and every game of the longest list (40): 20 x 40 games cost 1,682, within
    // the cost limit, which multiplies the page sizes given as variables too (operations/cost.ts).
    const res = await stack.gql(
      `query($tournaments: Int!, $games: Int!) {
        games(first: 1) { totalCount }
        tournaments(first: $tournaments) { edges { node {
          name countsAllGames minimumStake { cents formatted }
          eligibleGames(first: $games) { totalCount edges { node { gameId } } }
        } } }
      }`,
      { tournaments: 20, games: 40 },
      // A player's list is their own, read for this request (a guest's may come from the shared cache).
      { token: (await newPlayer(stack, 'Counting Carla')).token },
    );
    expect(res.errors).toBeUndefined();
    const ts = nodesOf(res.data.tournaments);
    for (const t of ts) {
      const backend = sandboxList.tournaments.find((b) => b.name === t.name)!;
      expect(t.countsAllGames, t.name).toBe(backend.game_ids.length === 0);
      if (t.countsAllGames) {
        expect(t.eligibleGames.totalCount, t.name).toBe(res.data.games.totalCount);
      } else {
        expect(
          nodesOf(t.eligibleGames).map((g: any) => g.gameId),
          t.name,
        ).toEqual(backend.game_ids);
      }
    }
    const highRoller = byName(ts, 'High Roller Showdown');
    expect(highRoller).toMatchObject({
      countsAllGames: false,
      minimumStake: { cents: 500, formatted: 'R5.00' },
    });
    expect(highRoller.eligibleGames.totalCount).toBe(30);
    expect(byName(ts, 'Weekend Spin Frenzy')).toMatchObject({ countsAllGames: true, minimumStake: null });
    // Ten tournaments' games from one catalogue read at most (it may come from the shared cache), the list once.
    const calls: string[] = res.extensions.upstreamCalls;
    expect(calls.filter((c) => c === 'GET /api/allgames').length).toBeLessThanOrEqual(1);
    expect(calls.filter((c) => c === 'GET /api/tournaments')).toHaveLength(1);
  });

  it('tells a player on a game whether it counts in each tournament they joined; other games and small stakes score 0', async () => {
    const { token } = await newPlayer(stack, 'Eligible Ella');
    await credit(stack, token, '200.00');
    const backend = (await (await fetch(`${stack.sandbox.url}/api/tournaments/2`)).json()) as {
      tournament: { name: string; game_ids: number[] };
    };
    expect(backend.tournament.name).toBe('High Roller Showdown');
    const games = (await (await fetch(`${stack.sandbox.url}/api/allgames`)).json()) as {
      id: number;
      game_code: string;
    }[];
    const counted = games.find((g) => backend.tournament.game_ids.includes(g.id))!;
    const other = games.find((g) => !backend.tournament.game_ids.includes(g.id))!;
    expect((await stack.gql(JOIN, { id: tid(2) }, { token })).errors).toBeUndefined();
    expect((await stack.gql(JOIN, { id: tid(1) }, { token })).errors).toBeUndefined();

    const ELIGIBILITY = `query($code: String!) {
      game(code: $code) { tournamentEligibility { counts tournament { name inPlay myEntry { points } } } }
    }`;
    const on = async (code: string, who: string | null) => {
      const res = await stack.gql(ELIGIBILITY, { code }, { token: who });
      expect(res.errors).toBeUndefined();
      return res;
    };
    const eligibility = async (code: string) =>
      Object.fromEntries(
        (await on(code, token)).data.game.tournamentEligibility.map((e: any) => [e.tournament.name, e]),
      );
    expect(await eligibility(counted.game_code)).toMatchObject({
      'High Roller Showdown': { counts: true, tournament: { inPlay: true } },
      'Weekend Spin Frenzy': { counts: true },
    });
    expect(await eligibility(other.game_code)).toMatchObject({
      'High Roller Showdown': { counts: false },
      'Weekend Spin Frenzy': { counts: true },
    });

    const spinOn = async (gameCode: string, stake: string) => {
      const res = await fetch(`${stack.sandbox.url}/sandbox/spin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ gameCode, stake }),
      });
      expect(res.status).toBe(200);
    };
    const highRollerPoints = async () =>
      (await eligibility(counted.game_code))['High Roller Showdown'].tournament.myEntry.points;
    await spinOn(other.game_code, '20.00'); // a game High Roller does not count
    await spinOn(counted.game_code, '4.99'); // below its R5.00 minimum
    expect(await highRollerPoints()).toBe(0);
    expect((await eligibility(counted.game_code))['Weekend Spin Frenzy'].tournament.myEntry.points).toBe(24);
    await spinOn(counted.game_code, '5.00');
    expect(await highRollerPoints()).toBe(5);

    // A guest has joined nothing, and nothing is read to say so.
    const guest = await on(counted.game_code, null);
    expect(guest.data.game.tournamentEligibility).toEqual([]);
    expect(guest.extensions.upstreamCalls).not.toContain('GET /api/tournaments');
  });

  it('is in play only once started: a tournament that has not opened never is', async () => {
    const ts = await list(stack);
    const res = await stack.gql(
      `{ tournaments(first: 20) { edges { node { name stage inPlay startsAt } } } }`,
    );
    for (const t of nodesOf(res.data.tournaments)) {
      const started = Date.parse(t.startsAt) <= Date.now();
      expect(t.inPlay, t.name).toBe(started && t.stage !== 'ENDED');
    }
    expect(byName(nodesOf(res.data.tournaments), 'Big Five Buy-In Bash').inPlay).toBe(false);
    expect(ts.length).toBeGreaterThan(0);
  });
});

describe('tournaments with the gateway clock moved', () => {
  let stack: Stack;
  let offsetMs = 0;
  beforeAll(async () => {
    stack = await startStack({ clock: () => new Date(Date.now() + offsetMs) });
  });
  afterAll(() => stack.close());

  const stagesAt = async (offset: number) => {
    offsetMs = offset;
    const ts = await list(stack);
    return Object.fromEntries(ts.map((t) => [t.name, t]));
  };

  it('changes stages and labels as the clock passes the schedule’s boundaries', async () => {
    const now = await stagesAt(0);
    expect(now['Sunset Slots Sprint'].stage).toBe('REGISTERING');

    // +26.5h: the sprint (+26h) and the bash (+25h) have started, the jackpot chase's registration (+25h) opened.
    const later = await stagesAt(26.5 * H);
    expect(later['Sunset Slots Sprint']).toMatchObject({ stage: 'LATE_REGISTRATION', label: 'Closes in' });
    expect(later['Big Five Buy-In Bash']).toMatchObject({ stage: 'LATE_REGISTRATION', running: true });
    expect(later['Heritage Day Jackpot Chase']).toMatchObject({ stage: 'REGISTERING', label: 'Starts in' });
    expect(later['Diamond Reels Cup'].stage).toBe('COMING_UP');
    expect(later['Mzansi Megaways Marathon'].stage).toBe('RUNNING');

    // +31h: the marathon (+30h) has ended, the cup's registration (+30h) opened.
    const evenLater = await stagesAt(31 * H);
    const marathon = evenLater['Mzansi Megaways Marathon'];
    expect(marathon).toMatchObject({
      stage: 'ENDED',
      running: false,
      nextStageAt: null,
      completesInSeconds: 0,
    });
    expect(marathon.label).toBe(`Ended @ ${formatJohannesburg(new Date(marathon.endsAt))}`);
    expect(evenLater['Diamond Reels Cup']).toMatchObject({ stage: 'REGISTERING', registrationOpen: true });

    // Every result agrees with itself at every offset.
    for (const ts of [now, later, evenLater]) {
      for (const t of Object.values(ts) as any[]) {
        expect(t.registrationOpen).toBe(['REGISTERING', 'LATE_REGISTRATION'].includes(t.stage));
        expect(t.running).toBe(['LATE_REGISTRATION', 'RUNNING'].includes(t.stage));
      }
    }
  });

  it('flips each stage exactly at the nextStageAt it announced', async () => {
    const ts = await stagesAt(0);
    for (const t of Object.values(ts) as any[]) {
      if (!t.nextStageAt) continue;
      const boundary = Date.parse(t.nextStageAt);
      // A fixed instant: pin the clock (offset from the test's own Date.now, so allow a little drift).
      const pinned = async (instant: number) => {
        offsetMs = instant - Date.now();
        const one = await stack.gql(`query($id: ID!) { tournament(id: $id) { stage } }`, { id: t.id });
        return one.data.tournament.stage as string;
      };
      expect(await pinned(boundary - 1000)).toBe(t.stage);
      expect(await pinned(boundary + 1000)).not.toBe(t.stage);
    }
  });
});
