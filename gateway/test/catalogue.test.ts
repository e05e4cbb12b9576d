import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit, signUp, startStack, type Stack } from './harness.js';

const GAME = `id gameId name code product category platforms isBonusPlay isFreebet themes features paylines
  subGroups { id name } image rtp createdAt isFavourite provider { id product shortname }`;

const GAMES = `query($first: Int, $after: String, $filter: GameFilter, $sort: GameSort) {
  games(first: $first, after: $after, filter: $filter, sort: $sort) {
    totalCount
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges { cursor node { ${GAME} } }
  }
}`;

const NODE = `query($id: ID!) { node(id: $id) { __typename id ... on Game { code product } ... on GameProvider { product } } }`;
const NODES = `query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }`;
const LAUNCH = `mutation($input: LaunchGameInput!) {
  launchGame(input: $input) { url game { id code product } tournament { tournamentId name } clientMutationId }
}`;
const TOGGLE = `mutation($input: ToggleFavouriteInput!) {
  toggleFavourite(input: $input) { isFavourite game { id code isFavourite } clientMutationId }
}`;

async function gamesPage(stack: Stack, variables: Record<string, unknown>, token?: string) {
  const res = await stack.gql(GAMES, variables, { token: token ?? null });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data.games;
}

/** Every game of a query, walked page by page with first: 100; checks totalCount holds across pages. */
async function allGames(stack: Stack, variables: Record<string, unknown> = {}, token?: string) {
  const nodes: any[] = [];
  let after: string | null = null;
  let total: number | null = null;
  for (;;) {
    const page: any = await gamesPage(stack, { ...variables, first: 100, after }, token);
    total ??= page.totalCount;
    expect(page.totalCount).toBe(total);
    nodes.push(...page.edges.map((e: any) => e.node));
    if (!page.pageInfo.hasNextPage) break;
    after = page.pageInfo.endCursor;
  }
  expect(nodes).toHaveLength(total!);
  return nodes;
}

const codeOf = (res: { errors?: any[] }) => res.errors?.[0]?.extensions?.code;
const byName = (a: string, b: string) => a.localeCompare(b, 'en');

let stack: Stack;
/** The whole catalogue sorted A–Z (sort: ALPHA_ASC). */
let catalogue: any[];
/** The whole catalogue in its own order (no sort): the backend's /api/allgames order. */
let catalogueOrder: any[];
beforeAll(async () => {
  stack = await startStack();
  catalogue = await allGames(stack, { sort: 'ALPHA_ASC' });
  catalogueOrder = await allGames(stack, {});
});
afterAll(() => stack.close());

