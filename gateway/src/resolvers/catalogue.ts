import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { GatewayContext } from '../context.js';
import {
  categoryGroup,
  checkFilter,
  collectionGames,
  gameCategories,
  gameSubGroups,
  productsOf,
  searchWords,
  selectGames,
  similarGames,
  sourceNeeded,
  visibleGames,
  visibleTo,
  type Audience,
  type CollectionSources,
  type GameCollection,
} from '../domain/catalogue.js';
import { money } from '../domain/money.js';
import { badInput, notFound } from '../errors.js';
import type { GameModel } from '../models.js';
import {
  canonicalNumericId,
  connectionFromArray,
  cursorOf,
  numericIdOf,
  pageOf,
  toGlobalId,
  type ConnectionArgs,
} from '../relay.js';
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
import { assetUrl } from './assets.js';
import { requireSession } from './guard.js';
import type { NodeLoader } from './node.js';
import { withSession, type Prefetches } from './prefetch.js';
import { currentViewer } from './viewer.js';

/*
 * The catalogue: games (filtered, sorted, paginated), providers, filters, latest wins, the viewer's favourites and
 * recent games, launching a game and toggling a favourite. The rules themselves live in domain/catalogue.ts.
 *
 * Guest hiding (docs/rules.md#catalogue): games of config.guestHiddenProviders never reach a guest, by any path.
 * Every way out (games, game, node, nodes, latestWins, gameProviders, launchGame, Win.game, Transaction.game,
 * Game.similarGames) goes through audienceOf().
 */

// ---------------------------------------------------------------------------------------------------------------
// Who is asking

/**
 * Whether the caller is a guest, for the hiding rule. A token alone proves nothing (anyone can send one), so it is
 * checked against the backend; if that check fails for any reason the caller is treated as a guest, which can only
 * hide more.
 */
async function callerIsGuest(ctx: GatewayContext): Promise<boolean> {
  if (!ctx.scope.upstream.token) return true;
  try {
    return (await ctx.viewer()) === null;
  } catch {
    return true;
  }
}

/** The hiding rule's inputs for this caller; with no hidden providers configured it needs no upstream call. */
async function audienceOf(ctx: GatewayContext): Promise<Audience> {
  const hiddenProducts = ctx.config.guestHiddenProviders;
  if (hiddenProducts.length === 0) return { isGuest: !ctx.scope.upstream.token, hiddenProducts };
  return { isGuest: await callerIsGuest(ctx), hiddenProducts };
}

const canSee = (audience: Audience, game: Pick<GameModel, 'product'>) =>
  visibleTo(game, audience.isGuest, audience.hiddenProducts);

/** A game by numeric id or code, or null when it does not exist or the caller may not see it. */
export async function visibleGame(ctx: GatewayContext, key: number | string): Promise<GameModel | null> {
  const [catalogue, audience] = await Promise.all([loadCatalogue(ctx.scope.upstream), audienceOf(ctx)]);
  const game = typeof key === 'number' ? catalogue.byId.get(key) : catalogue.byCode.get(key);
  return game && canSee(audience, game) ? game : null;
}

/** The games the caller may see (for the menus built from them, and a tournament's eligible games). */
export async function gamesVisibleTo(ctx: GatewayContext): Promise<readonly GameModel[]> {
  const [catalogue, audience] = await Promise.all([loadCatalogue(ctx.scope.upstream), audienceOf(ctx)]);
  return visibleGames(catalogue.games, audience);
}

/** Exactly one way of naming a game, as the `game` query and launchGame take them. */
function oneGameKey(
  keys: Record<string, string | number | null | undefined>,
  what: string,
): [string, string | number] {
  const given = Object.entries(keys).filter((entry): entry is [string, string | number] => entry[1] != null);
  if (given.length !== 1) throw badInput(`${what} takes exactly one of ${Object.keys(keys).join(', ')}.`);
  return given[0]!;
}

// ---------------------------------------------------------------------------------------------------------------
// Loading what a collection needs

/** Favourites and recent games are personal: a guest (no token) has none, without asking the backend. */
async function loadSources(ctx: GatewayContext, collection: GameCollection | null | undefined) {
  const { upstream } = ctx.scope;
  const sources: CollectionSources = {};
  const needed = sourceNeeded(collection);
  if (needed === 'groups') sources.groups = await loadHomeGroups(ctx.scope.upstream);
  if (needed === 'favouriteIds')
    sources.favouriteIds = upstream.token ? await loadFavouriteIds(upstream) : [];
  if (needed === 'recentGames') sources.recentGames = upstream.token ? await loadRecentGames(upstream) : [];
  return sources;
}

