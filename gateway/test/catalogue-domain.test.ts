import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  categoriesFor,
  collectionGames,
  matchesFilter,
  newestGames,
  searchWords,
  gameCategories,
  selectGames,
  sortGames,
  sourceNeeded,
  visibleTo,
  type Audience,
  type GameFilterInput,
} from '../src/domain/catalogue.js';
import type { GameModel } from '../src/models.js';

let nextId = 1;
function game(over: Partial<GameModel> = {}): GameModel {
  const id = over.id ?? nextId++;
  return {
    __typename: 'Game',
    id,
    name: `Game ${id}`,
    code: `game-${id}`,
    url: null,
    product: 'netent',
    category: 'slots',
    platforms: ['desktop', 'mobile'],
    isBonusPlay: false,
    isFreebet: false,
    themes: [],
    features: [],
    paylines: null,
    subGroups: [],
    image: null,
    rtp: null,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    ...over,
  };
}

const player: Audience = { isGuest: false, hiddenProducts: ['ezugi'] };
const guest: Audience = { isGuest: true, hiddenProducts: ['ezugi'] };
const names = (games: GameModel[]) => games.map((g) => g.name);
const ids = (games: GameModel[]) => games.map((g) => g.id);
const filterBy = (games: GameModel[], filter: GameFilterInput, audience = player) =>
  selectGames(games, { filter, sort: null, audience });

function badInputOf(fn: () => unknown): GraphQLError {
  try {
    fn();
  } catch (err) {
    return err as GraphQLError;
  }
  throw new Error('expected an error');
}

describe('the search text', () => {
  it('takes exactly 40 characters and refuses 41 with BAD_USER_INPUT', () => {
    expect(searchWords('a'.repeat(40))).toEqual(['a'.repeat(40)]);
    const err = badInputOf(() => searchWords('a'.repeat(41)));
    expect(err.message).toBe('The search text can be at most 40 characters.');
    expect(err.extensions.code).toBe('BAD_USER_INPUT');
  });
  it('counts characters as typed (an emoji is one)', () => {
    expect(() => searchWords('😀'.repeat(40))).not.toThrow();
    expect(() => searchWords('😀'.repeat(41))).toThrow('at most 40');
  });
  it('splits into lower-case words; blank or missing text does not filter', () => {
    expect(searchWords('  Golden   WOLF ')).toEqual(['golden', 'wolf']);
    expect(searchWords('   ')).toEqual([]);
    expect(searchWords(null)).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
  });
  it('matches name, provider shortname and product, case-insensitively, every word', () => {
    const wolf = game({ name: 'Golden Wolf', product: 'pragmatic' });
    const lion = game({ name: 'Golden Lion', product: 'playngo' });
    const shortname = (p: string) => ({ pragmatic: 'Pragmatic Play', playngo: "Play'n GO" })[p] ?? p;
    const pick = (text: string) =>
      names(
        selectGames([wolf, lion], {
          filter: { text },
          sort: 'ALPHA_ASC',
          audience: player,
          shortnameOf: shortname,
        }),
      );
    expect(pick('golden')).toEqual(['Golden Lion', 'Golden Wolf']);
    expect(pick('WOLF')).toEqual(['Golden Wolf']);
    expect(pick('pragmatic play')).toEqual(['Golden Wolf']);
    expect(pick("play'n")).toEqual(['Golden Lion']);
    expect(pick('playngo golden')).toEqual(['Golden Lion']);
    expect(pick('golden zebra')).toEqual([]);
  });
});

