import type { Db } from '../db/open.js';
import { SITE_SETTINGS, type SiteSettings } from './catalogue-content.js';
import { formatCents } from './money.js';

/** Reads and shapes the catalogue's content: promotions, banners, news, latest wins and site settings. */

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
}

function promotionJson(row: PromotionRow) {
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
  };
}

/** Newest first. Guests never see the signed-in-only ones; onlyNew keeps the ones flagged new. */
export function listPromotions(db: Db, { signedIn, onlyNew }: { signedIn: boolean; onlyNew: boolean }) {
  const conditions = [signedIn ? null : 'authenticated_only = 0', onlyNew ? 'is_new = 1' : null].filter(
    Boolean,
  );
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const rows = db
    .prepare(`SELECT * FROM promotions ${where} ORDER BY created_at DESC, id DESC`)
    .all() as PromotionRow[];
  return rows.map(promotionJson);
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
    player_name: row.player_name,
    amount: formatCents(row.amount_cents),
    created_at: row.created_at,
  }));
}

export type { SiteSettings };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The stored 'site.*' settings over the defaults, so a missing or newly added key still answers. A stored object
 * is laid over its default too: a database seeded before a field was added (live_chat.script_url) still has it.
 */
export function siteSettings(db: Db): SiteSettings {
  const rows = db.prepare("SELECT key, value FROM settings WHERE key LIKE 'site.%'").all() as {
    key: string;
    value: string;
  }[];
  const out: Record<string, unknown> = { ...SITE_SETTINGS };
  for (const row of rows) {
    const key = row.key.slice('site.'.length);
    if (!(key in SITE_SETTINGS)) continue;
    const stored: unknown = JSON.parse(row.value);
    const fallback = out[key];
    out[key] = isPlainObject(stored) && isPlainObject(fallback) ? { ...fallback, ...stored } : stored;
  }
  return out as unknown as SiteSettings;
}

/** A setting's address that is a path on the sandbox (its stand-ins), as a full address a browser can open. */
const absolute = (address: string, base: string) => (address.startsWith('/') ? `${base}${address}` : address);

/** The settings as GET /api/settings answers them: the stand-ins' paths as full addresses on `base`. */
export function publicSiteSettings(db: Db, base: string): SiteSettings {
  const settings = siteSettings(db);
  return {
    ...settings,
    live_chat: { ...settings.live_chat, script_url: absolute(settings.live_chat.script_url, base) },
    error_reporter: { ...settings.error_reporter, dsn: absolute(settings.error_reporter.dsn, base) },
    tag_manager_url: absolute(settings.tag_manager_url, base),
  };
}

export function writeSiteSettings(db: Db): void {
  saveSiteSettings(db, SITE_SETTINGS);
}

/** Replaces each given key's value whole (a test's PATCH /sandbox/settings/site); answers all the settings. */
export function saveSiteSettings(db: Db, patch: Partial<SiteSettings>): SiteSettings {
  const insert = db.prepare('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)');
  db.transaction(() => {
    for (const [key, value] of Object.entries(patch)) {
      if (value !== undefined) insert.run(`site.${key}`, JSON.stringify(value));
    }
  })();
  return siteSettings(db);
}