/** The provider shortnames, loaded only when the text filter needs them (it searches the provider's name too). */
async function shortnames(ctx: GatewayContext, searching: boolean) {
  if (!searching) return undefined;
  const { byProduct } = await loadProviders(ctx.scope.upstream);
  return (product: string) => byProduct.get(product)?.shortname ?? product;
}

/**
 * Checks first and after before any upstream call, so a bad page request costs nothing: the connection helper
 * validates both even over an empty list.
 */
const checkPageArgs = (args: ConnectionArgs) => void connectionFromArray([], args);

/** A personal game list as a connection, limited to what the catalogue has. */
async function viewerGames(ctx: GatewayContext, args: ConnectionArgs, collection: 'FAVOURITES' | 'RECENT') {
  checkPageArgs(args);
  const [catalogue, sources] = await Promise.all([
    loadCatalogue(ctx.scope.upstream),
    loadSources(ctx, collection),
  ]);
  return connectionFromArray(collectionGames(catalogue.games, collection, sources), args);
}

// ---------------------------------------------------------------------------------------------------------------
// Resolvers

export const catalogueResolvers: Resolvers = {
  Query: {
    games: async (_root, { first, after, filter, sort }, ctx) => {
      const page = { first, after };
      checkPageArgs(page);
      const words = searchWords(filter?.text);
      const [catalogue, audience, sources, shortnameOf] = await Promise.all([
        loadCatalogue(ctx.scope.upstream),
        audienceOf(ctx),
        loadSources(ctx, filter?.collection),
        shortnames(ctx, words.length > 0),
      ]);
      if (filter) {
        const visible = visibleGames(catalogue.games, audience);
        checkFilter(filter, { games: visible, products: productsOf(visible) });
      }
      const games = selectGames(catalogue.games, {
        filter: filter ?? null,
        sort: sort ?? null,
        audience,
        sources,
        ...(shortnameOf ? { shortnameOf } : {}),
      });
      return connectionFromArray(games, page);
    },

    game: (_root, { code, gameId }, ctx) => visibleGame(ctx, oneGameKey({ code, gameId }, 'game')[1]),

    gameProviders: async (_root, _args, ctx) => {
      const [{ providers }, audience] = await Promise.all([
        loadProviders(ctx.scope.upstream),
        audienceOf(ctx),
      ]);
      return providers.filter((p) => canSee(audience, p));
    },

    gameProvider: (_root, { product }, ctx) => findProvider(product, ctx),

    gameCategories: async (_root, _args, ctx) => gameCategories(await gamesVisibleTo(ctx)),

    gameSubGroups: async (_root, _args, ctx) => gameSubGroups(await gamesVisibleTo(ctx)),

    gameFilters: (_root, _args, ctx) => loadGameFilters(ctx.scope.upstream),

    latestWins: async (_root, _args, ctx) => {
      const [wins, audience] = await Promise.all([loadLatestWins(ctx.scope.upstream), audienceOf(ctx)]);
      return wins.filter((w) => canSee(audience, w));
    },
  },

  Game: {
    id: (g) => toGlobalId('Game', g.id),
    gameId: (g) => g.id,
    categoryGroup: (g) => categoryGroup(g.category),
    image: (g, _args, ctx) => assetUrl(g.image, ctx),
    // Both read what the list's prefetch has usually read already (the request's loaders dedupe: one read each).
    provider: async (g, _args, { scope: { upstream } }) =>
      (await loadProviders(upstream)).byProduct.get(g.product) ?? null,
    isFavourite: async (g, _args, { scope: { upstream } }) =>
      upstream.token ? (await loadFavouriteIds(upstream)).includes(g.id) : false,
    similarGames: async (g, args, ctx) => {
      // The same page size rule as every list's.
      const { first } = pageOf(args);
      const [catalogue, audience] = await Promise.all([loadCatalogue(ctx.scope.upstream), audienceOf(ctx)]);
      return similarGames(visibleGames(catalogue.games, audience), g, first);
    },
  },

  GameProvider: {
    id: (p) => toGlobalId('GameProvider', p.product),
  },

  Win: {
    id: (w) => toGlobalId('Win', w.id),
    game: (w, _args, ctx) => visibleGame(ctx, w.gameId),
    amount: (w) => money(w.amountCents),
  },

  Transaction: {
    game: (t, _args, ctx) => (t.gameId === null ? null : visibleGame(ctx, t.gameId)),
  },

  Viewer: {
    favourites: (_v, args, ctx) => viewerGames(ctx, args, 'FAVOURITES'),
    recentGames: (_v, args, ctx) => viewerGames(ctx, args, 'RECENT'),
  },

  Mutation: {
    launchGame: async (_root, { input }, ctx) => {
      const [field, key] = oneGameKey(
        { gameId: input.gameId, code: input.code, backendGameId: input.backendGameId },
        'launchGame',
      );
      const demo = input.demo ?? false;
      if (!demo) requireSession(ctx, 'Please sign in to play for real money.');
      // Checked before launching, so a guest cannot start a hidden provider's game even in demo.
      const game = await visibleGame(
        ctx,
        field === 'gameId' ? numericIdOf(String(key), 'Game', 'gameId') : key,
      );
      if (!game) throw notFound('Game not found.');
      const launch = await launchGame(ctx.scope.upstream, game.id, demo);
      return {
        url: launch.url,
        game: launch.game,
        tournamentId: launch.tournamentId,
        clientMutationId: input.clientMutationId ?? null,
      };
    },

    toggleFavourite: async (_root, { input }, ctx) => {
      const gameId = numericIdOf(input.gameId, 'Game', 'gameId');
      requireSession(ctx, 'Please sign in to keep favourite games.');
      const game = (await loadCatalogue(ctx.scope.upstream)).byId.get(gameId);
      if (!game) throw notFound('Game not found.');
      const isFavourite = await toggleFavourite(ctx.scope.upstream, gameId);
      return { game, isFavourite, clientMutationId: input.clientMutationId ?? null };
    },
  },

  LaunchGamePayload: {
    // Loaded only if the client asks for it.
    tournament: (payload, _args, ctx) =>
      payload.tournamentId === null ? null : loadTournamentById(ctx.scope.upstream, payload.tournamentId),
    // A guest's demo has no viewer; a player's recent games now start with this game (read after the launch).
    viewer: (_payload, _args, ctx, info) => (ctx.scope.upstream.token ? currentViewer(ctx, info) : null),
  },

  ToggleFavouritePayload: {
    // Where the game now stands in the player's favourites, for a client that adds the edge to its list.
    favouriteEdge: async (payload, _args, ctx) => {
      if (!payload.isFavourite) return null;
      const index = (await loadFavouriteIds(ctx.scope.upstream)).indexOf(payload.game.id);
      return { cursor: cursorOf(Math.max(index, 0)), node: payload.game };
    },
    viewer: (_payload, _args, ctx, info) => currentViewer(ctx, info),
  },
};