describe('category aliases', () => {
  const stored = [
    'roulette',
    'live-roulette',
    'blackjack',
    'live-blackjack',
    'bingo',
    'video-bingo',
    'baccarat',
    'poker',
    'sic',
    'slots',
  ];
  const games = stored.map((category) => game({ category, name: category }));
  const categoriesOf = (category: string) => names(filterBy(games, { category })).sort();

  it('live-roulette selects roulette and live-roulette', () => {
    expect(categoriesOf('live-roulette')).toEqual(['live-roulette', 'roulette']);
  });
  it('live-blackjack selects blackjack and live-blackjack', () => {
    expect(categoriesOf('live-blackjack')).toEqual(['blackjack', 'live-blackjack']);
  });
  it('video-bingo selects bingo and video-bingo', () => {
    expect(categoriesOf('video-bingo')).toEqual(['bingo', 'video-bingo']);
  });
  it('table-games combines baccarat, blackjack, poker, roulette and sic', () => {
    expect(categoriesOf('table-games')).toEqual(['baccarat', 'blackjack', 'poker', 'roulette', 'sic']);
    expect([...categoriesFor('table-games')].sort()).toEqual([
      'baccarat',
      'blackjack',
      'poker',
      'roulette',
      'sic',
    ]);
  });
  it('a plain category selects only itself (case-insensitively); an unknown one nothing', () => {
    expect(categoriesOf('roulette')).toEqual(['roulette']);
    expect(categoriesOf('Slots')).toEqual(['slots']);
    expect(categoriesOf('crash')).toEqual([]);
  });
});

describe('the multi-select and single filters', () => {
  const a = game({
    product: 'netent',
    features: ['Wilds'],
    themes: ['Egypt'],
    paylines: 20,
    subGroups: [{ id: 'top', name: 'Top Games' }],
  });
  const b = game({
    product: 'pragmatic',
    features: ['Free Spins', 'Megaways'],
    themes: ['Animals'],
    paylines: 117649,
  });
  const c = game({ product: 'evolution', category: 'live-roulette', paylines: null });
  const all = [a, b, c];
  it('providers, features, themes and paylines are any-of', () => {
    expect(ids(filterBy(all, { providers: ['netent', 'evolution'] }))).toEqual([a.id, c.id]);
    expect(ids(filterBy(all, { features: ['Wilds', 'Megaways'] }))).toEqual([a.id, b.id]);
    expect(ids(filterBy(all, { themes: ['Animals'] }))).toEqual([b.id]);
    expect(ids(filterBy(all, { paylines: [20, 117649] }))).toEqual([a.id, b.id]);
  });
  it('an empty selection does not filter', () => {
    expect(ids(filterBy(all, { providers: [], features: [], themes: [], paylines: [] }))).toEqual(ids(all));
  });
  it('subgroup and provider narrow to one', () => {
    expect(ids(filterBy(all, { subgroup: 'top' }))).toEqual([a.id]);
    expect(ids(filterBy(all, { provider: 'pragmatic' }))).toEqual([b.id]);
  });
  it('every field narrows together', () => {
    expect(matchesFilter(a, { provider: 'netent', themes: ['Egypt'] }, [], (p) => p)).toBe(true);
    expect(matchesFilter(a, { provider: 'netent', themes: ['Animals'] }, [], (p) => p)).toBe(false);
  });
});

