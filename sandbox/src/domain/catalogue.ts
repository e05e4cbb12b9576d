import type { Db } from '../db/open.js';
import { formatCents } from './money.js';
import { offeredCouponTerms } from './bonus.js';
import { publicName } from './public-names.js';
import { welcomeOfferJson, welcomeUnavailable } from './welcome.js';

/** Reads and shapes the catalogue's content: promotions, banners, news and latest wins. */

interface PromotionRow {
  id: number;
  title: string;
  description: string;
  image: string;
  url_link: string;
  terms: string;
  authenticated_only: number;
  is_new: number;
  created_at: string;
  coupon_code: string | null;
  offer: 'welcome_package' | null;
}

function promotionJson(row: PromotionRow, coupon: ReturnType<typeof offeredCouponTerms>) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    image: row.image,
    url_link: row.url_link,
    terms: row.terms,
    authenticated_only: row.authenticated_only === 1,
    is_new: row.is_new === 1,
    created_at: row.created_at,
    coupon,
    offer: row.offer,
  };
}

/**
 * Newest first. Guests never see the signed-in-only ones; onlyNew keeps the ones flagged new. A promotion that is an
 * offer carries it as data (its coupon's terms; `offer: 'welcome_package'` for the welcome offer, whose terms are
 * GET /api/welcomeOffer's), and is left out while that offer cannot be had: an advertised coupon that is expired or
 * not redeemable, a welcome package switched off or, for the signed-in `userId`, already used.
 */
export function listPromotions(
  db: Db,
  { userId, onlyNew, now }: { userId: number | null; onlyNew: boolean; now: Date },
) {
  const signedIn = userId !== null;
  const conditions = [signedIn ? null : 'authenticated_only = 0', onlyNew ? 'is_new = 1' : null].filter(
    Boolean,
  );
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const rows = db
    .prepare(`SELECT * FROM promotions ${where} ORDER BY created_at DESC, id DESC`)
    .all() as PromotionRow[];
  const welcomeOpen =
    welcomeOfferJson(db) !== null && (userId === null || welcomeUnavailable(db, userId) !== 'package_used');
  return rows.flatMap((row) => {
    if (row.offer === 'welcome_package' && !welcomeOpen) return [];
    const coupon = row.coupon_code ? offeredCouponTerms(db, row.coupon_code, now) : null;
    if (row.coupon_code && !coupon) return [];
    return [promotionJson(row, coupon)];
  });
}

interface BannerRow {
  id: number;
  title: string;
  url_link: string;
  image: string;
  image_mobile: string;
  exclude: string;
  position: number;
}

export function listBanners(db: Db) {
  const rows = db.prepare('SELECT * FROM promotion_banners ORDER BY position, id').all() as BannerRow[];
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    url_link: row.url_link,
    image: row.image,
    image_mobile: row.image_mobile,
    exclude: JSON.parse(row.exclude) as string[],
  }));
}

interface ArticleRow {
  id: number;
  slug: string;
  title: string;
  category: string;
  excerpt: string;
  body: string;
  image: string;
  published_at: string;
}

const ARTICLE_SUMMARY = 'id, slug, title, category, excerpt, image, published_at';

/** Article summaries (no body), newest first; optionally of one category. */
export function listNews(db: Db, category?: string) {
  const sql = `SELECT ${ARTICLE_SUMMARY} FROM news_articles ${category === undefined ? '' : 'WHERE category = ?'}
               ORDER BY published_at DESC, id DESC`;
  const stmt = db.prepare(sql);
  return (category === undefined ? stmt.all() : stmt.all(category)) as Omit<ArticleRow, 'body'>[];
}

export function findArticle(db: Db, slug: string): ArticleRow | undefined {
  return db.prepare('SELECT * FROM news_articles WHERE slug = ?').get(slug) as ArticleRow | undefined;
}

interface WinRow {
  id: number;
  player_name: string;
  amount_cents: number;
  created_at: string;
  game_id: number;
  game_name: string;
  game_code: string;
  product: string;
}

export function latestWins(db: Db, limit = 50) {
  const rows = db
    .prepare(
      `SELECT w.id, w.player_name, w.amount_cents, w.created_at,
              g.id AS game_id, g.name AS game_name, g.game_code, g.product
       FROM latest_wins w JOIN games g ON g.id = w.game_id
       ORDER BY w.created_at DESC, w.id DESC LIMIT ?`,
    )
    .all(limit) as WinRow[];
  return rows.map((row) => ({
    id: row.id,
    game: { id: row.game_id, name: row.game_name, game_code: row.game_code, product: row.product },
    player_name: publicName(row.player_name),
    amount: formatCents(row.amount_cents),
    created_at: row.created_at,
  }));
}

// The rows behind an image address (art/images.ts draws the art from them).

export function findPromotionByImage(db: Db, image: string) {
  return db.prepare('SELECT title FROM promotions WHERE image = ?').get(image) as
    { title: string } | undefined;
}

export function findArticleByImage(db: Db, image: string) {
  return db.prepare('SELECT title, category FROM news_articles WHERE image = ?').get(image) as
    { title: string; category: string } | undefined;
}

/** A banner by its desktop or its mobile image. */
export function findBannerByImage(db: Db, image: string) {
  return db
    .prepare(
      'SELECT title, image, image_mobile FROM promotion_banners WHERE image = ? OR image_mobile = ? LIMIT 1',
    )
    .get(image, image) as { title: string; image: string; image_mobile: string } | undefined;
}
