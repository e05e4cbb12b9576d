import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { GatewayContext } from '../context.js';
import {
  collectionGames,
  searchWords,
  selectGames,
  sourceNeeded,
  visibleTo,
  type Audience,
  type CollectionSources,
  type GameCollection,
} from '../domain/catalogue.js';
import { money } from '../domain/money.js';
import { notFound, unauthenticated } from '../errors.js';
import type { GameModel, ViewerModel } from '../models.js';
import { connectionFromArray, numericIdOf, toGlobalId, type ConnectionArgs } from '../relay.js';
import {
  launchGame,
  loadCatalogue,
  loadFavouriteIds,
  loadGameFilters,
  loadHomeGroups,
  loadLatestWins,
  loadProviders,
  loadRecentGames,
  toggleFavourite,
} from '../upstream/games.js';
import { loadTournamentById } from '../upstream/tournaments.js';
import type { RequestUpstream } from '../upstream/request-upstream.js';
import type { NodeLoader } from './node.js';
import { viewerUpstream } from './viewer.js';

/*
 * The catalogue: games (filtered, sorted, paginated), providers, filters, latest wins, the viewer's favourites and
 * recent games, launching a game and toggling a favourite. The rules themselves live in domain/catalogue.ts.
 *
 * Guest hiding (spec section 5): games of config.guestHiddenProviders never reach a guest, by any path. Every way
 * out (games, game, node, nodes, latestWins, gameProviders, launchGame, Win.game) goes through audienceOf().
 */

// ---------------------------------------------------------------------------------------------------------------
// Who is asking

/**
 * Whether the caller is a guest, for the hiding rule. A token alone proves nothing (anyone can send one), so it is
 * checked against the backend; if that check fails for any reason the caller is treated as a guest, which can only
 * hide more.
 */
async function callerIsGuest(ctx: GatewayContext): Promise<boolean> {
  if (!ctx.upstream.token) return true;
  try {
    return (await ctx.viewer()) === null;
  } catch {
    return true;
  }
}

/** The hiding rule's inputs for this caller; with no hidden providers configured it needs no upstream call. */
async function audienceOf(ctx: GatewayContext): Promise<Audience> {
  const hiddenProducts = ctx.config.guestHiddenProviders;
  if (hiddenProducts.length === 0) return { isGuest: !ctx.upstream.token, hiddenProducts };
  return { isGuest: await callerIsGuest(ctx), hiddenProducts };
}

const canSee = (audience: Audience, game: Pick<GameModel, 'product'>) =>
  visibleTo(game, audience.isGuest, audience.hiddenProducts);

