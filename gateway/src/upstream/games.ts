import { z } from 'zod';
import type { HomeGroups } from '../domain/catalogue.js';
import type { GameModel, GameProviderModel, WinModel } from '../models.js';
import { isoDate, optionalText, parseUpstream, randCents } from './parse.js';
import type { RequestUpstream } from './request-upstream.js';

/*
 * The games resource: the catalogue (GET /api/allgames), the home groups (GET /api/games), providers, filters,
 * latest wins, and the player's favourites, recent games and game launches.
 *
 * Caching: the catalogue, groups, providers, filters and latest wins are public, so they are shared across
 * requests for config.publicCacheTtlMs (upstream.readPublic, sent without a token, once per execution). Favourites
 * and recent games are personal and go through upstream.read (once per request). Launches and toggles are changes
 * (upstream.write).
 */

// ---------------------------------------------------------------------------------------------------------------
// Shapes

/** Laravel sends some list columns as JSON text ("[\"Egypt\"]"); accept that or a real list. */
function jsonList<T extends z.ZodType>(item: T) {
  const list = z.array(item);
  return z.union([list, z.string(), z.null()]).transform((value, c): z.infer<T>[] => {
    if (value === null || value === '') return [];
    if (Array.isArray(value)) return value;
    let decoded: unknown;
    try {
      decoded = JSON.parse(value);
    } catch {
      c.addIssue({ code: 'custom', message: `not a JSON list: ${value.slice(0, 40)}` });
      return z.NEVER;
    }
    const parsed = list.safeParse(decoded);
    if (!parsed.success) {
      c.addIssue({ code: 'custom', message: 'a JSON list of the wrong shape' });
      return z.NEVER;
    }
    return parsed.data;
  });
}

/** Features arrive comma-separated ("Free Spins,Wilds"), as docs/rules.md#catalogue says; a list is accepted too. */
const commaList = z.union([z.array(z.string()), z.string(), z.null()]).transform((value) => {
  const parts = Array.isArray(value) ? value : (value ?? '').split(',');
  return parts.map((s) => s.trim()).filter(Boolean);
});

const flag = z.union([z.boolean(), z.number()]).transform(Boolean);

export const GameJson = z.object({
  id: z.number().int(),
  name: z.string(),
  game_code: z.string(),
  game_url: optionalText,
  product: z.string(),
  category: z.string(),
  platforms: jsonList(z.string()),
  isBonusPlay: flag.optional(),
  isFreebet: flag.optional(),
  created_at: isoDate,
  themes: jsonList(z.string()),
  features: commaList,
  paylines: z.number().int().nullable().optional(),
  // A subgroup without a name is named by its id rather than failing the whole catalogue.
  sub_groups: jsonList(
    z
      .object({
        id: z.union([z.string(), z.number()]).transform(String),
        name: z.string().nullable().optional(),
      })
      .transform((s) => ({ id: s.id, name: s.name?.trim() || s.id })),
  ),
  image: optionalText,
  rtp: z.number().nullable().optional(),
});
type GameJson = z.infer<typeof GameJson>;

const isPlatform = (p: string): p is 'desktop' | 'mobile' => p === 'desktop' || p === 'mobile';

export function toGame(g: GameJson): GameModel {
  return {
    __typename: 'Game',
    id: g.id,
    name: g.name,
    code: g.game_code,
    url: g.game_url,
    product: g.product,
    category: g.category,
    // Platforms the schema does not know (if the backend ever adds one) are left out rather than failing the game.
    platforms: g.platforms.map((p) => p.toLowerCase()).filter(isPlatform),
    isBonusPlay: g.isBonusPlay ?? false,
    isFreebet: g.isFreebet ?? false,
    themes: g.themes,
    features: g.features,
    paylines: g.paylines ?? null,
    subGroups: g.sub_groups,
    image: g.image,
    rtp: g.rtp ?? null,
    createdAt: g.created_at,
  };
}

/** The catalogue with its lookups built once per load (the parsed value is shared through the public cache). */
export interface Catalogue {
  games: readonly GameModel[];
  byId: ReadonlyMap<number, GameModel>;
  byCode: ReadonlyMap<string, GameModel>;
}

function toCatalogue(games: GameModel[]): Catalogue {
  return {
    games,
    byId: new Map(games.map((g) => [g.id, g])),
    byCode: new Map(games.map((g) => [g.code, g])),
  };
}

const CatalogueJson = z.array(GameJson);

const parseCatalogue = (raw: unknown): Catalogue =>
  toCatalogue(parseUpstream(CatalogueJson, raw, 'allgames').map(toGame));

const HomeGroupsJson = z.object({
  mostPopular: z.array(GameJson).default([]),
  Lives: z.array(GameJson).default([]),
  topRated: z.array(GameJson).default([]),
  Featured: z.array(GameJson).default([]),
});

const ids = (games: GameJson[]) => games.map((g) => g.id);

const parseHomeGroups = (raw: unknown): HomeGroups => {
  const g = parseUpstream(HomeGroupsJson, raw, 'games groups');
  return {
    mostPopular: ids(g.mostPopular),
    Lives: ids(g.Lives),
    topRated: ids(g.topRated),
    Featured: ids(g.Featured),
  };
};

const ProviderJson = z.object({
  product: z.string(),
  shortname: z.string(),
  name: z.string().nullable().optional(),
  description: optionalText,
  games_count: z.number().int().optional(),
});

export interface ProviderList {
  /** Sorted by shortname (the backend's order is not relied on). */
  providers: readonly GameProviderModel[];
  byProduct: ReadonlyMap<string, GameProviderModel>;
}

