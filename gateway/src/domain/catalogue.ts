import { badInput } from '../errors.js';
import type { GameModel } from '../models.js';

/**
 * The catalogue rules (docs/rules.md#catalogue), as pure functions over already-loaded games: category
 * aliases, the text filter and its 40-character limit, the multi-select filters, the collections, the sort orders
 * and the guest-hidden providers. No I/O: the resolvers load what a rule needs and pass it in.
 */

export const MAX_FILTER_TEXT = 40;
export const NEW_GAMES_COUNT = 50;

/*
 * What is worked out from a list of games (who may see which, an index by id, a sort order, the menus) is kept with
 * the list: the catalogue is one shared object for as long as the public cache keeps it, so every response within
 * that time reuses the work (a home screen worked the whole catalogue over six times), and it goes when the list
 * does. Only public facts are kept (the guest-hidden rule depends on being a guest, nothing personal); what is kept
 * is shared, so no caller may change it.
 */
const derived = new WeakMap<readonly GameModel[], Map<string, unknown>>();

function kept<T>(games: readonly GameModel[], key: string, make: () => T): T {
  let byKey = derived.get(games);
  if (!byKey) derived.set(games, (byKey = new Map()));
  if (!byKey.has(key)) byKey.set(key, make());
  return byKey.get(key) as T;
}

/**
 * Category aliases (docs/rules.md#catalogue). An alias page such as /webplay/category/live-roulette shows the games
 * of the category it maps to (roulette) and the games stored under the alias itself (the backend stores live tables
 * as live-roulette), so an alias selects {target, alias}. A plain category selects only itself: /category/roulette
 * stays the table roulette page, and live tables have their own pages and the Live Casino collection.
 * table-games is the union the rules name, by stored category, without the live variants.
 */
const CATEGORY_GROUPS: Readonly<Record<string, readonly string[]>> = {
  'live-roulette': ['roulette', 'live-roulette'],
  'live-blackjack': ['blackjack', 'live-blackjack'],
  'video-bingo': ['bingo', 'video-bingo'],
  'table-games': ['baccarat', 'blackjack', 'poker', 'roulette', 'sic'],
};

/** The stored categories a requested category selects (case-insensitive, like the route segment). */
export function categoriesFor(requested: string): ReadonlySet<string> {
  const key = requested.trim().toLowerCase();
  // Own keys only: a requested "constructor" is a category like any other, not Object's constructor.
  return new Set(Object.hasOwn(CATEGORY_GROUPS, key) ? CATEGORY_GROUPS[key]! : [key]);
}

export type GameCollection =
  | 'ALL'
  | 'MOST_POPULAR'
  | 'FEATURED'
  | 'LIVE_CASINO'
  | 'TOP_RATED'
  | 'NEW'
  | 'RECENT'
  | 'FAVOURITES'
  | 'BONUS_PLAY'
  | 'FREE_BET'
  | 'DESKTOP'
  | 'MOBILE';

export type GameSort = 'ALPHA_ASC' | 'ALPHA_DESC' | 'NEWEST_FIRST';

export interface GameFilterInput {
  text?: string | null;
  providers?: readonly string[] | null;
  features?: readonly string[] | null;
  themes?: readonly string[] | null;
  paylines?: readonly number[] | null;
  category?: string | null;
  subgroup?: string | null;
  provider?: string | null;
  collection?: GameCollection | null;
}

/** The backend's home groups (GET /api/games), as game ids in the backend's order. */
export interface HomeGroups {
  mostPopular: readonly number[];
  Lives: readonly number[];
  topRated: readonly number[];
  Featured: readonly number[];
}

/**
 * What a collection may need besides the catalogue. Each is loaded only for the collection that uses it; a
 * missing one counts as empty (a guest has no recent games or favourites).
 */
export interface CollectionSources {
  groups?: HomeGroups;
  /** The viewer's favourite game ids, in the backend's order. */
  favouriteIds?: readonly number[];
  /** The viewer's recently played games, most recent first. */
  recentGames?: readonly GameModel[];
}

/** Which extra source a collection needs, so the resolver loads only that one. */
export function sourceNeeded(collection: GameCollection | null | undefined): keyof CollectionSources | null {
  switch (collection) {
    case 'MOST_POPULAR':
    case 'FEATURED':
    case 'LIVE_CASINO':
    case 'TOP_RATED':
      return 'groups';
    case 'FAVOURITES':
      return 'favouriteIds';
    case 'RECENT':
      return 'recentGames';
    default:
      return null;
  }
}