/** A game by numeric id, or null when it does not exist or the caller may not see it. */
async function visibleGame(ctx: GatewayContext, id: number): Promise<GameModel | null> {
  const [catalogue, audience] = await Promise.all([loadCatalogue(ctx), audienceOf(ctx)]);
  const game = catalogue.byId.get(id);
  return game && canSee(audience, game) ? game : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Loading what a collection needs

/** Favourites and recent games are personal: a guest (no token) has none, without asking the backend. */
async function loadSources(
  ctx: GatewayContext,
  collection: GameCollection | null | undefined,
  upstream: RequestUpstream = ctx.upstream,
) {
  const sources: CollectionSources = {};
  const needed = sourceNeeded(collection);
  if (needed === 'groups') sources.groups = await loadHomeGroups(ctx);
  if (needed === 'favouriteIds')
    sources.favouriteIds = upstream.token ? await loadFavouriteIds(upstream) : [];
  if (needed === 'recentGames') sources.recentGames = upstream.token ? await loadRecentGames(upstream) : [];
  return sources;
}

/** The provider shortnames, loaded only when the text filter needs them (it searches the provider's name too). */
async function shortnames(ctx: GatewayContext, searching: boolean) {
  if (!searching) return undefined;
  const { byProduct } = await loadProviders(ctx);
  return (product: string) => byProduct.get(product)?.shortname ?? product;
}

/**
 * Checks first and after before any upstream call, so a bad page request costs nothing: the connection helper
 * validates both even over an empty list.
 */
const checkPageArgs = (args: ConnectionArgs) => void connectionFromArray([], args);

/**
 * A personal game list as a connection, limited to what the catalogue has. It loads with the viewer's own session
 * (after a login, the payload's viewer carries the new token, not the request's).
 */
async function viewerGames(
  viewer: ViewerModel,
  ctx: GatewayContext,
  args: ConnectionArgs,
  collection: 'FAVOURITES' | 'RECENT',
) {
  checkPageArgs(args);
  const upstream = viewerUpstream(viewer, ctx);
  const [catalogue, sources] = await Promise.all([
    loadCatalogue(ctx),
    loadSources(ctx, collection, upstream),
  ]);
  return connectionFromArray(collectionGames(catalogue.games, collection, sources), args);
}

// A launch's tournament is loaded only if the client asks for it; the id travels beside the payload object.
const launchTournament = new WeakMap<object, number>();

const PLATFORM = { desktop: 'DESKTOP', mobile: 'MOBILE' } as const;

// ---------------------------------------------------------------------------------------------------------------
// Resolvers

export const catalogueResolvers: Resolvers = {
  Query: {
    games: async (_root, { first, after, filter, sort }, ctx) => {
      const page = { first, after };
      checkPageArgs(page);
      const words = searchWords(filter?.text);
      const [catalogue, audience, sources, shortnameOf] = await Promise.all([
        loadCatalogue(ctx),
        audienceOf(ctx),
        loadSources(ctx, filter?.collection),
        shortnames(ctx, words.length > 0),
      ]);
      const games = selectGames(catalogue.games, {
        filter: filter ?? null,
        sort: sort ?? null,
        audience,
        sources,
        ...(shortnameOf ? { shortnameOf } : {}),
      });
      return connectionFromArray(games, page);
    },

    game: async (_root, { code }, ctx) => {
      const [catalogue, audience] = await Promise.all([loadCatalogue(ctx), audienceOf(ctx)]);
      const game = catalogue.byCode.get(code);
      return game && canSee(audience, game) ? game : null;
    },

    gameProviders: async (_root, _args, ctx) => {
      const [{ providers }, audience] = await Promise.all([loadProviders(ctx), audienceOf(ctx)]);
      return providers.filter((p) => canSee(audience, p));
    },

    gameFilters: (_root, _args, ctx) => loadGameFilters(ctx),

    latestWins: async (_root, _args, ctx) => {
      const [wins, audience] = await Promise.all([loadLatestWins(ctx), audienceOf(ctx)]);
      return wins.filter((w) => canSee(audience, w));
    },
  },

  Game: {
    id: (g) => toGlobalId('Game', g.id),
    gameId: (g) => g.id,
    code: (g) => g.code,
    provider: async (g, _args, ctx) => (await loadProviders(ctx)).byProduct.get(g.product) ?? null,
    platforms: (g) => g.platforms.map((p) => PLATFORM[p]),
    // One GET /api/favourites/short per request however many games are listed (the request's loader dedupes it).
    isFavourite: async (g, _args, ctx) =>
      ctx.upstream.token ? (await loadFavouriteIds(ctx.upstream)).includes(g.id) : false,
  },

  GameProvider: {
    id: (p) => toGlobalId('GameProvider', p.product),
  },

  Win: {
    game: (w, _args, ctx) => visibleGame(ctx, w.gameId),
    amount: (w) => money(w.amountCents),
  },

  Viewer: {
    favourites: (viewer, args, ctx) => viewerGames(viewer, ctx, args, 'FAVOURITES'),
    recentGames: (viewer, args, ctx) => viewerGames(viewer, ctx, args, 'RECENT'),
  },

  Mutation: {
    launchGame: async (_root, { input }, ctx) => {
      const gameId = numericIdOf(input.gameId, 'Game', 'gameId');
      const demo = input.demo ?? false;
      if (!demo && !ctx.upstream.token) throw unauthenticated('Please sign in to play for real money.');
      // Checked before launching, so a guest cannot start a hidden provider's game even in demo.
      if (!(await visibleGame(ctx, gameId))) throw notFound('Game not found.');
      const launch = await launchGame(ctx.upstream, gameId, demo);
      const payload = {
        url: launch.url,
        game: launch.game,
        clientMutationId: input.clientMutationId ?? null,
      };
      if (launch.tournamentId !== null) launchTournament.set(payload, launch.tournamentId);
      return payload;
    },

    toggleFavourite: async (_root, { input }, ctx) => {
      const gameId = numericIdOf(input.gameId, 'Game', 'gameId');
      if (!ctx.upstream.token) throw unauthenticated('Please sign in to keep favourite games.');
      const game = (await loadCatalogue(ctx)).byId.get(gameId);
      if (!game) throw notFound('Game not found.');
      const isFavourite = await toggleFavourite(ctx.upstream, gameId);
      return { game, isFavourite, clientMutationId: input.clientMutationId ?? null };
    },
  },

  LaunchGamePayload: {
    tournament: (payload, _args, ctx) => {
      const id = launchTournament.get(payload);
      return id === undefined ? null : loadTournamentById(ctx.upstream, id);
    },
  },
};

/** Node loaders: Game by numeric id, GameProvider by product; null when unknown or hidden from the caller. */
export const catalogueNodeLoaders: Record<string, NodeLoader> = {
  Game: async (id, ctx) => {
    const n = Number(id);
    return /^\d{1,15}$/.test(id) && Number.isSafeInteger(n) ? visibleGame(ctx, n) : null;
  },
  GameProvider: async (product, ctx) => {
    const [{ byProduct }, audience] = await Promise.all([loadProviders(ctx), audienceOf(ctx)]);
    const provider = byProduct.get(product);
    return provider && canSee(audience, provider) ? provider : null;
  },
};