/**
 * The reads a field below a list starts before the list is there: a game's provider and whether it is a favourite
 * need only the request, as do a player's own lists.
 */
export const cataloguePrefetches: Prefetches = {
  Viewer: {
    favourites: withSession((ctx, args) => viewerGames(ctx, args as ConnectionArgs, 'FAVOURITES')),
    recentGames: withSession((ctx, args) => viewerGames(ctx, args as ConnectionArgs, 'RECENT')),
  },
  Game: {
    isFavourite: withSession((ctx) => loadFavouriteIds(ctx.scope.upstream)),
    provider: (ctx) => loadProviders(ctx.scope.upstream),
  },
  Win: { game: (ctx) => loadCatalogue(ctx.scope.upstream) },
  Transaction: { game: (ctx) => loadCatalogue(ctx.scope.upstream) },
};

/** A provider by product, or null when there is none or the caller may not see its games. */
async function findProvider(product: string, ctx: GatewayContext) {
  const [{ byProduct }, audience] = await Promise.all([loadProviders(ctx.scope.upstream), audienceOf(ctx)]);
  const provider = byProduct.get(product);
  return provider && canSee(audience, provider) ? provider : null;
}

/** Node loaders: Game by numeric id, GameProvider by product; null when unknown or hidden from the caller. */
export const catalogueNodeLoaders: Record<string, NodeLoader> = {
  Game: async (id, ctx) => {
    const n = canonicalNumericId(id);
    return n === null ? null : visibleGame(ctx, n);
  },
  GameProvider: (product, ctx) => findProvider(product, ctx),
};