/** Games of the guest-hidden providers never reach a guest (docs/rules.md#catalogue). */
export function visibleTo(
  game: Pick<GameModel, 'product'>,
  isGuest: boolean,
  hiddenProducts: readonly string[],
) {
  return !isGuest || !hiddenProducts.includes(game.product);
}

/** The games an audience may see: the list itself when nothing is hidden from it. Shared (see kept). */
export function visibleGames(games: readonly GameModel[], audience: Audience): readonly GameModel[] {
  const { isGuest, hiddenProducts } = audience;
  if (!isGuest || hiddenProducts.length === 0) return games;
  return kept(games, `visible to guests without ${hiddenProducts.join(',')}`, () =>
    games.filter((g) => visibleTo(g, isGuest, hiddenProducts)),
  );
}

/** The products of the games, for checking the filter's providers. Shared (see kept). */
export function productsOf(games: readonly GameModel[]): ReadonlySet<string> {
  return kept(games, 'products', () => new Set(games.map((g) => g.product)));
}

/** The filter text, checked (at most 40 characters: docs/rules.md#catalogue) and split into lower-case words. */
export function searchWords(text: string | null | undefined): string[] {
  if (text == null) return [];
  // Counted in characters as the player typed them, so an emoji or accented letter counts once.
  if ([...text].length > MAX_FILTER_TEXT) {
    throw badInput(`The search text can be at most ${MAX_FILTER_TEXT} characters.`);
  }
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * Each word must appear in the game's name, its provider's shortname or its product, so "pragmatic wolf" finds the
 * wolf games of Pragmatic Play while a single word is a plain substring search.
 */
export function matchesText(
  game: GameModel,
  words: readonly string[],
  shortnameOf: (product: string) => string,
) {
  if (words.length === 0) return true;
  const haystack = `${game.name}\n${shortnameOf(game.product)}\n${game.product}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** A multi-select: nothing chosen (left out or empty) does not filter; otherwise any of the chosen values. */
function anyOf<T>(chosen: readonly T[] | null | undefined, values: readonly T[]): boolean {
  return !chosen || chosen.length === 0 || chosen.some((c) => values.includes(c));
}

/** Whether a game passes every field of the filter except the collection (see collectionGames). */
export function matchesFilter(
  game: GameModel,
  filter: GameFilterInput,
  words: readonly string[],
  shortnameOf: (product: string) => string,
): boolean {
  return filterPredicate(filter, words, shortnameOf)(game);
}

/** matchesFilter for many games: what the filter selects is worked out once, not per game. */
function filterPredicate(
  filter: GameFilterInput,
  words: readonly string[],
  shortnameOf: (product: string) => string,
): (game: GameModel) => boolean {
  const categories = filter.category ? categoriesFor(filter.category) : null;
  return (game) => {
    if (categories && !categories.has(game.category)) return false;
    if (filter.subgroup && !game.subGroups.some((s) => s.id === filter.subgroup)) return false;
    if (filter.provider && game.product !== filter.provider) return false;
    if (!anyOf(filter.providers, [game.product])) return false;
    if (!anyOf(filter.features, game.features)) return false;
    if (!anyOf(filter.themes, game.themes)) return false;
    if (!anyOf(filter.paylines, game.paylines === null ? [] : [game.paylines])) return false;
    return matchesText(game, words, shortnameOf);
  };
}

/** Picks games by id in the given order, skipping ids the catalogue does not have (or the caller cannot see). */
function byIds(games: readonly GameModel[], ids: readonly number[]): GameModel[] {
  const byId = kept(games, 'by id', () => new Map(games.map((g) => [g.id, g])));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The games of a collection, drawn from `games` (the catalogue the caller may see), in the collection's own order:
 * the backend's group order for home groups, most recent first for RECENT, newest first for NEW, catalogue order
 * otherwise. LIVE_CASINO is the Lives group followed by every other live-* table, so the page lists all live games.
 */
export function collectionGames(
  games: readonly GameModel[],
  collection: GameCollection | null | undefined,
  sources: CollectionSources,
): GameModel[] {
  const groups = sources.groups;
  switch (collection ?? 'ALL') {
    case 'ALL':
      return [...games];
    case 'MOST_POPULAR':
      return byIds(games, groups?.mostPopular ?? []);
    case 'FEATURED':
      return byIds(games, groups?.Featured ?? []);
    case 'TOP_RATED':
      return byIds(games, groups?.topRated ?? []);
    case 'LIVE_CASINO': {
      const lives = byIds(games, groups?.Lives ?? []);
      const inGroup = new Set(lives.map((g) => g.id));
      return [...lives, ...games.filter((g) => g.category.startsWith('live-') && !inGroup.has(g.id))];
    }
    case 'NEW':
      return newestGames(games, NEW_GAMES_COUNT);
    case 'RECENT': {
      const visible = new Set(games.map((g) => g.id));
      return (sources.recentGames ?? []).filter((g) => visible.has(g.id));
    }
    case 'FAVOURITES':
      return byIds(games, sources.favouriteIds ?? []);
    case 'BONUS_PLAY':
      return games.filter((g) => g.isBonusPlay);
    case 'FREE_BET':
      return games.filter((g) => g.isFreebet);
    case 'DESKTOP':
      return games.filter((g) => g.platforms.includes('desktop'));
    case 'MOBILE':
      return games.filter((g) => g.platforms.includes('mobile'));
  }
}

// Sort keys (alphasc, alphdsc, newestf: docs/rules.md#catalogue). Ties fall back to the id so pages never shuffle
// between requests: ascending for the name orders, descending (later added first) for newest first.
// One collator: localeCompare(b, 'en') compares as it does, but sets one up for each comparison.
const english = new Intl.Collator('en');
const byName = (a: GameModel, b: GameModel) => english.compare(a.name, b.name) || a.id - b.id;
const byNewest = (a: GameModel, b: GameModel) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;

/** A sorted copy; no sort keeps the collection's own order (the home groups' positions, recency, ...). */
export function sortGames(games: readonly GameModel[], sort: GameSort | null | undefined): GameModel[] {
  switch (sort) {
    case 'ALPHA_ASC':
      return [...games].sort(byName);
    case 'ALPHA_DESC':
      return [...games].sort((a, b) => byName(b, a));
    case 'NEWEST_FIRST':
      return [...games].sort(byNewest);
    default:
      return [...games];
  }
}

/** The new games list is the `count` newest by creation date (docs/rules.md#catalogue). */
export function newestGames(games: readonly GameModel[], count = NEW_GAMES_COUNT): GameModel[] {
  return sortGames(games, 'NEWEST_FIRST').slice(0, count);
}

/**
 * Games a player of `game` may like (docs/rules.md#catalogue): the same provider's games of the same kind first
 * (category group: a live roulette's are roulettes), then the provider's others, then other providers' games of
 * the kind; each part in catalogue order, never the game itself, at most `count`.
 */
export function similarGames(games: readonly GameModel[], game: GameModel, count: number): GameModel[] {
  const kind = categoryGroup(game.category);
  const rank = (other: GameModel) => {
    if (other.id === game.id) return 0;
    const sameProvider = other.product === game.product;
    const sameKind = categoryGroup(other.category) === kind;
    return sameProvider && sameKind ? 3 : sameProvider ? 2 : sameKind ? 1 : 0;
  };
  const picked: GameModel[] = [];
  for (const wanted of [3, 2, 1]) {
    for (const other of games) {
      if (picked.length === count) return picked;
      if (rank(other) === wanted) picked.push(other);
    }
  }
  return picked;
}

export interface Audience {
  isGuest: boolean;
  hiddenProducts: readonly string[];
}

/**
 * The whole catalogue query: what the caller may see, then the collection, then every filter field, then the
 * sort. The collection is taken from the visible games, so a guest's NEW list is still 50 games they can open.
 */
export function selectGames(
  games: readonly GameModel[],
  options: {
    filter?: GameFilterInput | null;
    sort?: GameSort | null;
    audience: Audience;
    sources?: CollectionSources;
    shortnameOf?: (product: string) => string;
  },
): GameModel[] {
  const filter = options.filter ?? {};
  const words = searchWords(filter.text);
  const visible = visibleGames(games, options.audience);
  const matches = filterPredicate(filter, words, options.shortnameOf ?? ((product: string) => product));
  const collection = filter.collection ?? 'ALL';
  // The whole catalogue's order is kept (sorting it is most of a page's work); filtering a sorted list keeps its
  // order, so this is the same as sorting what the filter picks. A collection is short: sorted as picked.
  if (collection === 'ALL') {
    const sorted = options.sort
      ? kept(visible, `sorted ${options.sort}`, () => sortGames(visible, options.sort))
      : visible;
    return sorted.filter(matches);
  }
  return sortGames(collectionGames(visible, collection, options.sources ?? {}).filter(matches), options.sort);
}

// ---------------------------------------------------------------------------------------------------------------
// Menus: the categories and subgroups the catalogue has

/**
 * The category an alias maps to (live-roulette is roulette: docs/rules.md#catalogue); any other category is its own
 * group.
 */
const ALIAS_TARGETS: Readonly<Record<string, string>> = {
  'live-roulette': 'roulette',
  'live-blackjack': 'blackjack',
  'video-bingo': 'bingo',
};

export const categoryGroup = (category: string): string => {
  const key = category.trim().toLowerCase();
  return Object.hasOwn(ALIAS_TARGETS, key) ? ALIAS_TARGETS[key]! : category;
};

const SPECIAL_NAMES: Readonly<Record<string, string>> = { sic: 'Sic Bo' };

/** A category slug as players read it: live-roulette → Live Roulette. */
export const categoryName = (slug: string): string =>
  (Object.hasOwn(SPECIAL_NAMES, slug) ? SPECIAL_NAMES[slug] : undefined) ??
  slug
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');

export interface CategoryInfo {
  slug: string;
  name: string;
  categories: string[];
  isAlias: boolean;
  gamesCount: number;
}

/**
 * Every category a menu may offer: the stored ones and the site's aliases, each with the stored categories it
 * lists and how many games that is; those with no game are left out. Sorted by name. Shared (see kept).
 */
export function gameCategories(games: readonly GameModel[]): CategoryInfo[] {
  return kept(games, 'categories', () => countCategories(games));
}

function countCategories(games: readonly GameModel[]): CategoryInfo[] {
  const slugs = new Set([...games.map((g) => g.category.toLowerCase()), ...Object.keys(CATEGORY_GROUPS)]);
  return [...slugs]
    .map((slug) => {
      const categories = categoriesFor(slug);
      return {
        slug,
        name: categoryName(slug),
        categories: [...categories],
        isAlias: slug in CATEGORY_GROUPS,
        gamesCount: games.filter((g) => categories.has(g.category)).length,
      };
    })
    .filter((c) => c.gamesCount > 0)
    .sort((a, b) => english.compare(a.name, b.name));
}

export interface SubGroupInfo {
  id: string;
  name: string;
  gamesCount: number;
}

/** The subgroups the games belong to, with how many games each has, sorted by name. Shared (see kept). */
export function gameSubGroups(games: readonly GameModel[]): SubGroupInfo[] {
  return kept(games, 'subgroups', () => countSubGroups(games));
}

function countSubGroups(games: readonly GameModel[]): SubGroupInfo[] {
  const byId = new Map<string, SubGroupInfo>();
  for (const game of games) {
    for (const { id, name } of game.subGroups) {
      const entry = byId.get(id) ?? { id, name, gamesCount: 0 };
      entry.gamesCount += 1;
      byId.set(id, entry);
    }
  }
  return [...byId.values()].sort((a, b) => english.compare(a.name, b.name));
}

/** How many values one multi-select of the filter may hold. */
export const MAX_FILTER_VALUES = 100;

/**
 * Checks what a filter names against what the catalogue has, so a typo is told apart from "no games": an unknown
 * category, subgroup or provider is BAD_USER_INPUT pointing at the query that lists the known ones.
 */
export function checkFilter(
  filter: GameFilterInput,
  known: { games: readonly GameModel[]; products: ReadonlySet<string> },
): void {
  for (const field of ['providers', 'features', 'themes', 'paylines'] as const) {
    if ((filter[field]?.length ?? 0) > MAX_FILTER_VALUES) {
      throw badInput(`filter.${field} can hold at most ${MAX_FILTER_VALUES} values.`);
    }
  }
  if (filter.category != null) {
    const slug = filter.category.trim().toLowerCase();
    if (!gameCategories(known.games).some((c) => c.slug === slug)) {
      throw badInput(
        `There is no game category "${clip(filter.category)}": Query.gameCategories lists them.`,
      );
    }
  }
  if (
    filter.subgroup != null &&
    !known.games.some((g) => g.subGroups.some((s) => s.id === filter.subgroup))
  ) {
    throw badInput(`There is no game subgroup "${clip(filter.subgroup)}": Query.gameSubGroups lists them.`);
  }
  const products = [...(filter.provider != null ? [filter.provider] : []), ...(filter.providers ?? [])];
  const unknown = products.find((p) => !known.products.has(p));
  if (unknown !== undefined) {
    throw badInput(`There is no game provider "${clip(unknown)}": Query.gameProviders lists them.`);
  }
}

/** A client's value quoted in a message, cut short so a huge one cannot flood the response. */
const clip = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);
