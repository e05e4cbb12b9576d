import type { GatewayContext } from '../context.js';
import type { Resolvers, TournamentActionName } from '../__generated__/resolvers-types.js';
import { completesInSeconds, tournamentStage, type StageInfo } from '../domain/tournament-stage.js';
import { badInput, unauthenticated } from '../errors.js';
import type { TournamentModel } from '../models.js';
import { MAX_PAGE_SIZE, numericIdOf, toGlobalId } from '../relay.js';
import {
  joinTournament,
  loadTournamentById,
  loadTournamentProgress,
  loadTournaments,
  tournamentAction,
  type TournamentActionPath,
} from '../upstream/tournaments.js';
import { loadWallet } from '../upstream/wallet.js';
import type { NodeLoader } from './node.js';

/**
 * One "now" per answer (ctx.now): every field of one answer (stage, label, nextStageAt, completesInSeconds) is
 * computed at the same instant, so an answer that straddles a boundary never gives a stage and a label that disagree.
 */
const stageOf = (t: TournamentModel, ctx: GatewayContext): StageInfo => tournamentStage(t, ctx.now());

/** Joining and acting need a session; guests are told to sign in without a round trip (a bad token gets 401). */
function requireToken(ctx: GatewayContext): void {
  if (!ctx.upstream.token) throw unauthenticated();
}

const ACTION_PATHS: Record<TournamentActionName, TournamentActionPath> = { START: 'start', STOP: 'stop' };

async function leaderboardSource(t: TournamentModel, first: number, ctx: GatewayContext) {
  // The list answer carries only the top rows; ask for the whole board only when more are wanted than it holds.
  if (first <= t.entries.length || t.entries.length >= t.usersCount) return t.entries;
  return (await loadTournamentProgress(ctx.upstream, t.id))?.entries ?? t.entries;
}

export const tournamentsResolvers: Resolvers = {
  Query: {
    tournaments: (_root, _args, ctx) => loadTournaments(ctx.upstream),
    tournament: (_root, { id }, ctx) => loadTournamentById(ctx.upstream, numericIdOf(id, 'Tournament')),
  },
  Tournament: {
    id: (t) => toGlobalId('Tournament', t.id),
    tournamentId: (t) => t.id,
    buyIn: (t) => ({ cents: t.buyInCents }),
    prizePool: (t) => ({ cents: t.prizePoolCents }),
    completesInSeconds: (t, _args, ctx) => completesInSeconds(t, ctx.now()),
    stage: (t, _args, ctx) => stageOf(t, ctx).stage,
    label: (t, _args, ctx) => stageOf(t, ctx).label,
    registrationOpen: (t, _args, ctx) => stageOf(t, ctx).registrationOpen,
    running: (t, _args, ctx) => stageOf(t, ctx).running,
    nextStageAt: (t, _args, ctx) => stageOf(t, ctx).nextStageAt?.toISOString() ?? null,
    joined: (t) => t.joined,
    myEntry: (t) => t.myEntry,
    leaderboard: async (t, { first }, ctx) => {
      if (first < 0 || first > MAX_PAGE_SIZE) throw badInput(`first must be between 0 and ${MAX_PAGE_SIZE}.`);
      return (await leaderboardSource(t, first, ctx)).slice(0, first);
    },
  },
  TournamentEntry: {
    startedAt: (e) => e.startedAt?.toISOString() ?? null,
    isViewer: (e) => e.viewerId !== null && e.userId === e.viewerId,
  },
  Mutation: {
    joinTournament: async (_root, { input }, ctx) => {
      requireToken(ctx);
      const id = numericIdOf(input.tournamentId, 'Tournament', 'tournamentId');
      const tournament = await joinTournament(ctx.upstream, id);
      return { tournament, clientMutationId: input.clientMutationId ?? null };
    },
    tournamentAction: async (_root, { input }, ctx) => {
      requireToken(ctx);
      const id = numericIdOf(input.tournamentId, 'Tournament', 'tournamentId');
      const tournament = await tournamentAction(ctx.upstream, id, ACTION_PATHS[input.action]);
      return { tournament, clientMutationId: input.clientMutationId ?? null };
    },
  },
  JoinTournamentPayload: {
    // The refreshed wallet (a buy-in has just left it), read after the join; null with an error if it fails. The
    // player's own entry names whose wallet it is, which spares reading the account.
    wallet: (payload, _args, ctx) => loadWallet(ctx.upstream, payload.tournament?.myEntry?.userId),
  },
};

export const tournamentsNodeLoaders: Record<string, NodeLoader> = {
  Tournament: async (id, ctx) => {
    const n = Number(id);
    return Number.isSafeInteger(n) && n > 0 ? loadTournamentById(ctx.upstream, n) : null;
  },
};
