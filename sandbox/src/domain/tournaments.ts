import crypto from 'node:crypto';
import type { SandboxContext } from '../context.js';
import type { Db } from '../db/open.js';
import { scheduleAnchor } from '../db/schedule.js';
import { ApiError, notFound } from '../http/errors.js';
import { TournamentEvents, tournamentChannel } from '../realtime/hub.js';
import { isoUtc } from './clock.js';
import { post } from './ledger.js';
import { formatCents } from './money.js';
import { publicName } from './public-names.js';

// ---------------------------------------------------------------------------------------------------------------
// Stage (docs/rules.md#tournament-stages): a pure function of the tournament's times and the clock.
// ---------------------------------------------------------------------------------------------------------------

export type TournamentStage = 'coming_up' | 'registering' | 'late_registration' | 'running' | 'ended';

type Instant = Date | number;

export interface StageTimes {
  registration_start: Instant;
  registration_end: Instant;
  tournament_start: Instant;
  tournament_end: Instant;
  /** Minutes of play a buy-in gives; null when the tournament has none. */
  buy_in_duration: number | null;
}

const ms = (t: Instant) => (typeof t === 'number' ? t : t.getTime());

/**
 * The stage at `now`. Every interval is half-open, [from, to):
 * - Ended once now >= tournament_end (completes_in is then 0);
 * - Coming Up while now < registration_start;
 * - registration is open while registration_start <= now < registration_end;
 * - the tournament has started once now >= tournament_start;
 * - Registering: registration open and not started;
 * - Late Reg.: started and registration open, and, with a buy-in duration, that duration (minutes) fits within
 *   the remaining completion time (duration * 60 <= completes_in seconds, so an exact fit is still Late Reg.);
 * - Running: otherwise (started with registration closed, or a buy-in duration that no longer fits). As the stage
 *   table of docs/rules.md#tournament-stages reads, this "otherwise" also covers a registration that closed before
 *   the tournament started.
 */
export function tournamentStage(t: StageTimes, now: Instant): TournamentStage {
  const n = ms(now);
  if (n >= ms(t.tournament_end)) return 'ended';
  if (n < ms(t.registration_start)) return 'coming_up';
  const registrationOpen = n < ms(t.registration_end);
  const started = n >= ms(t.tournament_start);
  if (registrationOpen && !started) return 'registering';
  if (registrationOpen && started) {
    const completesIn = completesInSeconds(t, n);
    if (t.buy_in_duration === null || t.buy_in_duration * 60 <= completesIn) return 'late_registration';
  }
  return 'running';
}

/** Whole seconds until the tournament ends, never below 0. */
export function completesInSeconds(t: Pick<StageTimes, 'tournament_end'>, now: Instant): number {
  return Math.max(0, Math.floor((ms(t.tournament_end) - ms(now)) / 1000));
}

/** Registration is open in Registering and Late Reg. */
export const isRegistrationOpen = (stage: TournamentStage) =>
  stage === 'registering' || stage === 'late_registration';

/** "Running" applies in Late Reg. and Running. */
export const isRunningStage = (stage: TournamentStage) =>
  stage === 'late_registration' || stage === 'running';

// ---------------------------------------------------------------------------------------------------------------
// Rows and lookups
// ---------------------------------------------------------------------------------------------------------------

export interface TournamentRow {
  id: number;
  name: string;
  description: string;
  image: string;
  registration_start_offset: number;
  registration_end_offset: number;
  tournament_start_offset: number;
  tournament_end_offset: number;
  buy_in_cents: number;
  buy_in_duration: number | null;
  prize_pool_cents: number;
  game_ids: string;
  /** The smallest stake per spin that scores; 0 when there is no minimum. */
  min_stake_cents: number;
}

export interface TournamentUserRow {
  tournament_id: number;
  user_id: number;
  entry_id: string;
  name: string;
  points: number;
  time_played: number;
  started_at: string | null;
  joined_at: string;
}

/** A tournament with its absolute times (schedule anchor + offsets) as Dates. */
export interface Tournament extends TournamentRow {
  times: { registration_start: Date; registration_end: Date; tournament_start: Date; tournament_end: Date };
  gameIds: number[];
}

export function resolveTimes(row: TournamentRow, anchor: Date): Tournament {
  const at = (offsetSeconds: number) => new Date(anchor.getTime() + offsetSeconds * 1000);
  let gameIds: number[] = [];
  try {
    const parsed: unknown = JSON.parse(row.game_ids);
    if (Array.isArray(parsed)) gameIds = parsed.filter((x): x is number => Number.isInteger(x));
  } catch {
    gameIds = [];
  }
  return {
    ...row,
    gameIds,
    times: {
      registration_start: at(row.registration_start_offset),
      registration_end: at(row.registration_end_offset),
      tournament_start: at(row.tournament_start_offset),
      tournament_end: at(row.tournament_end_offset),
    },
  };
}