describe('games: pagination', () => {
  it('pages with first/after, keeps totalCount, and reports the page edges', async () => {
    const one = await gamesPage(stack, { first: 10 });
    expect(one.totalCount).toBe(383);
    expect(one.edges).toHaveLength(10);
    expect(one.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(one.pageInfo.startCursor).toBe(one.edges[0].cursor);
    expect(one.pageInfo.endCursor).toBe(one.edges[9].cursor);
    const two = await gamesPage(stack, { first: 10, after: one.pageInfo.endCursor });
    expect(two.totalCount).toBe(383);
    expect(two.pageInfo.hasPreviousPage).toBe(true);
    const ids = new Set([...one.edges, ...two.edges].map((e: any) => e.node.id));
    expect(ids.size).toBe(20);
    expect(two.edges.map((e: any) => e.node.id)).toEqual(catalogueOrder.slice(10, 20).map((g) => g.id));
    const sorted = await gamesPage(stack, { first: 10, after: one.pageInfo.endCursor, sort: 'ALPHA_ASC' });
    expect(sorted.edges.map((e: any) => e.node.name)).toEqual(catalogue.slice(10, 20).map((g) => g.name));
  });

  it('walks the whole catalogue, ending with hasNextPage false', () => {
    expect(catalogue).toHaveLength(383);
    expect(new Set(catalogue.map((g) => g.id)).size).toBe(383);
  });

  it('defaults to 30 per page', async () => {
    expect((await gamesPage(stack, {})).edges).toHaveLength(30);
  });

  it('refuses first > 100 and a cursor it did not make, with BAD_USER_INPUT', async () => {
    const big = await stack.gql(GAMES, { first: 101 });
    expect(codeOf(big)).toBe('BAD_USER_INPUT');
    expect(big.extensions.upstreamCalls).toEqual([]);
    const bad = await stack.gql(GAMES, { first: 5, after: 'not-a-cursor' });
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
  });
});

describe('games: filters', () => {
  const names = (nodes: any[]) => nodes.map((g) => g.name);

  it('refuses text over 40 characters with a clear BAD_USER_INPUT', async () => {
    const res = await stack.gql(GAMES, { filter: { text: 'x'.repeat(41) } });
    expect(res.errors?.[0]?.message).toBe('The search text can be at most 40 characters.');
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect((await stack.gql(GAMES, { filter: { text: 'x'.repeat(40) } })).errors).toBeUndefined();
  });

  it('text: case-insensitive on name and provider', async () => {
    const roulette = await allGames(stack, { filter: { text: 'ROULETTE' } });
    expect(roulette.length).toBeGreaterThan(10);
    for (const g of roulette) expect(g.name.toLowerCase()).toContain('roulette');
    const byProvider = await allGames(stack, { filter: { text: "play'n go" } });
    expect(byProvider.length).toBeGreaterThan(0);
    expect(new Set(byProvider.map((g) => g.product))).toEqual(new Set(['playngo']));
  });

  it('category with each alias and table-games', async () => {
    const categories = async (category: string) =>
      new Set((await allGames(stack, { filter: { category } })).map((g) => g.category));
    expect(await categories('live-roulette')).toEqual(new Set(['roulette', 'live-roulette']));
    expect(await categories('live-blackjack')).toEqual(new Set(['blackjack', 'live-blackjack']));
    expect(await categories('video-bingo')).toEqual(new Set(['bingo', 'video-bingo']));
    expect(await categories('table-games')).toEqual(
      new Set(['baccarat', 'blackjack', 'poker', 'roulette', 'sic']),
    );
    expect(await categories('slots')).toEqual(new Set(['slots']));
    const tableCount = catalogue.filter((g) =>
      ['baccarat', 'blackjack', 'poker', 'roulette', 'sic'].includes(g.category),
    ).length;
    expect((await gamesPage(stack, { filter: { category: 'table-games' } })).totalCount).toBe(tableCount);
  });

  it('providers (any of) and provider', async () => {
    const two = await allGames(stack, { filter: { providers: ['netent', 'ezugi'] } });
    expect(new Set(two.map((g) => g.product))).toEqual(new Set(['netent', 'ezugi']));
    expect(two).toHaveLength(catalogue.filter((g) => ['netent', 'ezugi'].includes(g.product)).length);
    const one = await allGames(stack, { filter: { provider: 'evolution' } });
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((g) => g.product === 'evolution' && g.provider.shortname === 'Evolution')).toBe(true);
  });

  it('features, themes and paylines (any of)', async () => {
    const features = await allGames(stack, { filter: { features: ['Megaways', 'Jackpot'] } });
    expect(features.length).toBeGreaterThan(0);
    expect(features.every((g) => g.features.includes('Megaways') || g.features.includes('Jackpot'))).toBe(
      true,
    );
    const themes = await allGames(stack, { filter: { themes: ['Egypt'] } });
    expect(themes.length).toBeGreaterThan(0);
    expect(themes.every((g) => g.themes.includes('Egypt'))).toBe(true);
    const paylines = await allGames(stack, { filter: { paylines: [10, 117649] } });
    expect(new Set(paylines.map((g) => g.paylines))).toEqual(new Set([10, 117649]));
  });

  it('subgroup', async () => {
    const top = await allGames(stack, { filter: { subgroup: 'top' } });
    expect(top).toHaveLength(40);
    expect(top.every((g) => g.subGroups.some((s: any) => s.id === 'top'))).toBe(true);
  });

  it('several fields narrow together', async () => {
    const list = await allGames(stack, {
      filter: { category: 'slots', provider: 'pragmatic', themes: ['Animals'] },
    });
    expect(list.length).toBeGreaterThan(0);
    const matches = (g: any) =>
      g.category === 'slots' && g.product === 'pragmatic' && g.themes.includes('Animals');
    expect(list.every(matches)).toBe(true);
    // Without a sort, the catalogue's own order; exactly the catalogue's games that match every field.
    expect(list.map((g) => g.id)).toEqual(catalogueOrder.filter(matches).map((g) => g.id));
    const sorted = await allGames(stack, {
      filter: { category: 'slots', provider: 'pragmatic', themes: ['Animals'] },
      sort: 'ALPHA_ASC',
    });
    expect(names(sorted)).toEqual([...names(list)].sort(byName));
  });
});

