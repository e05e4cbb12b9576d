import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.js';
import { publishWallet } from '../domain/events.js';
import {
  closeSession,
  findEntry,
  getTournament,
  joinTournament,
  listTournaments,
  playWindowExpired,
  publishTournamentRefresh,
  stageOf,
  tournamentJson,
  type Tournament,
  type TournamentStage,
} from '../domain/tournaments.js';
import { optionalUser, requireUser } from '../http/auth.js';
import { ApiError, notFound } from '../http/errors.js';
import { assertAllowed } from '../domain/safer-gambling/guard.js';

/** Leaderboard rows shown per tournament in the list response. */
const LIST_TOP = 10;

/** Route ids are positive integers; anything else is an unknown tournament (404), never a 500. */
function tournamentId(raw: unknown): number {
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) throw notFound('Tournament');
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound('Tournament');
  return id;
}

const ACTIONS = ['start', 'stop'] as const;

/**
 * Names the unknown action and the known ones, which helps a caller who mistyped one. Only a plain word is echoed:
 * anything else (markup, spaces, a long string) stays out of the message, which clients show in an alert.
 */
function unknownAction(action: string): ApiError {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(action)) return new ApiError(422, 'Unknown tournament action.');
  return new ApiError(422, `Unknown tournament action: ${action}. Known actions: ${ACTIONS.join(', ')}.`);
}

/** The list's order: what can be played now first, then what is coming, then what has ended. */
const STAGE_ORDER: Record<TournamentStage, number> = {
  late_registration: 0,
  running: 1,
  registering: 2,
  coming_up: 3,
  ended: 4,
};

function listOrder(now: Date) {
  return (a: Tournament, b: Tournament) => {
    const sa = stageOf(a, now);
    const sb = stageOf(b, now);
    if (sa !== sb) return STAGE_ORDER[sa] - STAGE_ORDER[sb];
    // Ended: most recently ended first; otherwise the soonest to start (or end) first.
    if (sa === 'ended') return b.times.tournament_end.getTime() - a.times.tournament_end.getTime();
    if (sa === 'late_registration' || sa === 'running')
      return a.times.tournament_end.getTime() - b.times.tournament_end.getTime() || a.id - b.id;
    return a.times.tournament_start.getTime() - b.times.tournament_start.getTime() || a.id - b.id;
  };
}

export function register(app: FastifyInstance, ctx: SandboxContext): void {
  const { db } = ctx;

  app.get('/api/tournaments', async (req) => {
    const viewer = optionalUser(ctx, req);
    const now = ctx.clock();
    const tournaments = listTournaments(db)
      .sort(listOrder(now))
      .map((t) => tournamentJson(db, t, now, { viewerId: viewer?.userId ?? null, limit: LIST_TOP }));
    const leaderboards: Record<string, (typeof tournaments)[number]['tournament_users']> = {};
    for (const t of tournaments) leaderboards[String(t.id)] = t.tournament_users;
    return { tournaments, leaderboards };
  });

  app.get<{ Params: { id: string } }>('/api/tournaments/:id', async (req) => {
    const viewer = optionalUser(ctx, req);
    const t = getTournament(db, tournamentId(req.params.id));
    return { tournament: tournamentJson(db, t, ctx.clock(), { viewerId: viewer?.userId ?? null }) };
  });

  app.get<{ Params: { id: string } }>('/api/tournamentProgress/:id', async (req) => {
    const viewer = optionalUser(ctx, req);
    const t = getTournament(db, tournamentId(req.params.id));
    return { tournament: tournamentJson(db, t, ctx.clock(), { viewerId: viewer?.userId ?? null }) };
  });

  // Join (the buy-in, if any, in the same transaction: domain/tournaments.ts joinTournament).
  app.post<{ Params: { id: string } }>('/api/tournaments/:id', async (req) => {
    const { userId } = requireUser(ctx, req);
    const t = getTournament(db, tournamentId(req.params.id));
    assertAllowed(ctx, userId, { kind: 'tournament', buyInCents: t.buy_in_cents });
    const now = ctx.clock();
    joinTournament(db, t, userId, now);
    if (t.buy_in_cents > 0) publishWallet(ctx, userId);
    publishTournamentRefresh(ctx, t.id);
    return { tournament: tournamentJson(db, t, now, { viewerId: userId }) };
  });

  // start: says whether the player may play now (the tournament runs and, for a buy-in, the player's window of
  // buy_in_duration minutes from started_at lasts), refusing otherwise. It no longer starts the clock: started_at
  // is set, and a play session opens, when the player launches a game that counts (startTournamentClocks).
  // stop: closes the open session, adding its time (capped at the window's end) to time_played.
  app.put<{ Params: { id: string; action: string } }>('/api/tournaments/:id/:action', async (req) => {
    const { userId } = requireUser(ctx, req);
    const t = getTournament(db, tournamentId(req.params.id));
    const action = req.params.action;
    if (action !== 'start' && action !== 'stop') throw unknownAction(action);
    const entry = findEntry(db, t.id, userId);
    if (!entry) throw new ApiError(403, 'You have not joined this tournament.');
    const now = ctx.clock();
    if (action === 'start') {
      const stage = stageOf(t, now);
      if (stage === 'ended') throw new ApiError(422, 'This tournament has ended.');
      if (now.getTime() < t.times.tournament_start.getTime())
        throw new ApiError(422, 'This tournament has not started yet.');
      if (playWindowExpired(t, entry, now)) throw new ApiError(422, 'Your tournament play time has run out.');
      // Nothing starts here: the clock starts when the player opens a game that counts (GET /api/games/:id/false).
    } else {
      closeSession(db, t, entry, now);
    }
    publishTournamentRefresh(ctx, t.id);
    return { tournament: tournamentJson(db, t, now, { viewerId: userId }) };
  });
}