export function stageOf(t: Tournament, now: Instant): TournamentStage {
  return tournamentStage({ ...t.times, buy_in_duration: t.buy_in_duration }, now);
}

/** An empty game_ids list means every game scores. */
export const countsGame = (t: Tournament, gameId: number) =>
  t.gameIds.length === 0 || t.gameIds.includes(gameId);

export function listTournaments(db: Db): Tournament[] {
  const anchor = scheduleAnchor(db);
  const rows = db.prepare('SELECT * FROM tournaments ORDER BY id').all() as TournamentRow[];
  return rows.map((r) => resolveTimes(r, anchor));
}

export function findTournament(db: Db, id: number): Tournament | null {
  const row = db.prepare('SELECT * FROM tournaments WHERE id = ?').get(id) as TournamentRow | undefined;
  return row ? resolveTimes(row, scheduleAnchor(db)) : null;
}

/** The first tournament whose image this is (art/images.ts draws its poster from the name). */
export function findTournamentByImage(db: Db, image: string) {
  return db.prepare('SELECT name FROM tournaments WHERE image = ? ORDER BY id LIMIT 1').get(image) as
    { name: string } | undefined;
}

export function getTournament(db: Db, id: number): Tournament {
  const t = findTournament(db, id);
  if (!t) throw notFound('Tournament');
  return t;
}

export function findEntry(db: Db, tournamentId: number, userId: number): TournamentUserRow | null {
  const row = db
    .prepare(
      `SELECT tu.*, u.name FROM tournament_users tu JOIN users u ON u.id = tu.user_id
       WHERE tu.tournament_id = ? AND tu.user_id = ?`,
    )
    .get(tournamentId, userId) as TournamentUserRow | undefined;
  return row ?? null;
}

/** The leaderboard: points descending, ties by who joined first (then by user id). */
export function leaderboardRows(db: Db, tournamentId: number): TournamentUserRow[] {
  return db
    .prepare(
      `SELECT tu.*, u.name FROM tournament_users tu JOIN users u ON u.id = tu.user_id
       WHERE tu.tournament_id = ? ORDER BY tu.points DESC, tu.joined_at ASC, tu.user_id ASC`,
    )
    .all(tournamentId) as TournamentUserRow[];
}

/** A leaderboard entry's id: random, so it says nothing of the player (migration 12 gave older entries theirs). */
export const newEntryId = () => crypto.randomBytes(12).toString('hex');

/**
 * Joins the player while registration is open. The buy-in (if any) leaves the money wallet in the same
 * transaction as the join row, so a refused buy-in ("Insufficient funds.") leaves no entry behind.
 */
export function joinTournament(db: Db, t: Tournament, userId: number, now: Date): void {
  db.transaction(() => {
    if (findEntry(db, t.id, userId)) throw new ApiError(422, 'You have already joined this tournament.');
    if (!isRegistrationOpen(stageOf(t, now)))
      throw new ApiError(422, 'Registration for this tournament is closed.');
    db.prepare(
      'INSERT INTO tournament_users (tournament_id, user_id, joined_at, entry_id) VALUES (?, ?, ?, ?)',
    ).run(t.id, userId, now.toISOString(), newEntryId());
    if (t.buy_in_cents > 0) {
      post(
        db,
        [
          {
            userId,
            wallet: 'money',
            amountCents: -t.buy_in_cents,
            kind: 'buy_in',
            reference: `tournament:${t.id}`,
          },
        ],
        now,
      );
    }
  })();
}