describe('games: collections', () => {
  const collection = (name: string, sort: string | null = 'ALPHA_ASC', token?: string) =>
    allGames(stack, { filter: { collection: name }, sort }, token);
  const upstreamGroups = () => fetch(`${stack.sandbox.url}/api/games`).then((r) => r.json() as Promise<any>);

  it('ALL is the catalogue', async () => {
    expect(await collection('ALL')).toHaveLength(383);
  });

  it('MOST_POPULAR, FEATURED and TOP_RATED are the home groups, in group order without a sort', async () => {
    const groups = await upstreamGroups();
    for (const [name, key] of [
      ['MOST_POPULAR', 'mostPopular'],
      ['FEATURED', 'Featured'],
      ['TOP_RATED', 'topRated'],
    ] as const) {
      const list = await collection(name, null);
      expect(list.map((g) => g.gameId)).toEqual(groups[key].map((g: any) => g.id));
    }
  });

  it('LIVE_CASINO is every live table, the Lives group first', async () => {
    const groups = await upstreamGroups();
    const list = await collection('LIVE_CASINO', null);
    const live = catalogue.filter((g) => g.category.startsWith('live-'));
    expect(list).toHaveLength(live.length);
    expect(list.slice(0, groups.Lives.length).map((g) => g.gameId)).toEqual(
      groups.Lives.map((g: any) => g.id),
    );
    expect(list.every((g) => g.category.startsWith('live-'))).toBe(true);
  });

  it('NEW is exactly the 50 newest', async () => {
    const list = await collection('NEW', 'NEWEST_FIRST');
    const newest = [...catalogue]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.gameId - a.gameId)
      .slice(0, 50);
    expect(list.map((g) => g.id)).toEqual(newest.map((g) => g.id));
  });

  it('RECENT and FAVOURITES are empty for guests', async () => {
    expect(await collection('RECENT')).toEqual([]);
    expect(await collection('FAVOURITES')).toEqual([]);
  });

  it('BONUS_PLAY, FREE_BET, DESKTOP and MOBILE', async () => {
    const count = (pred: (g: any) => boolean) => catalogue.filter(pred).length;
    const bonus = await collection('BONUS_PLAY');
    expect(bonus.every((g) => g.isBonusPlay)).toBe(true);
    expect(bonus).toHaveLength(count((g) => g.isBonusPlay));
    const freebet = await collection('FREE_BET');
    expect(freebet.every((g) => g.isFreebet)).toBe(true);
    expect(freebet).toHaveLength(count((g) => g.isFreebet));
    const desktop = await collection('DESKTOP');
    expect(desktop).toHaveLength(count((g) => g.platforms.includes('DESKTOP')));
    expect(desktop.length).toBeLessThan(383);
    const mobile = await collection('MOBILE');
    expect(mobile).toHaveLength(count((g) => g.platforms.includes('MOBILE')));
    expect(mobile.length).toBeLessThan(383);
  });
});