describe('collections', () => {
  const live1 = game({ category: 'live-roulette' });
  const live2 = game({ category: 'live-blackjack' });
  const slot = game({ isBonusPlay: true, platforms: ['desktop'] });
  const table = game({ category: 'poker', isFreebet: true, platforms: ['mobile'] });
  const all = [live1, live2, slot, table];
  const groups = {
    mostPopular: [table.id, slot.id],
    Lives: [live2.id],
    topRated: [slot.id],
    Featured: [table.id],
  };
  const of = (collection: Parameters<typeof collectionGames>[1], sources = {}) =>
    ids(collectionGames(all, collection, sources));

  it('home groups keep the backend order', () => {
    expect(of('MOST_POPULAR', { groups })).toEqual([table.id, slot.id]);
    expect(of('TOP_RATED', { groups })).toEqual([slot.id]);
    expect(of('FEATURED', { groups })).toEqual([table.id]);
  });
  it('LIVE_CASINO is the Lives group then every other live table', () => {
    expect(of('LIVE_CASINO', { groups })).toEqual([live2.id, live1.id]);
  });
  it('flags and platforms', () => {
    expect(of('BONUS_PLAY')).toEqual([slot.id]);
    expect(of('FREE_BET')).toEqual([table.id]);
    expect(of('DESKTOP')).toEqual([live1.id, live2.id, slot.id]);
    expect(of('MOBILE')).toEqual([live1.id, live2.id, table.id]);
    expect(of('ALL')).toEqual(ids(all));
    expect(of(null)).toEqual(ids(all));
  });
  it('RECENT and FAVOURITES come from the viewer, empty without one', () => {
    expect(of('RECENT')).toEqual([]);
    expect(of('FAVOURITES')).toEqual([]);
    expect(of('RECENT', { recentGames: [table, slot] })).toEqual([table.id, slot.id]);
    expect(of('FAVOURITES', { favouriteIds: [slot.id, 999_999, live1.id] })).toEqual([slot.id, live1.id]);
  });
  it('names the one source each collection needs', () => {
    expect(sourceNeeded('MOST_POPULAR')).toBe('groups');
    expect(sourceNeeded('LIVE_CASINO')).toBe('groups');
    expect(sourceNeeded('FAVOURITES')).toBe('favouriteIds');
    expect(sourceNeeded('RECENT')).toBe('recentGames');
    expect(sourceNeeded('NEW')).toBeNull();
    expect(sourceNeeded(undefined)).toBeNull();
  });
});

describe('NEW: the 50 newest', () => {
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);
  // 60 games created on days 0..59, shuffled so the input order says nothing.
  const games = Array.from({ length: 60 }, (_, i) => game({ createdAt: day((i * 37) % 60) }));

  it('is exactly the 50 newest, newest first', () => {
    const newest = collectionGames(games, 'NEW', {});
    expect(newest).toHaveLength(50);
    expect(newest.map((g) => g.createdAt.getTime())).toEqual(
      Array.from({ length: 50 }, (_, i) => day(59 - i).getTime()),
    );
    expect(newestGames(games)).toEqual(newest);
  });
  it('is every game when there are fewer than 50', () => {
    expect(collectionGames(games.slice(0, 10), 'NEW', {})).toHaveLength(10);
  });
  it('is drawn from what a guest may see, so a guest still gets 50 openable games', () => {
    const hidden = Array.from({ length: 10 }, (_, i) => game({ product: 'ezugi', createdAt: day(100 + i) }));
    const list = selectGames([...games, ...hidden], { filter: { collection: 'NEW' }, audience: guest });
    expect(list).toHaveLength(50);
    expect(list.some((g) => g.product === 'ezugi')).toBe(false);
    const forPlayer = selectGames([...games, ...hidden], { filter: { collection: 'NEW' }, audience: player });
    expect(forPlayer.filter((g) => g.product === 'ezugi')).toHaveLength(10);
  });
});

describe('sort orders', () => {
  const t = (s: string) => new Date(s);
  const zeus = game({ id: 501, name: 'Zeus', createdAt: t('2026-03-01T00:00:00Z') });
  const apple = game({ id: 502, name: 'apple', createdAt: t('2026-01-01T00:00:00Z') });
  const eclair = game({ id: 503, name: 'Éclair', createdAt: t('2026-02-01T00:00:00Z') });
  const twinA = game({ id: 504, name: 'Banana', createdAt: t('2026-02-01T00:00:00Z') });
  const twinB = game({ id: 505, name: 'Banana', createdAt: t('2026-02-01T00:00:00Z') });
  const list = [zeus, twinB, apple, eclair, twinA];

  it('ALPHA_ASC is A to Z by locale (case and accents as players read them), ties by id', () => {
    expect(ids(sortGames(list, 'ALPHA_ASC'))).toEqual([502, 504, 505, 503, 501]);
  });
  it('ALPHA_DESC is the exact reverse', () => {
    expect(ids(sortGames(list, 'ALPHA_DESC'))).toEqual([501, 503, 505, 504, 502]);
  });
  it('NEWEST_FIRST is by creation date, later-added (higher id) first on a tie', () => {
    expect(ids(sortGames(list, 'NEWEST_FIRST'))).toEqual([501, 505, 504, 503, 502]);
  });
  it('no sort keeps the given order and never mutates the input', () => {
    const copy = [...list];
    expect(ids(sortGames(list, null))).toEqual(ids(copy));
    sortGames(list, 'ALPHA_ASC');
    expect(list).toEqual(copy);
  });
});