/** Records the player's first start (a buy-in's play window runs from it). */
export function markEntryStarted(db: Db, tournamentId: number, userId: number, now: Date): void {
  db.prepare('UPDATE tournament_users SET started_at = ? WHERE tournament_id = ? AND user_id = ?').run(
    now.toISOString(),
    tournamentId,
    userId,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Play sessions (PUT start / stop). The schema keeps started_at (first start) and time_played (seconds); the
// start of the current session is kept in memory, per database, until stop. A restart forgets open sessions.
// ---------------------------------------------------------------------------------------------------------------

const sessions = new WeakMap<Db, Map<string, number>>();
const sessionKey = (tournamentId: number, userId: number) => `${tournamentId}:${userId}`;
function sessionMap(db: Db): Map<string, number> {
  let m = sessions.get(db);
  if (!m) sessions.set(db, (m = new Map()));
  return m;
}

/** When a player's play stops counting: the tournament end, or for a buy-in the end of the bought window. */
export function playWindowEnd(t: Tournament, entry: Pick<TournamentUserRow, 'started_at'>): number {
  const end = t.times.tournament_end.getTime();
  if (t.buy_in_duration === null || !entry.started_at) return end;
  return Math.min(end, Date.parse(entry.started_at) + t.buy_in_duration * 60_000);
}

/** True when a buy-in player's window (buy_in_duration minutes from started_at) has run out. */
export function playWindowExpired(t: Tournament, entry: Pick<TournamentUserRow, 'started_at'>, now: Date) {
  if (t.buy_in_duration === null || !entry.started_at) return false;
  return now.getTime() >= Date.parse(entry.started_at) + t.buy_in_duration * 60_000;
}

export function openSession(db: Db, tournamentId: number, userId: number, now: Date): void {
  const m = sessionMap(db);
  const key = sessionKey(tournamentId, userId);
  if (!m.has(key)) m.set(key, now.getTime());
}

/** Seconds of the open session that count, capped at the play window's end. */
function openSessionSeconds(db: Db, t: Tournament, entry: TournamentUserRow, now: Date): number {
  const since = sessionMap(db).get(sessionKey(t.id, entry.user_id));
  if (since === undefined) return 0;
  const until = Math.min(now.getTime(), playWindowEnd(t, entry));
  return Math.max(0, Math.floor((until - since) / 1000));
}

/** Closes the open session, if any, adding its counted seconds to time_played. */
export function closeSession(db: Db, t: Tournament, entry: TournamentUserRow, now: Date): void {
  const seconds = openSessionSeconds(db, t, entry, now);
  sessionMap(db).delete(sessionKey(t.id, entry.user_id));
  if (seconds > 0) {
    db.prepare(
      'UPDATE tournament_users SET time_played = time_played + ? WHERE tournament_id = ? AND user_id = ?',
    ).run(seconds, t.id, entry.user_id);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// JSON
// ---------------------------------------------------------------------------------------------------------------

export interface TournamentUserJson {
  user_id: number;
  /** Opaque: what a public entry is known by (the gateway's TournamentEntry id). */
  entry_id: string;
  /** "First L." (public-names.ts). */
  name: string;
  position: number;
  points: number;
  /** Seconds played: stored time plus the open session's counted time. */
  time_played: number;
  started_at: string | null;
}

export interface TournamentJson {
  id: number;
  name: string;
  description: string;
  image: string;
  tournament_start: string;
  tournament_end: string;
  registration_start: string;
  registration_end: string;
  buy_in: string;
  buy_in_duration: number | null;
  completes_in: number;
  users_count: number;
  prize_pool: string;
  /** Game ids that score points; an empty list means every game. */
  game_ids: number[];
  /** The smallest stake per spin that scores ("5.00"); null when there is no minimum. */
  min_stake: string | null;
  stage: TournamentStage;
  tournament_users: TournamentUserJson[];
  /** Only for a signed-in caller. */
  joined?: boolean;
  my_entry?: TournamentUserJson | null;
}

export interface TournamentJsonOptions {
  /** The signed-in caller, if any: adds joined and my_entry. */
  viewerId?: number | null;
  /** How many leaderboard rows to include; all when left out. */
  limit?: number;
}

export function tournamentJson(
  db: Db,
  t: Tournament,
  now: Date,
  options: TournamentJsonOptions = {},
): TournamentJson {
  const rows = leaderboardRows(db, t.id);
  const board: TournamentUserJson[] = rows.map((r, i) => ({
    user_id: r.user_id,
    // Opaque and random per entry: a public entry's id holds no user id (docs/rules.md#know-your-player).
    entry_id: r.entry_id,
    // "First L." whatever the player typed: the one rule for every public name.
    name: publicName(r.name),
    position: i + 1,
    points: r.points,
    time_played: r.time_played + openSessionSeconds(db, t, r, now),
    started_at: r.started_at ? isoUtc(Date.parse(r.started_at)) : null,
  }));
  const json: TournamentJson = {
    id: t.id,
    name: t.name,
    description: t.description,
    image: t.image,
    tournament_start: isoUtc(t.times.tournament_start),
    tournament_end: isoUtc(t.times.tournament_end),
    registration_start: isoUtc(t.times.registration_start),
    registration_end: isoUtc(t.times.registration_end),
    buy_in: formatCents(t.buy_in_cents),
    buy_in_duration: t.buy_in_duration,
    completes_in: completesInSeconds(t.times, now),
    users_count: rows.length,
    prize_pool: formatCents(t.prize_pool_cents),
    game_ids: t.gameIds,
    min_stake: t.min_stake_cents > 0 ? formatCents(t.min_stake_cents) : null,
    stage: stageOf(t, now),
    tournament_users: options.limit === undefined ? board : board.slice(0, options.limit),
  };
  if (options.viewerId != null) {
    const mine = board.find((r) => r.user_id === options.viewerId) ?? null;
    json.joined = mine !== null;
    json.my_entry = mine;
  }
  return json;
}

// ---------------------------------------------------------------------------------------------------------------
// Points from spins
// ---------------------------------------------------------------------------------------------------------------

/**
 * Points for one real-money spin: one point per whole rand staked, at least 1 for any positive stake
 * (R0.50 -> 1, R2.99 -> 2, R10 -> 10). A stake of 0 or less scores nothing, and so does a stake below the
 * tournament's minimum (min_stake_cents; 0 means none): docs/rules.md#tournament-stages, "Which spins score".
 */
export const pointsForStake = (stakeCents: number, minStakeCents = 0) =>
  stakeCents > 0 && stakeCents >= minStakeCents ? Math.max(1, Math.floor(stakeCents / 100)) : 0;

/**
 * The tournaments where this spin scores for this player: joined, running (Late Reg. or Running) and actually
 * started at now, counting the game (empty game_ids = all games), and, with a buy-in duration, the player's play
 * window (buy_in_duration minutes from started_at) not yet run out. Ordered by tournament id.
 */
function scoringTournaments(db: Db, userId: number, gameId: number, now: Date) {
  const anchor = scheduleAnchor(db);
  const rows = db
    .prepare(
      `SELECT t.*, tu.started_at AS entry_started_at FROM tournaments t
       JOIN tournament_users tu ON tu.tournament_id = t.id AND tu.user_id = ? ORDER BY t.id`,
    )
    .all(userId) as (TournamentRow & { entry_started_at: string | null })[];
  const out: { t: Tournament; startedAt: string | null }[] = [];
  for (const row of rows) {
    const { entry_started_at: startedAt, ...rest } = row;
    const t = resolveTimes(rest, anchor);
    if (!isRunningStage(stageOf(t, now))) continue;
    if (now.getTime() < t.times.tournament_start.getTime()) continue;
    if (!countsGame(t, gameId)) continue;
    if (playWindowExpired(t, { started_at: startedAt }, now)) continue;
    out.push({ t, startedAt });
  }
  return out;
}

/**
 * Called by each real-money spin: adds pointsForStake(stakeCents, its minimum) to every running tournament the
 * player has joined that counts this game (see scoringTournaments), setting started_at to now when it is not set yet
 * (which also starts a buy-in player's window), then publishes {refresh: true} on each such tournament's channel.
 * A spin below a tournament's minimum stake scores nothing there and changes nothing (not even started_at).
 */
export function addTournamentPoints(
  ctx: SandboxContext,
  userId: number,
  gameId: number,
  stakeCents: number,
): void {
  if (pointsForStake(stakeCents) === 0) return;
  const now = ctx.clock();
  const affected = ctx.db.transaction(() => {
    const hits = scoringTournaments(ctx.db, userId, gameId, now).filter(
      ({ t }) => pointsForStake(stakeCents, t.min_stake_cents) > 0,
    );
    for (const { t } of hits) {
      const points = pointsForStake(stakeCents, t.min_stake_cents);
      ctx.db
        .prepare(
          `UPDATE tournament_users SET points = points + ?, started_at = COALESCE(started_at, ?)
           WHERE tournament_id = ? AND user_id = ?`,
        )
        .run(points, now.toISOString(), t.id, userId);
    }
    return hits.map(({ t }) => t.id);
  })();
  for (const id of affected) publishTournamentRefresh(ctx, id);
}

/**
 * Called by each real-money game launch: in every tournament where a spin on this game would score for the player
 * (see scoringTournaments), their clock starts now if it has not yet (started_at, which begins a buy-in's play
 * window) and a play session opens; each such tournament's watchers are told. START PLAYING (PUT start) no longer
 * starts the clock: the player's play time begins when they open a game that counts.
 */
export function startTournamentClocks(ctx: SandboxContext, userId: number, gameId: number): void {
  const now = ctx.clock();
  const started = ctx.db.transaction(() =>
    scoringTournaments(ctx.db, userId, gameId, now).map(({ t, startedAt }) => {
      if (!startedAt) markEntryStarted(ctx.db, t.id, userId, now);
      openSession(ctx.db, t.id, userId, now);
      return t.id;
    }),
  )();
  for (const id of started) publishTournamentRefresh(ctx, id);
}

/** The running tournament this player has joined that counts this game, for the game launch response; else null. */
export function tournamentIdForGame(ctx: SandboxContext, userId: number, gameId: number): number | null {
  return scoringTournaments(ctx.db, userId, gameId, ctx.clock())[0]?.t.id ?? null;
}

/** Tells watchers of a tournament to refetch its progress. */
export function publishTournamentRefresh(ctx: SandboxContext, tournamentId: number): void {
  ctx.realtime.publish(tournamentChannel(tournamentId), TournamentEvents.updated, { refresh: true });
}