describe('games: sort', () => {
  it('ALPHA_ASC and ALPHA_DESC order by name as players read it', async () => {
    const asc = catalogue.map((g) => g.name);
    expect(asc).toEqual([...asc].sort(byName));
    const desc = (await allGames(stack, { sort: 'ALPHA_DESC' })).map((g) => g.name);
    expect(desc).toEqual([...asc].reverse());
  });

  it('NEWEST_FIRST orders by creation date, newest first', async () => {
    const dates = (await allGames(stack, { sort: 'NEWEST_FIRST' })).map((g) => g.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('left out, returns the catalogue order (the backend’s /api/allgames order); ALPHA_ASC sorts A–Z', async () => {
    const upstream = (await fetch(`${stack.sandbox.url}/api/allgames`).then((r) => r.json())) as any[];
    expect(catalogueOrder.map((g) => g.gameId)).toEqual(upstream.map((g: any) => g.id));
    const page = await gamesPage(stack, { first: 30 });
    expect(page.edges.map((e: any) => e.node.gameId)).toEqual(upstream.slice(0, 30).map((g: any) => g.id));
    const names = page.edges.map((e: any) => e.node.name);
    expect(names).not.toEqual([...names].sort(byName));
    const sorted = await gamesPage(stack, { first: 30, sort: 'ALPHA_ASC' });
    expect(sorted.edges.map((e: any) => e.node.name)).toEqual(catalogue.slice(0, 30).map((g) => g.name));
  });
});

describe('one game, providers, filters, wins, nodes', () => {
  it('game(code) returns the game with its fields; an unknown code is null', async () => {
    const sample = catalogue.find((g) => g.category === 'slots')!;
    const res = await stack.gql(`query($code: String!) { game(code: $code) { ${GAME} } }`, {
      code: sample.code,
    });
    expect(res.data.game).toEqual(sample);
    expect(sample.isFavourite).toBe(false);
    expect(sample.platforms.every((p: string) => p === 'DESKTOP' || p === 'MOBILE')).toBe(true);
    expect(sample.provider.product).toBe(sample.product);
    const none = await stack.gql(`{ game(code: "no-such-game") { id } }`);
    expect(none.errors).toBeUndefined();
    expect(none.data.game).toBeNull();
  });

  it('similarGames: the provider’s games of the same kind first, then its others, then the kind’s; never the game', async () => {
    const q = `query($code: String!, $first: Int) { game(code: $code) { similarGames(first: $first) { code product category } } }`;
    // A live roulette: its provider has roulettes and other live tables, and other providers have roulettes.
    // A live roulette of a provider with fewer than 24 games, so that all three parts show.
    const gamesOf = (product: string) => catalogueOrder.filter((o) => o.product === product);
    const game = catalogueOrder.find(
      (g) =>
        g.category === 'live-roulette' &&
        gamesOf(g.product).length < 24 &&
        gamesOf(g.product).filter((o) => o.category === 'live-roulette').length >= 2,
    )!;
    const kindOf = (c: string) => (c === 'live-roulette' ? 'roulette' : c);
    const kind = kindOf(game.category);
    const others = catalogueOrder.filter((o) => o.code !== game.code);
    const expected = [
      ...others.filter((o) => o.product === game.product && kindOf(o.category) === kind),
      ...others.filter((o) => o.product === game.product && kindOf(o.category) !== kind),
      ...others.filter((o) => o.product !== game.product && kindOf(o.category) === kind),
    ].map((o) => o.code);

    const res = await stack.gql(q, { code: game.code, first: 24 });
    expect(res.errors).toBeUndefined();
    const codes = res.data.game.similarGames.map((o: any) => o.code);
    expect(codes).toEqual(expected.slice(0, 24));
    expect(codes).not.toContain(game.code);
    const parts = res.data.game.similarGames.map((o: any) =>
      o.product === game.product ? (kindOf(o.category) === kind ? 'same kind' : 'provider') : 'kind',
    );
    expect(new Set(parts)).toEqual(new Set(['same kind', 'provider', 'kind']));
    // Eight by default.
    const byDefault = await stack.gql(q, { code: game.code });
    expect(byDefault.data.game.similarGames.map((o: any) => o.code)).toEqual(expected.slice(0, 8));

    for (const first of [-1, 101]) {
      const bad = await stack.gql(q, { code: game.code, first });
      expect(codeOf(bad)).toBe('BAD_USER_INPUT');
      expect(bad.errors![0].message).toBe('first must be between 0 and 100.');
    }
  });

  it('gameProviders are sorted by shortname with their counts', async () => {
    const res = await stack.gql(`{ gameProviders { id product shortname name gamesCount } }`);
    const providers = res.data.gameProviders;
    expect(providers).toHaveLength(15);
    expect(providers.map((p: any) => p.shortname)).toEqual(
      [...providers.map((p: any) => p.shortname)].sort((a: string, b: string) =>
        a.localeCompare(b, 'en', { sensitivity: 'base' }),
      ),
    );
    expect(providers.reduce((sum: number, p: any) => sum + p.gamesCount, 0)).toBe(383);
  });

  it('names each provider as players know it, with a sentence about it', async () => {
    const res = await stack.gql(
      `{ gameProvider(product: "bgaming") { shortname description } pragmatic: gameProvider(product: "pragmatic") { shortname description } }`,
    );
    expect(res.data.gameProvider.shortname).toBe('BGaming');
    expect(res.data.pragmatic.shortname).toBe('Pragmatic Play');
    expect(res.data.pragmatic.description).toMatch(/slots/);
  });

  it('gameFilters returns features, themes and paylines (from the backend playlines)', async () => {
    const res = await stack.gql(`{ gameFilters { features themes paylines } }`);
    expect(res.data.gameFilters.paylines).toEqual([10, 20, 25, 40, 50, 243, 1024, 117649]);
    expect(res.data.gameFilters.features).toContain('Megaways');
    expect(res.data.gameFilters.themes).toContain('Egypt');
  });

  it('latestWins returns each win with its game and money', async () => {
    const res = await stack.gql(
      `{ latestWins { playerName createdAt amount { cents amount formatted } game { code } } }`,
    );
    expect(res.data.latestWins).toHaveLength(25);
    for (const w of res.data.latestWins) {
      expect(w.game.code).toBeTruthy();
      expect(w.amount.formatted).toMatch(/^R[\d,]+\.\d{2}$/);
    }
  });

  it('node and nodes round-trip Game and GameProvider ids; unknown or malformed ids are null', async () => {
    const g = catalogue[0];
    const game = await stack.gql(NODE, { id: g.id });
    expect(game.data.node).toEqual({ __typename: 'Game', id: g.id, code: g.code, product: g.product });
    const provider = await stack.gql(NODE, { id: g.provider.id });
    expect(provider.data.node).toEqual({ __typename: 'GameProvider', id: g.provider.id, product: g.product });
    const unknownGame = Buffer.from('Game:999999').toString('base64url');
    const unknownProvider = Buffer.from('GameProvider:nobody').toString('base64url');
    const wordGame = Buffer.from('Game:abc').toString('base64url');
    const res = await stack.gql(NODES, {
      ids: [g.id, unknownGame, 'not base64 !', unknownProvider, wordGame, g.provider.id],
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.nodes).toEqual([
      { __typename: 'Game', id: g.id },
      null,
      null,
      null,
      null,
      { __typename: 'GameProvider', id: g.provider.id },
    ]);
  });
});

describe('the signed-in player', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await signUp(stack));
  });
  const viewerLists = `{ viewer { favourites(first: 50) { totalCount edges { node { id isFavourite } } }
    recentGames { totalCount edges { node { id code } } } } }`;

  it('toggles a favourite on and off, seen in isFavourite, the FAVOURITES collection and Viewer.favourites', async () => {
    const g = catalogue[5];
    const on = await stack.gql(TOGGLE, { input: { gameId: g.id, clientMutationId: 'fav-1' } }, { token });
    expect(on.errors).toBeUndefined();
    expect(on.data.toggleFavourite).toEqual({
      isFavourite: true,
      game: { id: g.id, code: g.code, isFavourite: true },
      clientMutationId: 'fav-1',
    });
    const lists = await stack.gql(viewerLists, {}, { token });
    expect(lists.data.viewer.favourites.edges.map((e: any) => e.node)).toEqual([
      { id: g.id, isFavourite: true },
    ]);
    expect((await allGames(stack, { filter: { collection: 'FAVOURITES' } }, token)).map((x) => x.id)).toEqual(
      [g.id],
    );
    const one = await stack.gql(
      `query($code: String!) { game(code: $code) { isFavourite } }`,
      { code: g.code },
      { token },
    );
    expect(one.data.game.isFavourite).toBe(true);

    const off = await stack.gql(TOGGLE, { input: { gameId: g.id } }, { token });
    expect(off.data.toggleFavourite.isFavourite).toBe(false);
    expect(off.data.toggleFavourite.game.isFavourite).toBe(false);
    const after = await stack.gql(viewerLists, {}, { token });
    expect(after.data.viewer.favourites.totalCount).toBe(0);
  });

  it('a guest cannot toggle a favourite (UNAUTHENTICATED); a bad game id is BAD_USER_INPUT', async () => {
    const guest = await stack.gql(TOGGLE, { input: { gameId: catalogue[0].id } });
    expect(codeOf(guest)).toBe('UNAUTHENTICATED');
    const bad = await stack.gql(TOGGLE, { input: { gameId: 'nonsense' } }, { token });
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
  });

  it('a real launch returns a session URL and the game shows in recentGames and RECENT', async () => {
    const g = catalogue.find((x) => x.category === 'slots')!;
    const res = await stack.gql(LAUNCH, { input: { gameId: g.id, demo: false } }, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data.launchGame.url).toContain('#session=');
    expect(res.data.launchGame.game).toEqual({ id: g.id, code: g.code, product: g.product });
    expect(res.data.launchGame.tournament).toBeNull();
    const lists = await stack.gql(viewerLists, {}, { token });
    expect(lists.data.viewer.recentGames.edges.map((e: any) => e.node.code)).toEqual([g.code]);
    expect(
      (await allGames(stack, { filter: { collection: 'RECENT' }, sort: null }, token)).map((x) => x.id),
    ).toEqual([g.id]);
  });

  it('a launch inside a joined running tournament returns that tournament', async () => {
    await credit(stack, token, '500.00');
    const list: any = await fetch(`${stack.sandbox.url}/api/tournaments`).then((r) => r.json());
    const open = list.tournaments.find((t: any) => t.stage === 'late_registration');
    expect(open).toBeTruthy();
    const join = await fetch(`${stack.sandbox.url}/api/tournaments/${open.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(join.status).toBe(200);
    const gameId = open.game_ids.length ? open.game_ids[0] : catalogue[0].gameId;
    const g = catalogue.find((x) => x.gameId === gameId)!;
    const res = await stack.gql(LAUNCH, { input: { gameId: g.id } }, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data.launchGame.tournament).toEqual({ tournamentId: open.id, name: open.name });
  });
});

describe('launchGame as a guest', () => {
  it('demo gives a demo URL', async () => {
    const g = catalogue[0];
    const res = await stack.gql(LAUNCH, { input: { gameId: g.id, demo: true, clientMutationId: 'x' } });
    expect(res.errors).toBeUndefined();
    expect(res.data.launchGame.url).toContain('#demo=1');
    expect(res.data.launchGame).toMatchObject({
      game: { id: g.id },
      tournament: null,
      clientMutationId: 'x',
    });
  });
  it('real play is UNAUTHENTICATED, without calling upstream', async () => {
    const res = await stack.gql(LAUNCH, { input: { gameId: catalogue[0].id } });
    expect(codeOf(res)).toBe('UNAUTHENTICATED');
    expect(res.extensions.upstreamCalls).toEqual([]);
  });
  it('an unknown game is NOT_FOUND and a malformed id BAD_USER_INPUT', async () => {
    const unknown = Buffer.from('Game:999999').toString('base64url');
    expect(codeOf(await stack.gql(LAUNCH, { input: { gameId: unknown, demo: true } }))).toBe('NOT_FOUND');
    expect(codeOf(await stack.gql(LAUNCH, { input: { gameId: '%%', demo: true } }))).toBe('BAD_USER_INPUT');
  });
});

describe('upstream calls per operation', () => {
  const EVERYTHING = `{
    games(first: 30, filter: { text: "gold" }) { totalCount edges { node { id name isFavourite provider { shortname } } } }
    more: games(first: 30, filter: { collection: MOST_POPULAR }) { edges { node { id isFavourite provider { id } } } }
    gameProviders { id shortname }
    gameFilters { features }
    latestWins { game { id isFavourite } }
  }`;

  it('a player query over games, providers, filters, provider and isFavourite calls each resource once', async () => {
    const { token } = await signUp(stack);
    stack.gateway.cache.clear();
    const res = await stack.gql(EVERYTHING, {}, { token });
    expect(res.errors).toBeUndefined();
    const calls: string[] = res.extensions.upstreamCalls;
    expect(calls.length).toBeGreaterThan(0);
    expect(new Set(calls).size).toBe(calls.length);
    expect(calls).toContain('GET /api/favourites/short');
    expect(calls).toContain('GET /api/allgames');
  });

  it('a second identical guest request is served from the public cache', async () => {
    stack.gateway.cache.clear();
    const first = await stack.gql(EVERYTHING);
    expect(first.extensions.upstreamCalls.length).toBeGreaterThan(0);
    expect(new Set(first.extensions.upstreamCalls).size).toBe(first.extensions.upstreamCalls.length);
    const second = await stack.gql(EVERYTHING);
    expect(second.data).toEqual(first.data);
    expect(second.extensions.upstreamCalls).toEqual([]);
  });
});

describe('guest hiding (GUEST_HIDDEN_PROVIDERS=ezugi)', () => {
  let hidden: Stack;
  let token: string;
  let ezugiGames: any[];
  beforeAll(async () => {
    hidden = await startStack({ gateway: { guestHiddenProviders: ['ezugi'] } });
    ({ token } = await signUp(hidden));
    ezugiGames = catalogue.filter((g) => g.product === 'ezugi');
    // The seed's wins are random: make sure one is on an ezugi game.
    hidden.sandbox.db
      .prepare('INSERT INTO latest_wins (game_id, player_name, amount_cents, created_at) VALUES (?, ?, ?, ?)')
      .run(ezugiGames[0].gameId, 'Hidden W.', 123_45, new Date().toISOString());
  });
  afterAll(() => hidden.close());

  it('the catalogue has ezugi games to hide', () => {
    expect(ezugiGames.length).toBeGreaterThan(0);
  });

  it('games: never for guests, whatever the filter; players see them', async () => {
    const guestAll = await allGames(hidden, {});
    expect(guestAll).toHaveLength(383 - ezugiGames.length);
    expect(guestAll.some((g) => g.product === 'ezugi')).toBe(false);
    for (const filter of [{ text: 'ezugi' }, { collection: 'LIVE_CASINO' }, { category: 'live-roulette' }]) {
      const list = await allGames(hidden, { filter });
      expect(list.some((g) => g.product === 'ezugi')).toBe(false);
    }
    // Naming the hidden provider: to a guest it does not exist, exactly as a provider that is nowhere.
    const nowhere = await hidden.gql(GAMES, { filter: { provider: 'nowhere' } });
    expect(codeOf(nowhere)).toBe('BAD_USER_INPUT');
    for (const filter of [
      { provider: 'ezugi' },
      { providers: ['ezugi'] },
      { providers: ['netent', 'ezugi'] },
    ]) {
      const res = await hidden.gql(GAMES, { filter });
      expect(res.data.games).toBeNull();
      expect(res.errors).toHaveLength(1);
      expect(res.errors![0]).toMatchObject({
        path: ['games'],
        extensions: { code: 'BAD_USER_INPUT' },
        message: nowhere.errors![0].message.replace('nowhere', 'ezugi'),
      });
    }
    expect(await allGames(hidden, { filter: { provider: 'ezugi' } }, token)).toHaveLength(ezugiGames.length);
  });

  it('game(code), node and nodes: null for guests, the game for players', async () => {
    const g = ezugiGames[0];
    const q = `query($code: String!) { game(code: $code) { id } }`;
    const guest = await hidden.gql(q, { code: g.code });
    expect(guest.errors).toBeUndefined();
    expect(guest.data.game).toBeNull();
    expect((await hidden.gql(q, { code: g.code }, { token })).data.game).toEqual({ id: g.id });

    expect((await hidden.gql(NODE, { id: g.id })).data.node).toBeNull();
    expect((await hidden.gql(NODE, { id: g.provider.id })).data.node).toBeNull();
    expect((await hidden.gql(NODES, { ids: [g.id, g.provider.id] })).data.nodes).toEqual([null, null]);
    expect((await hidden.gql(NODE, { id: g.id }, { token })).data.node).toMatchObject({ id: g.id });
    expect((await hidden.gql(NODES, { ids: [g.id, g.provider.id] }, { token })).data.nodes).toEqual([
      { __typename: 'Game', id: g.id },
      { __typename: 'GameProvider', id: g.provider.id },
    ]);
  });

  it('similarGames never offers a guest a hidden game; a player gets them', async () => {
    // Another live game of a provider with a live roulette: ezugi's live roulettes are its kind.
    const q = `query($code: String!) { game(code: $code) { similarGames(first: 24) { product } } }`;
    const roulette = catalogue.find((g) => g.category === 'live-roulette' && g.product !== 'ezugi')!;
    const guest = await hidden.gql(q, { code: roulette.code });
    expect(guest.data.game.similarGames.length).toBeGreaterThan(0);
    expect(guest.data.game.similarGames.some((g: any) => g.product === 'ezugi')).toBe(false);
    const player = await hidden.gql(q, { code: roulette.code }, { token });
    expect(player.data.game.similarGames.some((g: any) => g.product === 'ezugi')).toBe(true);
  });

  it('a made-up token does not unlock hidden games', async () => {
    const q = `query($code: String!) { game(code: $code) { id } }`;
    const res = await hidden.gql(q, { code: ezugiGames[0].code }, { token: 'made-up-token' });
    expect(res.data?.game ?? null).toBeNull();
  });

  it('latestWins leaves out hidden wins for guests only', async () => {
    const q = `{ latestWins { playerName game { product } } }`;
    const guest = await hidden.gql(q);
    expect(guest.data.latestWins.some((w: any) => w.playerName === 'Hidden W.')).toBe(false);
    expect(guest.data.latestWins.every((w: any) => w.game && w.game.product !== 'ezugi')).toBe(true);
    const player = await hidden.gql(q, {}, { token });
    expect(player.data.latestWins.find((w: any) => w.playerName === 'Hidden W.')?.game.product).toBe('ezugi');
  });

  it('gameProviders leaves ezugi out for guests only', async () => {
    const q = `{ gameProviders { product } }`;
    const guest = (await hidden.gql(q)).data.gameProviders.map((p: any) => p.product);
    expect(guest).toHaveLength(14);
    expect(guest).not.toContain('ezugi');
    const player = (await hidden.gql(q, {}, { token })).data.gameProviders.map((p: any) => p.product);
    expect(player).toContain('ezugi');
  });

  it('launchGame: a guest cannot launch a hidden game even in demo; a player can', async () => {
    const g = ezugiGames[0];
    const guest = await hidden.gql(LAUNCH, { input: { gameId: g.id, demo: true } });
    expect(codeOf(guest)).toBe('NOT_FOUND');
    expect(guest.extensions.upstreamCalls).not.toContain(`GET /api/games/${g.gameId}/true`);
    const player = await hidden.gql(LAUNCH, { input: { gameId: g.id, demo: true } }, { token });
    expect(player.errors).toBeUndefined();
    expect(player.data.launchGame.game.product).toBe('ezugi');
  });
});
