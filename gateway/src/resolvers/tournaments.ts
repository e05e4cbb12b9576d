import type { GatewayContext } from '../context.js';
import type { Resolvers, TournamentActionName } from '../__generated__/resolvers-types.js';
import { money } from '../domain/money.js';
import { formatDuration } from '../domain/time.js';
import {
  completesInSeconds,
  countsGame,
  tournamentStage,
  type StageInfo,
} from '../domain/tournament-stage.js';
import { badInput } from '../errors.js';
import type { GameModel, TournamentModel } from '../models.js';
import {
  canonicalNumericId,
  connectionFromArray,
  connectionFromSlice,
  numericIdOf,
  pageOf,
  toGlobalId,
} from '../relay.js';
import {
  joinTournament,
  loadTournamentById,
  loadTournamentProgress,
  loadTournaments,
  tournamentAction,
} from '../upstream/tournaments.js';
import { loadCatalogue } from '../upstream/games.js';
import { loadWallet } from '../upstream/wallet.js';
import { assetUrl } from './assets.js';
import { gamesVisibleTo } from './catalogue.js';
import { requireSession } from './guard.js';
import type { NodeLoader } from './node.js';
import { withSession, type Prefetches } from './prefetch.js';

/**
 * One "now" per execution (ctx.now): every field of one execution (stage, label, nextStageAt, completesInSeconds) is
 * computed at the same instant, so a result that straddles a boundary never gives a stage and a label that disagree.
 */
const stageOf = (t: TournamentModel, ctx: GatewayContext): StageInfo => tournamentStage(t, ctx.now());

const ACTION_PATHS: Record<TournamentActionName, string> = { START: 'start', STOP: 'stop' };

/** The backend's path segment for the action asked for: a known one, or another that is safe to send. */
function actionPath(
  action: TournamentActionName | null | undefined,
  other: string | null | undefined,
): string {
  if ((action == null) === (other == null)) throw badInput('Give exactly one of action and otherAction.');
  if (action != null) return ACTION_PATHS[action];
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(other!)) {
    throw badInput('otherAction must be 1 to 40 letters, digits, - or _.');
  }
  return other!.toLowerCase();
}

async function leaderboardSource(t: TournamentModel, wanted: number, ctx: GatewayContext) {
  // The list response carries only the top rows; ask for the whole board only when more are wanted than it holds.
  if (wanted <= t.entries.length || t.entries.length >= t.usersCount) return t.entries;
  return (await loadTournamentProgress(ctx.scope.upstream, t.id))?.entries ?? t.entries;
}

/**
 * The games whose spins score in the tournament, in the catalogue's order, as the caller may see them (the guest
 * hiding rule applies here as on every way out of the catalogue). One catalogue read per request, however many
 * tournaments ask.
 */
async function eligibleGames(t: TournamentModel, ctx: GatewayContext): Promise<readonly GameModel[]> {
  const games = await gamesVisibleTo(ctx);
  if (t.gameIds.length === 0) return games;
  const ids = new Set(t.gameIds);
  return games.filter((g) => ids.has(g.id));
}

