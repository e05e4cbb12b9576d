import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newPlayer, startSandbox } from './harness.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
let games: any[];
beforeAll(async () => {
  sb = await startSandbox();
  games = (await api(sb.url, 'GET', '/api/allgames')).body;
});
afterAll(() => sb.close());

const CATEGORIES = [
  'slots',
  'roulette',
  'blackjack',
  'baccarat',
  'poker',
  'sic',
  'bingo',
  'live-roulette',
  'live-blackjack',
  'video-bingo',
];

function expectGameShape(game: any) {
  expect(game).toEqual({
    id: expect.any(Number),
    name: expect.any(String),
    game_code: expect.stringMatching(/^[a-z0-9-]+$/),
    game_url: `/game/${game.game_code}`,
    product: expect.any(String),
    category: expect.any(String),
    platforms: expect.any(Array),
    isBonusPlay: expect.any(Boolean),
    isFreebet: expect.any(Boolean),
    created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    themes: expect.any(String),
    features: expect.any(String),
    paylines: game.paylines === null ? null : expect.any(Number),
    sub_groups: expect.any(String),
    image: `/images/games/${game.game_code}.webp`,
    rtp: expect.any(Number),
  });
  expect(Array.isArray(JSON.parse(game.themes))).toBe(true);
  for (const sub of JSON.parse(game.sub_groups))
    expect(sub).toEqual({ id: expect.any(String), name: expect.any(String) });
}

describe('seed', () => {
  it('has at least 350 games with unique names and codes, in every category', () => {
    expect(games.length).toBeGreaterThanOrEqual(350);
    expect(new Set(games.map((g) => g.name)).size).toBe(games.length);
    expect(new Set(games.map((g) => g.game_code)).size).toBe(games.length);
    const categories = new Set(games.map((g) => g.category));
    for (const category of CATEGORIES) expect(categories).toContain(category);
    expect(games.filter((g) => g.category === 'slots').length).toBeGreaterThan(games.length / 2);
    for (const game of games) expectGameShape(game);
  });

  it('tags about 40 games as top and has bonus-play and free-bet games', () => {
    const inTop = games.filter((g) => JSON.parse(g.sub_groups).some((s: any) => s.id === 'top'));
    expect(inTop.length).toBeGreaterThanOrEqual(35);
    expect(inTop.length).toBeLessThanOrEqual(45);
    const subgroups = new Set(games.flatMap((g) => JSON.parse(g.sub_groups).map((s: any) => s.id)));
    for (const id of ['top', 'new', 'hot', 'jackpots']) expect(subgroups).toContain(id);
    expect(games.filter((g) => g.isBonusPlay).length).toBeGreaterThan(30);
    expect(games.filter((g) => g.isFreebet).length).toBeGreaterThan(30);
  });

  it('spreads created_at over at least 18 months', () => {
    const times = games.map((g) => Date.parse(g.created_at));
    const months = (Math.max(...times) - Math.min(...times)) / (30 * 86_400_000);
    expect(months).toBeGreaterThanOrEqual(18);
  });

  it('gives table games no paylines and slots paylines', () => {
    for (const game of games) {
      if (game.category === 'slots') expect(game.paylines).toEqual(expect.any(Number));
      else expect(game.paylines).toBeNull();
    }
  });

  it('is deterministic: a second fresh sandbox has the same games', async () => {
    const other = await startSandbox();
    try {
      const again = await api(other.url, 'GET', '/api/allgames');
      expect(again.body).toEqual(games);
      const home = await api(other.url, 'GET', '/api/games');
      expect(home.body).toEqual((await api(sb.url, 'GET', '/api/games')).body);
    } finally {
      await other.close();
    }
  });
});

