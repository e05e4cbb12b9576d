import { Repeater } from '@repeaterjs/repeater';
import type { GraphQLError } from 'graphql';
import type { Redis } from 'ioredis';
import type { GatewayConfig } from '../config.js';
import type { TournamentModel } from '../models.js';
import { checkSession } from '../upstream/account.js';
import { authorizeChannel } from '../upstream/broadcasting.js';
import type { UpstreamClient } from '../upstream/client.js';
import type { PublicCache } from '../upstream/public-cache.js';
import { RequestUpstream } from '../upstream/request-upstream.js';
import { SessionReads } from '../upstream/session-reads.js';
import { loadTournamentProgress } from '../upstream/tournaments.js';
import { tournamentStage } from '../domain/tournament-stage.js';
import { LiveChannels, type ChannelAuthorizer, type LiveChannelStats } from './live-channels.js';
import { SessionEnds } from './session-ends.js';
import { sessionEndedError, Sessions } from './sessions.js';
import { SharedFanout, type FanoutStats } from './shared-fanout.js';
import { TournamentRefresh } from './tournament-refresh.js';

/** The private live channel of one player. */
export const userChannel = (userId: number) => `private-user.${userId}`;

/** What a viewerEvents subscriber receives, before it is typed. */
export type ViewerMessage =
  | { kind: 'event'; name: string; data: unknown }
  | { kind: 'resync' }
  | { kind: 'ended'; error: GraphQLError };

export type TournamentMessage =
  { kind: 'tournament'; tournament: TournamentModel } | { kind: 'ended'; error: GraphQLError };

export interface RealtimeStats extends LiveChannelStats {
  /**
   * Event streams being served: one per subscription executed on its own, one per group of shared subscribers
   * (see `shared` for those groups' members).
   */
  subscribers: number;
  /** Subscriptions sharing one execution per event (realtime/shared-fanout.ts). */
  shared: FanoutStats;
  /** Sessions being re-checked. */
  sessions: number;
}

/** The process-wide bridge from the casino's live channels to GraphQL subscriptions. */
export interface Realtime {
  /** The player's own channel, until the subscriber leaves or the session ends (then one `ended`). */
  /** With `catchUp`, a resync is sent first, once the player's channel is live (see Subscription.viewerEvents). */
  viewerFeed(userId: number, token: string, catchUp?: boolean): AsyncIterableIterator<ViewerMessage>;
  /** A tournament's refetched progress after each refresh; a signed-in watcher's feed ends with its session. */
  tournamentFeed(
    id: number,
    token: string | null,
    known?: TournamentModel,
  ): AsyncIterableIterator<TournamentMessage>;
  /**
   * A session is over (signed out, or refused with a 401 by the casino): its subscriptions end now, on every
   * replica (realtime/session-ends.ts).
   */
  sessionEnded(token: string, reason?: string | null): void;
  /** A player reset their password, ending their other sessions: every replica checks that player's now. */
  passwordReset(player: number): void;
  /**
   * The casino ended every session of a player (a self-exclusion, docs/rules.md#safer-gambling): every replica checks
   * that player's sessions now, as after a password reset, so another device's subscriptions end at once too.
   */
  playerSessionsEnded(player: number): void;
  /**
   * Watches a session a subscription relies on (re-checked every SESSION_CHECK_MS, one check per token): `onEnded`
   * once it ends. Returns the function that stops watching.
   */
  watchSession(token: string, onEnded: (error: GraphQLError) => void): () => void;
  /** The groups of subscribers that share one execution per event. */
  fanout: SharedFanout;
  stats(): RealtimeStats;
  close(): void;
}

/** The casino calls the live bridge makes outside any request; all of them live in upstream/. */
export interface RealtimeCalls {
  /** /broadcasting/auth with a subscriber's own session (upstream/broadcasting.ts). */
  authorize: ChannelAuthorizer;
  /** Resolves while the session holds; rejects with UNAUTHENTICATED/FORBIDDEN once refused (upstream/account.ts). */
  checkSession(token: string): Promise<unknown>;
  /** A tournament's progress as a guest sees it, shared by every watcher (upstream/tournaments.ts). */
  loadTournament(id: number): Promise<TournamentModel | null>;
}

/** The calls over the gateway's upstream client (and public cache for the guest reads). */
export function realtimeCalls(client: UpstreamClient, cache: PublicCache): RealtimeCalls {
  return {
    authorize: (token, socketId, channel) => authorizeChannel(client, token, socketId, channel),
    checkSession: (token) => checkSession(client, token),
    loadTournament: (id) =>
      loadTournamentProgress(
        new RequestUpstream(
          { client, cache, sessions: new SessionReads(), publicTtlMs: 0 },
          { token: null, csrf: null },
        ),
        id,
      ),
  };
}

export interface RealtimeOptions {
  config: GatewayConfig;
  client: UpstreamClient;
  cache: PublicCache;
  /** The upstream calls; by default realtimeCalls(client, cache). */
  calls?: RealtimeCalls;
  logger: Pick<Console, 'info' | 'warn'>;
  /** Refresh flags on a tournament's channel within this window make one refetch. */
  tournamentCoalesceMs?: number;
  /** The gateway's clock, for the tournaments' stage changes. */
  clock: () => Date;
  /** The Redis the replicas share (REDIS_URL): session ends reach every replica through it. Null: one replica. */
  redis?: Redis | null;
  /** Whose a token is, when this process has read it lately (upstream/session-reads.ts). */
  playerOf?(token: string): number | null;
}

/** A subscriber this far behind (events queued, not yet sent) is cut off rather than buffered without bound. */
export const MAX_QUEUED = 500;

