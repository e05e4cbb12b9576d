import { BANNERS, COUPONS, NEWS, PROMOTIONS, WINNER_NAMES } from './catalogue-content.js';
import { writeSiteSettings } from '../domain/site-settings.js';
import { generateGames, PROVIDER_DESCRIPTIONS, PROVIDERS, slugify, type SeedGame } from './generate-games.js';
import type { Db } from '../db/open.js';
import { seededRandom, type Random } from '../random.js';

/**
 * Providers, games, home groups, coupons, promotions, banners, news, latest wins and the site settings. Deterministic:
 * a fixed PRNG seed and fixed dates (the catalogue spans the two years before 2026-11-01), never `now`.
 */
export function seedCatalogue(db: Db, _now: Date): void {
  const rng = seededRandom(20261101);
  seedProviders(db);
  const games = seedGames(db, generateGames(rng));
  seedHomeGroups(db, rng, games);
  seedCoupons(db);
  seedPromotions(db);
  seedBanners(db);
  seedNews(db);
  seedLatestWins(db, rng, games);
  writeSiteSettings(db);
}

type StoredGame = SeedGame & { id: number };

function seedProviders(db: Db): void {
  const insert = db.prepare(
    'INSERT INTO game_providers (product, shortname, name, description) VALUES (?, ?, ?, ?)',
  );
  for (const p of PROVIDERS)
    insert.run(p.product, p.shortname, p.name, PROVIDER_DESCRIPTIONS[p.product] ?? null);
}

function seedGames(db: Db, games: SeedGame[]): StoredGame[] {
  const insert = db.prepare(
    `INSERT INTO games (name, game_code, product, category, platforms, is_bonus_play, is_freebet, themes, features,
       paylines, sub_groups, rtp_percent, popularity, image, created_at)
     VALUES (@name, @game_code, @product, @category, @platforms, @is_bonus_play, @is_freebet, @themes, @features,
       @paylines, @sub_groups, @rtp_percent, @popularity, @image, @created_at)`,
  );
  return games.map((g) => {
    const info = insert.run({
      ...g,
      platforms: JSON.stringify(g.platforms),
      is_bonus_play: g.is_bonus_play ? 1 : 0,
      is_freebet: g.is_freebet ? 1 : 0,
      themes: JSON.stringify(g.themes),
      features: g.features.join(','),
      sub_groups: JSON.stringify(g.sub_groups),
    });
    return { ...g, id: Number(info.lastInsertRowid) };
  });
}

const byPopularity = (a: StoredGame, b: StoredGame) => b.popularity - a.popularity || a.id - b.id;

/** mostPopular 30, Lives 20 (live tables), topRated 30 (slots by RTP), Featured 20 (a pick of slots). */
function seedHomeGroups(db: Db, rng: Random, games: StoredGame[]): void {
  const slots = games.filter((g) => g.category === 'slots');
  const groups: Record<string, StoredGame[]> = {
    mostPopular: games
      .filter((g) => !g.category.startsWith('live-'))
      .sort(byPopularity)
      .slice(0, 30),
    Lives: games
      .filter((g) => g.category.startsWith('live-'))
      .sort(byPopularity)
      .slice(0, 20),
    topRated: [...slots].sort((a, b) => b.rtp_percent - a.rtp_percent || a.id - b.id).slice(0, 30),
    Featured: rng.sample(slots, 20),
  };
  const insert = db.prepare('INSERT INTO home_groups (group_name, game_id, position) VALUES (?, ?, ?)');
  for (const [group, list] of Object.entries(groups)) {
    list.forEach((game, index) => insert.run(group, game.id, index + 1));
  }
}

function seedCoupons(db: Db): void {
  const insert = db.prepare(
    `INSERT INTO coupons (code, description, bonus_cents, wagering_multiplier, expires_at)
     VALUES (@code, @description, @bonus_cents, @wagering_multiplier, @expires_at)`,
  );
  for (const coupon of Object.values(COUPONS)) insert.run(coupon);
}

function seedPromotions(db: Db): void {
  const insert = db.prepare(
    `INSERT INTO promotions (title, description, image, url_link, terms, authenticated_only, is_new, created_at,
       coupon_code, offer)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const p of PROMOTIONS) {
    const image = `/images/promotions/${slugify(p.title)}.webp`;
    insert.run(
      p.title,
      p.description,
      image,
      p.url_link,
      p.terms,
      p.authenticated_only ? 1 : 0,
      p.is_new ? 1 : 0,
      p.created_at,
      p.coupon_code ?? null,
      p.offer ?? null,
    );
  }
}

/**
 * A database seeded before promotions named their offers (migration 14) gets the seed's coupons it lacks, and its
 * seeded welcome and reload promotions and welcome banner take the seed's words and links: their old prose stated
 * numbers the casino did not pay. Rows an operator changed (another link) are left alone.
 */
export function backfillOffers(db: Db): void {
  const coupon = db.prepare(
    `INSERT OR IGNORE INTO coupons (code, description, bonus_cents, wagering_multiplier, expires_at)
     VALUES (@code, @description, @bonus_cents, @wagering_multiplier, @expires_at)`,
  );
  for (const c of Object.values(COUPONS)) coupon.run(c);
  const promotion = db.prepare(
    `UPDATE promotions SET title = ?, description = ?, terms = ?, coupon_code = ?, offer = ?
     WHERE url_link = ? AND coupon_code IS NULL AND offer IS NULL`,
  );
  for (const p of PROMOTIONS.filter((p) => p.coupon_code || p.offer))
    promotion.run(p.title, p.description, p.terms, p.coupon_code ?? null, p.offer ?? null, p.url_link);
  const welcomeBanner = BANNERS[0]!;
  db.prepare(
    "UPDATE promotion_banners SET title = ? WHERE image = ? AND title LIKE 'Welcome Package: 250%'",
  ).run(welcomeBanner.title, welcomeBanner.image);
}

function seedBanners(db: Db): void {
  const insert = db.prepare(
    `INSERT INTO promotion_banners (title, url_link, image, image_mobile, exclude, position)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  BANNERS.forEach((b, index) =>
    insert.run(b.title, b.url_link, b.image, b.image_mobile, JSON.stringify(b.exclude), index + 1),
  );
}

function seedNews(db: Db): void {
  const insert = db.prepare(
    `INSERT INTO news_articles (slug, title, category, excerpt, body, image, published_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const a of NEWS) {
    insert.run(a.slug, a.title, a.category, a.excerpt, a.body, `/images/news/${a.slug}.webp`, a.published_at);
  }
}

/** 25 wins over the last five days of October 2026, mostly modest with the odd big one. */
function seedLatestWins(db: Db, rng: Random, games: StoredGame[]): void {
  const insert = db.prepare(
    'INSERT INTO latest_wins (game_id, player_name, amount_cents, created_at) VALUES (?, ?, ?, ?)',
  );
  const end = Date.UTC(2026, 10, 1);
  const times = Array.from({ length: 25 }, () => end - rng.int(60, 5 * 86_400) * 1000).sort((a, b) => a - b);
  for (const time of times) {
    const game = rng.pick(games);
    const rands = rng.chance(0.15) ? rng.int(20_000, 250_000) : rng.int(150, 15_000);
    insert.run(game.id, rng.pick(WINNER_NAMES), rands * 100 + rng.int(0, 99), new Date(time).toISOString());
  }
}