describe('catalogue routes', () => {
  it('gives a database seeded before provider descriptions its descriptions on the next start, keeping one set', async () => {
    const older = await startSandbox();
    older.db.prepare("UPDATE game_providers SET description = NULL WHERE product != 'netent'").run();
    older.db
      .prepare("UPDATE game_providers SET description = 'Our own words.' WHERE product = 'netent'")
      .run();
    await older.close();
    const again = await startSandbox({ config: { dataDir: older.dataDir } });
    try {
      const providers = (await api(again.url, 'GET', '/api/gameProviders')).body as any[];
      expect(providers.find((p) => p.product === 'bgaming').description).toMatch(/slots/);
      expect(providers.find((p) => p.product === 'netent').description).toBe('Our own words.');
    } finally {
      await again.close();
    }
  });

  it('lists providers with a description and counts, sorted by shortname ignoring case', async () => {
    const res = await api(sb.url, 'GET', '/api/gameProviders');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(12);
    for (const p of res.body) {
      expect(p).toEqual({
        shortname: expect.any(String),
        product: expect.any(String),
        name: expect.any(String),
        description: expect.any(String),
        games_count: expect.any(Number),
      });
      expect(p.games_count).toBe(games.filter((g) => g.product === p.product).length);
    }
    const names = res.body.map((p: any) => p.shortname.toLowerCase());
    expect(names).toEqual([...names].sort());
    const products = new Set(res.body.map((p: any) => p.product));
    for (const game of games) expect(products).toContain(game.product);
  });

  it('groups home games by position', async () => {
    const res = await api(sb.url, 'GET', '/api/games');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['Featured', 'Lives', 'mostPopular', 'topRated']);
    expect(res.body.mostPopular.length).toBeGreaterThanOrEqual(20);
    expect(res.body.topRated.length).toBeGreaterThanOrEqual(20);
    expect(res.body.Featured.length).toBeGreaterThanOrEqual(10);
    expect(res.body.Lives.length).toBeGreaterThanOrEqual(10);
    for (const game of res.body.Lives) expect(game.category).toMatch(/^live-/);
    for (const game of res.body.mostPopular) expectGameShape(game);
  });

  it('returns the filter values, distinct and sorted', async () => {
    const res = await api(sb.url, 'GET', '/api/gameFilters');
    expect(res.status).toBe(200);
    const { features, themes, playlines } = res.body.data;
    expect(features).toEqual([...new Set(features)].sort());
    expect(features).toContain('Free Spins');
    expect(features).toContain('Megaways');
    expect(themes).toEqual([...new Set(themes)].sort());
    expect(themes).toContain('Egypt');
    expect(playlines).toEqual([...playlines].sort((a: number, b: number) => a - b));
    expect(playlines).toContain(117649);
  });

  it('returns latest wins newest first with rand amounts', async () => {
    const res = await api(sb.url, 'GET', '/api/latestWins');
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(20);
    const win = res.body.data[0];
    expect(win).toEqual({
      id: expect.any(Number),
      game: {
        id: expect.any(Number),
        name: expect.any(String),
        game_code: expect.any(String),
        product: expect.any(String),
      },
      player_name: expect.stringMatching(/^\S+ .+\.$/),
      amount: expect.stringMatching(/^\d+\.\d\d$/),
      created_at: expect.any(String),
    });
    const times = res.body.data.map((w: any) => w.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });
});

describe('game launch', () => {
  it('launches a demo for a guest with a #demo=1 fragment', async () => {
    const game = games[0];
    const res = await api(sb.url, 'GET', `/api/games/${game.id}/true`);
    expect(res.status).toBe(200);
    expect(res.body.gameUrl).toBe(`${sb.url}/sandbox/game/${game.game_code}#demo=1`);
    expect(res.body.tournamentId).toBeNull();
    expect(res.body.game).toMatchObject({ id: game.id, product: game.product, game_code: game.game_code });
    expect(res.body.game.provider).toEqual({
      product: game.product,
      shortname: expect.any(String),
      name: expect.any(String),
    });
    const byCode = await api(sb.url, 'GET', `/api/games/${game.game_code}/1`);
    expect(byCode.status).toBe(200);
    expect(byCode.body.game.id).toBe(game.id);
  });

  it('needs a session for real play, then hands out a game token and records the game as recent', async () => {
    const [first, second] = [games[5], games[9]];
    expect((await api(sb.url, 'GET', `/api/games/${first.id}/false`)).status).toBe(401);
    const p = await newPlayer(sb.url);
    const one = await api(sb.url, 'GET', `/api/games/${first.id}/false`, { token: p.token });
    expect(one.status).toBe(200);
    expect(one.body.gameUrl).toMatch(
      new RegExp(`/sandbox/game/${first.game_code}#session=[A-Za-z0-9_-]{20,}$`),
    );
    expect(one.body.tournamentId).toBeNull();
    await api(sb.url, 'GET', `/api/games/${second.id}/0`, { token: p.token });
    const recent = await api(sb.url, 'GET', '/api/recentGames', { token: p.token });
    expect(recent.status).toBe(200);
    expect(recent.body.map((g: any) => g.id)).toEqual([second.id, first.id]);
    expectGameShape(recent.body[0]);
    await new Promise((r) => setTimeout(r, 5));
    await api(sb.url, 'GET', `/api/games/${first.id}/1`, { token: p.token }); // demo: not recorded
    await api(sb.url, 'GET', `/api/games/${first.id}/false`, { token: p.token });
    const again = await api(sb.url, 'GET', '/api/recentGames', { token: p.token });
    expect(again.body.map((g: any) => g.id)).toEqual([first.id, second.id]);
    expect((await api(sb.url, 'GET', '/api/recentGames')).status).toBe(401);
  });

  it('responds to bad parameters with a 4xx JSON error', async () => {
    const unknown = await api(sb.url, 'GET', '/api/games/999999/true');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Game not found.' });
    const word = await api(sb.url, 'GET', '/api/games/no such game/true');
    expect(word.status).toBe(404);
    expect(word.body.error).toBe('Game not found.');
    const huge = await api(sb.url, 'GET', '/api/games/99999999999999999999999/true');
    expect(huge.status).toBe(404);
    const maybe = await api(sb.url, 'GET', `/api/games/${games[0].id}/maybe`);
    expect(maybe.status).toBe(422);
    expect(typeof maybe.body.error).toBe('string');
  });
});