describe('guest hiding', () => {
  const hidden = game({ product: 'ezugi' });
  const shown = game({ product: 'evolution' });
  it('visibleTo hides the listed products from guests only', () => {
    expect(visibleTo(hidden, true, ['ezugi'])).toBe(false);
    expect(visibleTo(hidden, false, ['ezugi'])).toBe(true);
    expect(visibleTo(shown, true, ['ezugi'])).toBe(true);
    expect(visibleTo(hidden, true, [])).toBe(true);
  });
  it('selectGames never gives a guest a hidden game, whatever the filter', () => {
    const all = [hidden, shown];
    expect(ids(filterBy(all, {}, guest))).toEqual([shown.id]);
    expect(ids(filterBy(all, { provider: 'ezugi' }, guest))).toEqual([]);
    expect(ids(filterBy(all, { collection: 'FAVOURITES' }, guest))).toEqual([]);
    expect(
      ids(
        selectGames(all, {
          filter: { collection: 'RECENT' },
          audience: guest,
          sources: { recentGames: all },
        }),
      ),
    ).toEqual([shown.id]);
    expect(ids(filterBy(all, { provider: 'ezugi' }, player))).toEqual([hidden.id]);
  });
});

describe('what is worked out from the catalogue, kept with it', () => {
  const catalogue = [
    game({ id: 601, name: 'Zeus', category: 'slots' }),
    game({ id: 602, name: 'Apollo', category: 'roulette', product: 'ezugi' }),
    game({ id: 603, name: 'Mars', category: 'slots', product: 'ezugi' }),
    game({ id: 604, name: 'Athena', category: 'slots' }),
    game({ id: 605, name: 'Hermes', category: 'roulette' }),
  ];
  const page = (filter: GameFilterInput, audience: Audience) =>
    ids(selectGames(catalogue, { filter, sort: 'ALPHA_ASC', audience }));

  it('returns a sorted, filtered page the same every time, for guests and players alike', () => {
    for (let i = 0; i < 3; i++) {
      expect(page({ category: 'slots' }, player)).toEqual([604, 603, 601]);
      expect(page({ category: 'slots' }, guest)).toEqual([604, 601]);
      expect(page({}, guest)).toEqual([604, 605, 601]);
      expect(page({}, player)).toEqual([602, 604, 605, 603, 601]);
    }
  });

  it('hands out copies of a kept order, so a caller changing its page changes no later result', () => {
    const first = selectGames(catalogue, { sort: 'ALPHA_ASC', audience: player });
    first.reverse();
    first.length = 1;
    expect(page({}, player)).toEqual([602, 604, 605, 603, 601]);
    expect(ids(catalogue)).toEqual([601, 602, 603, 604, 605]);
  });

  it('keeps per list: another catalogue (a refreshed one) is worked out afresh', () => {
    expect(gameCategories(catalogue).map((c) => [c.slug, c.gamesCount])).toContainEqual(['slots', 3]);
    const refreshed = [...catalogue, game({ id: 606, name: 'Ares', category: 'slots' })];
    expect(gameCategories(refreshed).map((c) => [c.slug, c.gamesCount])).toContainEqual(['slots', 4]);
    expect(ids(selectGames(refreshed, { sort: 'ALPHA_ASC', audience: player }))[0]).toBe(602);
    expect(ids(selectGames(refreshed, { sort: 'ALPHA_ASC', audience: player }))[1]).toBe(606);
  });
});