const byShortname = (a: GameProviderModel, b: GameProviderModel) =>
  a.shortname.localeCompare(b.shortname, 'en', { sensitivity: 'base' }) || a.product.localeCompare(b.product);

const ProvidersJson = z.array(ProviderJson);

const parseProviders = (raw: unknown): ProviderList => {
  const providers = parseUpstream(ProvidersJson, raw, 'gameProviders')
    .map((p): GameProviderModel => ({
      __typename: 'GameProvider',
      product: p.product,
      shortname: p.shortname,
      name: p.name ?? p.shortname,
      description: p.description ?? null,
      gamesCount: p.games_count ?? 0,
    }))
    .sort(byShortname);
  return { providers, byProduct: new Map(providers.map((p) => [p.product, p])) };
};

const FiltersJson = z.object({
  data: z.object({
    features: z.array(z.string()).default([]),
    themes: z.array(z.string()).default([]),
    // The backend spells it "playlines".
    playlines: z.array(z.number().int()).default([]),
  }),
});

export interface GameFiltersModel {
  features: string[];
  themes: string[];
  paylines: number[];
}

const parseFilters = (raw: unknown): GameFiltersModel => {
  const { data } = parseUpstream(FiltersJson, raw, 'gameFilters');
  return { features: data.features, themes: data.themes, paylines: data.playlines };
};

const WinJson = z.object({
  id: z.number().int().optional(),
  game: z.object({ id: z.number().int(), product: z.string() }),
  player_name: z.string(),
  amount: randCents,
  created_at: isoDate,
});

/** A win with its game's product, so the guest-hiding rule can leave it out without loading the game. */
export type LatestWin = WinModel & { product: string };

const WinsJson = z.object({ data: z.array(WinJson) });

const parseWins = (raw: unknown): LatestWin[] =>
  parseUpstream(WinsJson, raw, 'latestWins').data.map((w) => ({
    // Without the backend's id, the win's own facts name it: the same win keeps the same id across responses.
    id:
      w.id !== undefined
        ? String(w.id)
        : `${w.game.id}:${w.created_at.toISOString()}:${w.player_name}:${w.amount}`,
    gameId: w.game.id,
    product: w.game.product,
    playerName: w.player_name,
    amountCents: w.amount,
    createdAt: w.created_at,
  }));

const FavouriteIdsJson = z.array(z.number().int());

const parseFavouriteIds = (raw: unknown): readonly number[] =>
  parseUpstream(FavouriteIdsJson, raw, 'favourites');

const parseRecent = (raw: unknown): GameModel[] =>
  parseUpstream(CatalogueJson, raw, 'recentGames').map(toGame);

const ToggleJson = z.object({ id: z.number().int(), favourite: z.boolean() });

const LaunchJson = z.object({
  gameUrl: z.string().min(1),
  game: GameJson,
  tournamentId: z.number().int().nullable().optional(),
});

export interface Launch {
  url: string;
  game: GameModel;
  tournamentId: number | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Calls

/** GET /api/allgames: every game (public, shared). */
export const loadCatalogue = (upstream: RequestUpstream) =>
  upstream.readPublic('/api/allgames', parseCatalogue);

/** GET /api/games: the home groups mostPopular, Lives, topRated and Featured (public, shared). */
export const loadHomeGroups = (upstream: RequestUpstream) =>
  upstream.readPublic('/api/games', parseHomeGroups);

/** GET /api/gameProviders: the providers with their game counts (public, shared). */
export const loadProviders = (upstream: RequestUpstream) =>
  upstream.readPublic('/api/gameProviders', parseProviders);

/** GET /api/gameFilters: the features, themes and paylines the catalogue has (public, shared). */
export const loadGameFilters = (upstream: RequestUpstream) =>
  upstream.readPublic('/api/gameFilters', parseFilters);

/** GET /api/latestWins: the latest big wins, newest first (public, shared). */
export const loadLatestWins = (upstream: RequestUpstream) =>
  upstream.readPublic('/api/latestWins', parseWins);

/** GET /api/favourites/short: the signed-in player's favourite game ids (personal). */
export const loadFavouriteIds = (upstream: RequestUpstream) =>
  upstream.read('/api/favourites/short', parseFavouriteIds);

/** GET /api/recentGames: the signed-in player's recently launched games, most recent first (personal). */
export const loadRecentGames = (upstream: RequestUpstream) => upstream.read('/api/recentGames', parseRecent);

/** PUT /api/favourites/{id}: adds or removes the favourite; returns whether the game now is one. */
export async function toggleFavourite(upstream: RequestUpstream, gameId: number): Promise<boolean> {
  const raw = await upstream.write({ method: 'PUT', path: `/api/favourites/${gameId}` });
  return parseUpstream(ToggleJson, raw, 'toggle favourite').favourite;
}

/**
 * GET /api/games/{id}/{isDemo}: a launch URL. Sent as a change although it is a GET: a real launch records a recent
 * game and issues a game session, so it must never be deduplicated or shared, and later fields must see its effect.
 */
export async function launchGame(upstream: RequestUpstream, gameId: number, demo: boolean): Promise<Launch> {
  const raw = await upstream.write({
    method: 'GET',
    path: `/api/games/${gameId}/${demo}`,
    showServerMessage: true,
  });
  const launch = parseUpstream(LaunchJson, raw, 'game launch');
  return { url: launch.gameUrl, game: toGame(launch.game), tournamentId: launch.tournamentId ?? null };
}