describe('favourites', () => {
  it('toggles a favourite on and off', async () => {
    const p = await newPlayer(sb.url);
    const [a, b] = [games[2], games[3]];
    expect((await api(sb.url, 'GET', '/api/favourites/short', { token: p.token })).body).toEqual([]);
    const on = await api(sb.url, 'PUT', `/api/favourites/${a.id}`, { token: p.token });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ id: a.id, favourite: true });
    await api(sb.url, 'PUT', `/api/favourites/${b.id}`, { token: p.token });
    expect((await api(sb.url, 'GET', '/api/favourites/short', { token: p.token })).body).toEqual([
      a.id,
      b.id,
    ]);
    const off = await api(sb.url, 'PUT', `/api/favourites/${a.id}`, { token: p.token });
    expect(off.body).toEqual({ id: a.id, favourite: false });
    expect((await api(sb.url, 'GET', '/api/favourites/short', { token: p.token })).body).toEqual([b.id]);
  });

  it('is for signed-in players only and 404s unknown games', async () => {
    expect((await api(sb.url, 'GET', '/api/favourites/short')).status).toBe(401);
    expect((await api(sb.url, 'PUT', `/api/favourites/${games[0].id}`)).status).toBe(401);
    const p = await newPlayer(sb.url);
    const missing = await api(sb.url, 'PUT', '/api/favourites/999999', { token: p.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Game not found.');
    expect((await api(sb.url, 'PUT', '/api/favourites/abc!', { token: p.token })).status).toBe(404);
  });
});