export const tournamentsResolvers: Resolvers = {
  Query: {
    tournaments: async (_root, { first, after, stages }, ctx) => {
      const page = { first, after };
      pageOf(page);
      const all = await loadTournaments(ctx.scope.upstream);
      const wanted = stages && stages.length > 0 ? new Set(stages) : null;
      return connectionFromArray(wanted ? all.filter((t) => wanted.has(stageOf(t, ctx).stage)) : all, page);
    },
    tournament: (_root, { id }, ctx) => loadTournamentById(ctx.scope.upstream, numericIdOf(id, 'Tournament')),
  },
  Tournament: {
    id: (t) => toGlobalId('Tournament', t.id),
    tournamentId: (t) => t.id,
    image: (t, _args, ctx) => assetUrl(t.image, ctx),
    buyIn: (t) => (t.buyInCents === null ? null : money(t.buyInCents)),
    prizePool: (t) => (t.prizePoolCents === null ? null : money(t.prizePoolCents)),
    completesInSeconds: (t, _args, ctx) => completesInSeconds(t, ctx.now()),
    completesIn: (t, _args, ctx) => formatDuration(completesInSeconds(t, ctx.now())),
    stage: (t, _args, ctx) => stageOf(t, ctx).stage,
    label: (t, _args, ctx) => stageOf(t, ctx).label,
    registrationOpen: (t, _args, ctx) => stageOf(t, ctx).registrationOpen,
    running: (t, _args, ctx) => stageOf(t, ctx).running,
    nextStageAt: (t, _args, ctx) => stageOf(t, ctx).nextStageAt?.toISOString() ?? null,
    inPlay: (t, _args, ctx) => stageOf(t, ctx).inPlay,
    countsAllGames: (t) => t.gameIds.length === 0,
    minimumStake: (t) => (t.minStakeCents === null ? null : money(t.minStakeCents)),
    eligibleGames: async (t, args, ctx) => connectionFromArray(await eligibleGames(t, ctx), args),
    joined: (t) => t.joined,
    myEntry: (t) => t.myEntry,
    leaderboard: async (t, args, ctx) => {
      const { start, first } = pageOf(args);
      const entries = await leaderboardSource(t, start + first, ctx);
      // The list's rows may be only the top of the board: every player who joined counts toward the total.
      return connectionFromSlice(
        entries.slice(start, start + first),
        start,
        Math.max(entries.length, t.usersCount),
      );
    },
  },
  Game: {
    // The player's tournaments come from the one list read of the request (however many games ask); a guest has
    // joined none, which needs no read.
    tournamentEligibility: async (g, _args, ctx) => {
      if (!ctx.scope.upstream.token) return [];
      const tournaments = await loadTournaments(ctx.scope.upstream);
      return tournaments
        .filter((t) => t.joined && stageOf(t, ctx).stage !== 'ENDED')
        .map((t) => ({ tournament: t, counts: countsGame(t, g.id) }));
    },
  },
  TournamentEntry: {
    // The casino's opaque entry id: a public leaderboard's ids say nothing of who is behind them (no user id, even
    // decoded).
    id: (e) => toGlobalId('TournamentEntry', e.entryId),
    startedAt: (e) => e.startedAt?.toISOString() ?? null,
    isViewer: (e) => e.viewerId !== null && e.userId === e.viewerId,
  },
  Mutation: {
    joinTournament: async (_root, { input }, ctx) => {
      requireSession(ctx);
      const id = numericIdOf(input.tournamentId, 'Tournament', 'tournamentId');
      const tournament = await joinTournament(ctx.scope.upstream, id);
      return { tournament, clientMutationId: input.clientMutationId ?? null };
    },
    tournamentAction: async (_root, { input }, ctx) => {
      requireSession(ctx);
      const id = numericIdOf(input.tournamentId, 'Tournament', 'tournamentId');
      const path = actionPath(input.action, input.otherAction);
      const tournament = await tournamentAction(ctx.scope.upstream, id, path);
      return { tournament, clientMutationId: input.clientMutationId ?? null };
    },
  },
  JoinTournamentPayload: {
    // The refreshed wallet (a buy-in has just left it), read after the join; null with an error if it fails. The
    // player's own entry names whose wallet it is, which spares reading the account.
    wallet: (payload, _args, ctx) => loadWallet(ctx.scope.upstream, payload.tournament?.myEntry?.userId),
  },
};

export const tournamentsNodeLoaders: Record<string, NodeLoader> = {
  Tournament: async (id, ctx) => {
    const n = canonicalNumericId(id);
    return n === null ? null : loadTournamentById(ctx.scope.upstream, n);
  },
};

/** The reads these fields make, started before their parents resolve (resolvers/prefetch.ts). */
export const tournamentsPrefetches: Prefetches = {
  Tournament: { eligibleGames: (ctx) => loadCatalogue(ctx.scope.upstream) },
  Game: { tournamentEligibility: withSession((ctx) => loadTournaments(ctx.scope.upstream)) },
};
