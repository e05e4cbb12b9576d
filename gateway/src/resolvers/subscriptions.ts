import { GraphQLError } from 'graphql';
import type { GatewayContext } from '../context.js';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { progressPercent } from '../domain/loyalty.js';
import { isAuthError, notFound } from '../errors.js';
import type { TournamentModel, ViewerEventModel } from '../models.js';
import { eventStream, type Step } from '../realtime/event-stream.js';
import type { TournamentMessage, ViewerMessage } from '../realtime/realtime.js';
import { numericIdOf } from '../relay.js';
import { loadLoyalty, parseLoyaltyProgressEvent } from '../upstream/loyalty.js';
import { parseNotificationEvent } from '../upstream/notifications.js';
import { parseSaferGamblingEvent } from '../upstream/safer-gambling.js';
import { asSeenBy, sharedTournament } from '../upstream/tournaments.js';
import { parseVerificationEvent } from '../upstream/verification.js';
import { loadWallet, parseDepositEvent } from '../upstream/wallet.js';
import { parseWithdrawalEvent } from '../upstream/withdrawals.js';
import { requirePlayerId } from './guard.js';
import { viewerOf } from './viewer.js';

/*
 * Live subscriptions over the casino's channels (realtime/). Each event is one execution: the context is renewed
 * before it (fresh loaders and "now"), refetches use the subscriber's own session, and an error is sent as that
 * event's error. A session the casino refuses ends the subscription after an UNAUTHENTICATED error.
 */

/** What a subscription sends per event: the event, or the error that event ended in. */
type Sent<T> = T | GraphQLError;

/** Sends an error as the event's error; one that says the session is gone is the last. */
function failed<T>(err: unknown): Step<Sent<T>> {
  const error =
    err instanceof GraphQLError
      ? err
      : new GraphQLError('The live update could not be read.', { originalError: err as Error });
  return { value: error, last: isAuthError(error) };
}

/** The typed event for one message of the player's channel; refetches what the event says has changed. */
async function viewerEvent(
  message: ViewerMessage,
  ctx: GatewayContext,
  userId: number,
): Promise<Step<Sent<ViewerEventModel>>> {
  if (message.kind === 'ended') return { value: message.error, last: true };
  if (message.kind === 'resync') {
    return { value: { __typename: 'ViewerSnapshotEvent', name: 'snapshot', viewer: viewerOf(userId) } };
  }
  const { name, data } = message;
  const generic: ViewerEventModel = { __typename: 'GenericViewerEvent', name, data };
  if (name === 'loyaltyProgress') {
    const event = parseLoyaltyProgressEvent(data);
    if (!event) return { value: generic };
    const changed = event.newDiamond || event.newChest;
    const loyalty = changed ? await loadLoyalty(ctx.scope.upstream, userId) : null;
    return { value: { __typename: 'LoyaltyProgressEvent', name, ...event, loyalty } };
  }
  if (name === 'notification') {
    const event = parseNotificationEvent(data);
    return { value: event ? { __typename: 'NotificationEvent', name, ...event } : generic };
  }
  if (name === 'withdrawal') {
    const withdrawal = parseWithdrawalEvent(data);
    return { value: withdrawal ? { __typename: 'WithdrawalEvent', name, withdrawal } : generic };
  }
  if (name === 'deposit') {
    const depositStatus = parseDepositEvent(data);
    return { value: depositStatus ? { __typename: 'DepositEvent', name, depositStatus } : generic };
  }
  if (name === 'saferGambling') {
    const event = parseSaferGamblingEvent(data);
    return {
      value: event ? { __typename: 'SafeGamblingEvent', name, ...event, viewer: viewerOf(userId) } : generic,
    };
  }
  if (name === 'verification') {
    const verification = parseVerificationEvent(data);
    return {
      value: verification
        ? { __typename: 'VerificationEvent', name, verification, viewer: viewerOf(userId) }
        : generic,
    };
  }
  if (name === 'wallet') {
    return {
      value: { __typename: 'WalletEvent', name, wallet: await loadWallet(ctx.scope.upstream, userId) },
    };
  }
  return { value: generic };
}

function tournamentEvent(message: TournamentMessage, viewerId: number | null): Step<Sent<TournamentModel>> {
  if (message.kind === 'ended') return { value: message.error, last: true };
  return { value: asSeenBy(message.tournament, viewerId) };
}

/** The subscription field's value for one event: the event itself, or its error. */
function sent<T>(payload: Sent<T>): T {
  if (payload instanceof GraphQLError) throw payload;
  return payload;
}

export const subscriptionResolvers: Resolvers = {
  Subscription: {
    viewerEvents: {
      subscribe: async (_root, { catchUp }, ctx) => {
        const userId = await requirePlayerId(ctx);
        const feed = ctx.realtime.viewerFeed(userId, ctx.scope.upstream.token!, catchUp === true);
        return eventStream(feed, async (message) => {
          ctx.renew();
          try {
            return await viewerEvent(message, ctx, userId);
          } catch (err) {
            return failed(err);
          }
        });
      },
      resolve: (payload: Sent<ViewerEventModel>) => sent(payload),
    },
    tournamentUpdated: {
      subscribe: async (_root, { id }, ctx) => {
        const tournamentId = numericIdOf(id, 'Tournament');
        const [viewer, known] = await Promise.all([
          ctx.viewer(),
          sharedTournament(ctx.scope.upstream, tournamentId),
        ]);
        if (!known) throw notFound('This tournament does not exist.');
        const feed = ctx.realtime.tournamentFeed(tournamentId, ctx.scope.upstream.token, known);
        return eventStream(feed, async (message) => {
          ctx.renew();
          return tournamentEvent(message, viewer?.id ?? null);
        });
      },
      resolve: (payload: Sent<TournamentModel>) => sent(payload),
    },
  },
  ViewerEvent: {
    __resolveType: (event) => event.__typename,
  },
  LoyaltyProgressEvent: {
    progressPercent: (event) => progressPercent(event.progress),
  },
};