describe('content', () => {
  it('returns banners in order, cached 5 minutes, one with a video', async () => {
    const res = await api(sb.url, 'GET', '/api/promotionBanners');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const banners = res.body.promotionBanners;
    expect(banners.length).toBeGreaterThanOrEqual(4);
    for (const banner of banners) {
      expect(banner).toEqual({
        id: expect.any(Number),
        title: expect.any(String),
        url_link: expect.any(String),
        image: expect.any(String),
        image_mobile: expect.any(String),
        exclude: expect.any(Array),
      });
    }
    expect(banners.filter((b: any) => b.image_mobile.endsWith('.mp4'))).toHaveLength(1);
    expect(banners.some((b: any) => b.exclude.length > 0)).toBe(true);
  });

  it('shows signed-in players more promotions than guests', async () => {
    const pub = await api(sb.url, 'GET', '/api/promotions');
    expect(pub.status).toBe(200);
    expect(pub.body.promotions.length).toBeGreaterThan(0);
    for (const promo of pub.body.promotions) {
      expect(promo).toEqual({
        id: expect.any(Number),
        title: expect.any(String),
        description: expect.any(String),
        image: expect.any(String),
        url_link: expect.any(String),
        terms: expect.any(String),
        authenticated_only: false,
        is_new: expect.any(Boolean),
        created_at: expect.any(String),
        coupon: null,
        offer: promo.title === 'Welcome Package' ? 'welcome_package' : null,
      });
    }
    expect((await api(sb.url, 'GET', '/api/promotionsAuthenticated')).status).toBe(401);
    const p = await newPlayer(sb.url);
    const all = await api(sb.url, 'GET', '/api/promotionsAuthenticated', { token: p.token });
    expect(all.status).toBe(200);
    expect(all.body.promotions.length).toBeGreaterThan(pub.body.promotions.length);
    expect(all.body.promotions.some((x: any) => x.authenticated_only)).toBe(true);
  });

  it('lists new promotions', async () => {
    const res = await api(sb.url, 'GET', '/api/newpromotions');
    expect(res.status).toBe(200);
    expect(res.body.promotions.length).toBeGreaterThan(0);
    for (const promo of res.body.promotions) expect(promo.is_new).toBe(true);
  });

  it('lists news newest first, by category, and one article with its body', async () => {
    const list = await api(sb.url, 'GET', '/api/news');
    expect(list.status).toBe(200);
    const news = list.body.news;
    expect(news.length).toBeGreaterThanOrEqual(10);
    expect(news[0]).not.toHaveProperty('body');
    expect(typeof news[0].excerpt).toBe('string');
    const dates = news.map((n: any) => n.published_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const winners = await api(sb.url, 'GET', '/api/news/category/winners');
    expect(winners.body.news.length).toBeGreaterThan(0);
    for (const n of winners.body.news) expect(n.category).toBe('winners');
    const article = await api(sb.url, 'GET', `/api/news/${news[0].slug}`);
    expect(article.status).toBe(200);
    expect(article.body.article).toMatchObject({ slug: news[0].slug, body: expect.any(String) });
    const missing = await api(sb.url, 'GET', '/api/news/no-such-article');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Article not found.');
  });

  it('returns the site settings', async () => {
    const res = await api(sb.url, 'GET', '/api/settings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      loyalty_enabled: true,
      welcome_package_enabled: true,
      promo_pages: { pumpkin_patch: false, stocking_stash: true, easter_promo: false, predict_and_win: true },
      sso: { enabled: false, login_url: null, signup_url: null },
      // The third-party services are the sandbox's fakes, at full addresses on it.
      live_chat: { enabled: false, script_url: `${sb.url}/third-party/live-chat.js`, license_id: '15432876' },
      maintenance: { enabled: false, message: null },
      time_zone: 'Africa/Johannesburg',
      capitec_name: 'Capitec ETF',
      app_version: '2.6.0',
      terms: { version: '2026-11-01', updated_at: '2026-11-01T08:00:00.000Z', text: expect.any(String) },
      tag_manager_id: 'GTM-PLV7Q2K',
      tag_manager_url: `${sb.url}/third-party/tag-manager.js`,
      error_reporter: { dsn: `${sb.url}/third-party/errors`, sample_rate: 0.01 },
      wagering_enabled: true,
      alternate_routes: false,
    });
    expect(res.body.terms.text.split('\n\n').length).toBeGreaterThanOrEqual(4);
    expect(res.body.terms.text).toMatch(/18/);
    expect(res.body.terms.text).toMatch(/Curaçao/);
    const promoKeys = ['pumpkin_patch', 'stocking_stash', 'easter_promo', 'predict_and_win'];
    expect(Object.keys(res.body.promo_content).sort()).toEqual([...promoKeys].sort());
    for (const key of promoKeys) {
      const promo = res.body.promo_content[key];
      expect(promo).toEqual({
        title: expect.any(String),
        intro: expect.any(String),
        body: expect.stringContaining('\n\n'),
        image: `/images/promos/${key}.webp`,
        terms: expect.stringMatching(/18/),
      });
      expect(`${promo.intro} ${promo.body}`).toMatch(/R\d/);
    }
  });

  it('keeps fields added to a setting after the database was seeded', async () => {
    // A database seeded before live_chat had a script address stores only { enabled }.
    sb.db.prepare("UPDATE settings SET value = ? WHERE key = 'site.live_chat'").run('{"enabled":true}');
    try {
      const res = await api(sb.url, 'GET', '/api/settings');
      expect(res.body.live_chat).toEqual({
        enabled: true,
        script_url: `${sb.url}/third-party/live-chat.js`,
        license_id: '15432876',
      });
    } finally {
      sb.db
        .prepare("UPDATE settings SET value = ? WHERE key = 'site.live_chat'")
        .run(
          JSON.stringify({ enabled: false, script_url: '/third-party/live-chat.js', license_id: '15432876' }),
        );
    }
  });
});