/** What the bridge is made of, and how many event streams it serves now. */
interface RealtimeParts {
  live: LiveChannels;
  sessions: Sessions;
  sessionEnds: SessionEnds;
  fanout: SharedFanout;
  tournaments: TournamentRefresh;
  /** Event streams being served (RealtimeStats.subscribers). */
  streams: { count: number };
}

/** The bridge's parts, each built once per gateway: every subscriber shares them. */
function openParts(options: RealtimeOptions): RealtimeParts {
  const { config, logger } = options;
  const calls = options.calls ?? realtimeCalls(options.client, options.cache);
  const live = new LiveChannels({
    url: config.pusherUrl,
    appKey: config.pusherAppKey,
    logger,
    // Laravel's channel authorisation, with the subscriber's own session: the casino decides who reads which channel.
    authorize: calls.authorize,
  });
  const sessions = new Sessions({
    intervalMs: config.sessionCheckMs,
    check: calls.checkSession,
    ...(options.playerOf ? { playerOf: options.playerOf } : {}),
  });
  const sessionEnds = new SessionEnds(options.redis ?? null);
  sessionEnds.listen({
    ended: (digest, reason) => sessions.ended(digest, sessionEndedError(reason)),
    passwordReset: (player) => sessions.recheckPlayer(player),
  });
  const fanout = new SharedFanout({ maxQueued: MAX_QUEUED });
  const tournaments = new TournamentRefresh({
    live,
    logger,
    coalesceMs: options.tournamentCoalesceMs ?? 30,
    clock: options.clock,
    nextStageAt: (t) => tournamentStage(t, options.clock()).nextStageAt,
    load: calls.loadTournament,
  });
  return { live, sessions, sessionEnds, fanout, tournaments, streams: { count: 0 } };
}

/** The casino's event on the player's channel when one of their sessions has ended (sandbox/README.md). */
const SESSION_ENDED_EVENT = 'sessionEnded';

/** Realtime.viewerFeed: the player's channel and session, until the subscriber leaves or either ends. */
function viewerFeed(parts: RealtimeParts, userId: number, token: string, catchUp: boolean) {
  const { live, sessions, streams } = parts;
  return new Repeater<ViewerMessage>(async (push, stop) => {
    streams.count += 1;
    const send = guarded(push, stop);
    const end = (error: GraphQLError) => {
      send({ kind: 'ended', error });
      stop();
    };
    const stopChannel = live.watch(
      userChannel(userId),
      {
        // The casino ended one of the player's sessions (docs/rules.md#sign-in-and-sessions): theirs are checked now,
        // not at the next periodic check, so an idle tab on an ended session hears of it (with the casino's reason)
        // at once. The event itself is not the subscriber's to see: it names no session.
        event: (name, data) =>
          name === SESSION_ENDED_EVENT ? sessions.recheckPlayer(userId) : send({ kind: 'event', name, data }),
        resubscribed: () => send({ kind: 'resync' }),
        ...(catchUp ? { subscribed: () => send({ kind: 'resync' }) } : {}),
        refused: end,
      },
      token,
    );
    const stopSession = sessions.watch(token, end, userId);
    await stop;
    stopChannel();
    stopSession();
    streams.count -= 1;
  });
}

/** Realtime.tournamentFeed: the tournament's refreshes, and for a signed-in watcher until its session ends. */
function tournamentFeed(parts: RealtimeParts, id: number, token: string | null, known?: TournamentModel) {
  const { sessions, tournaments, streams } = parts;
  return new Repeater<TournamentMessage>(async (push, stop) => {
    streams.count += 1;
    const send = guarded(push, stop);
    const stopWatching = tournaments.watch(
      id,
      (tournament) => send({ kind: 'tournament', tournament }),
      known,
    );
    const stopSession = token
      ? sessions.watch(token, (error) => {
          send({ kind: 'ended', error });
          stop();
        })
      : () => {};
    await stop;
    stopWatching();
    stopSession();
    streams.count -= 1;
  });
}

export function createRealtime(options: RealtimeOptions): Realtime {
  const parts = openParts(options);
  const { live, sessions, sessionEnds, fanout, tournaments, streams } = parts;
  return {
    viewerFeed: (userId, token, catchUp = false) => viewerFeed(parts, userId, token, catchUp),

    tournamentFeed: (id, token, known) => tournamentFeed(parts, id, token, known),

    sessionEnded: (token, reason) => sessionEnds.ended(token, reason),

    passwordReset: (player) => sessionEnds.passwordReset(player),

    playerSessionsEnded: (player) => sessionEnds.passwordReset(player),

    watchSession: (token, onEnded) => sessions.watch(token, onEnded),

    fanout,

    stats: () => ({
      ...live.stats(),
      subscribers: streams.count,
      shared: fanout.stats(),
      sessions: sessions.size,
    }),

    close() {
      fanout.close();
      tournaments.close();
      sessions.close();
      sessionEnds.close();
      live.close();
    },
  };
}

/** Pushes without letting a subscriber that stopped reading hold an unbounded queue: past MAX_QUEUED it is cut off. */
function guarded<T>(
  push: (value: T) => Promise<unknown>,
  stop: (err?: unknown) => unknown,
): (value: T) => void {
  let queued = 0;
  return (value) => {
    if (queued >= MAX_QUEUED) {
      stop(new Error('This subscriber is too far behind; subscribe again.'));
      return;
    }
    queued += 1;
    push(value).then(
      () => (queued -= 1),
      () => (queued -= 1),
    );
  };
}
