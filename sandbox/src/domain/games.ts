import type { Db } from '../db/open.js';
import { ApiError } from '../http/errors.js';
import { issueToken } from './tokens.js';

/** A row of the games table as stored. */
export interface GameRow {
  id: number;
  name: string;
  game_code: string;
  product: string;
  category: string;
  platforms: string;
  is_bonus_play: number;
  is_freebet: number;
  themes: string;
  features: string;
  paylines: number | null;
  sub_groups: string;
  rtp_percent: number;
  popularity: number;
  image: string;
  created_at: string;
}

export interface ProviderRow {
  product: string;
  shortname: string;
  name: string;
}

/**
 * The one shape a game leaves the API in. themes and sub_groups stay JSON strings, as Laravel stores and sends
 * them; platforms is decoded into a list.
 */
export function gameJson(game: GameRow) {
  return {
    id: game.id,
    name: game.name,
    game_code: game.game_code,
    game_url: `/game/${game.game_code}`,
    product: game.product,
    category: game.category,
    platforms: JSON.parse(game.platforms) as string[],
    isBonusPlay: game.is_bonus_play === 1,
    isFreebet: game.is_freebet === 1,
    created_at: game.created_at,
    themes: game.themes,
    features: game.features,
    paylines: game.paylines,
    sub_groups: game.sub_groups,
    image: game.image,
    rtp: game.rtp_percent,
  };
}

export function allGames(db: Db): GameRow[] {
  return db.prepare('SELECT * FROM games ORDER BY id').all() as GameRow[];
}

/** A game by numeric id or by game_code; anything else (or an unknown one) is a 404. */
export function findGame(db: Db, idOrCode: string): GameRow {
  let row: GameRow | undefined;
  if (/^\d{1,15}$/.test(idOrCode)) {
    row = db.prepare('SELECT * FROM games WHERE id = ?').get(Number(idOrCode)) as GameRow | undefined;
  } else if (/^[a-z0-9-]{1,120}$/.test(idOrCode)) {
    row = db.prepare('SELECT * FROM games WHERE game_code = ?').get(idOrCode) as GameRow | undefined;
  }
  if (!row) throw new ApiError(404, 'Game not found.');
  return row;
}

/** The few fields the game page needs, by game_code exactly (any string: unknown is undefined). */
export function findGameByCode(db: Db, code: string) {
  return db.prepare('SELECT id, name, game_code, product FROM games WHERE game_code = ?').get(code) as
    { id: number; name: string; game_code: string; product: string } | undefined;
}

/** What a game's tile is drawn from, by its image address. */
export function findGameByImage(db: Db, image: string) {
  return db
    .prepare(
      `SELECT g.name, g.category, g.themes, p.shortname AS provider
       FROM games g JOIN game_providers p ON p.product = g.product WHERE g.image = ?`,
    )
    .get(image) as { name: string; category: string; themes: string; provider: string } | undefined;
}

export function findProvider(db: Db, product: string): ProviderRow {
  return db
    .prepare('SELECT product, shortname, name FROM game_providers WHERE product = ?')
    .get(product) as ProviderRow;
}

/** Products whose games cannot launch just now (set through PUT /sandbox/providers/:product/down). */
export function downProducts(db: Db): string[] {
  const row = db.prepare("SELECT value FROM settings WHERE key = 'providers.down'").get() as
    { value: string } | undefined;
  return row ? (JSON.parse(row.value) as string[]) : [];
}

/** Marks a provider down or back up; returns the provider and the products now down. Unknown products are a 404. */
export function setProviderDown(db: Db, product: string, down: boolean) {
  const provider = db
    .prepare('SELECT product, shortname, name FROM game_providers WHERE product = ?')
    .get(product) as ProviderRow | undefined;
  if (!provider) throw new ApiError(404, 'Provider not found.');
  const downNow = db.transaction(() => {
    const others = downProducts(db).filter((p) => p !== product);
    const next = down ? [...others, product].sort() : others;
    db.prepare(
      "INSERT INTO settings (key, value) VALUES ('providers.down', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    ).run(JSON.stringify(next));
    return next;
  })();
  return { provider, down, down_products: downNow };
}

/**
 * A launch of a down provider's game fails as a real casino's does: a 503 whose message the web app shows in its
 * alert as it is (docs/rules.md#error-messages), so it is written for the player.
 */
export function assertProviderUp(db: Db, provider: ProviderRow): void {
  if (downProducts(db).includes(provider.product)) {
    throw new ApiError(
      503,
      `${provider.shortname} games are temporarily unavailable. Please try another game.`,
    );
  }
}

/** The games of one home-page group, in position order. */
export function homeGroup(db: Db, group: string): GameRow[] {
  return db
    .prepare(
      `SELECT g.* FROM home_groups h JOIN games g ON g.id = h.game_id
       WHERE h.group_name = ? ORDER BY h.position, g.id`,
    )
    .all(group) as GameRow[];
}

/** A player's recently launched games, most recent first. */
export function recentGames(db: Db, userId: number, limit = 30): GameRow[] {
  return db
    .prepare(
      `SELECT g.* FROM recent_games r JOIN games g ON g.id = r.game_id
       WHERE r.user_id = ? ORDER BY r.played_at DESC, r.rowid DESC LIMIT ?`,
    )
    .all(userId, limit) as GameRow[];
}

/**
 * A real-money launch: the game goes to the front of the player's recent games and the game page gets its own
 * token, together.
 */
export function startRealPlay(db: Db, userId: number, gameId: number, now: Date): string {
  return db.transaction(() => {
    recordRecentGame(db, userId, gameId, now);
    return issueToken(db, userId, 'game', now);
  })();
}

function recordRecentGame(db: Db, userId: number, gameId: number, now: Date): void {
  db.prepare(
    `INSERT INTO recent_games (user_id, game_id, played_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id, game_id) DO UPDATE SET played_at = excluded.played_at`,
  ).run(userId, gameId, now.toISOString());
}

/** Distinct features, themes and paylines across the catalogue, each sorted. */
export function gameFilters(db: Db) {
  const rows = db.prepare('SELECT themes, features, paylines FROM games').all() as Pick<
    GameRow,
    'themes' | 'features' | 'paylines'
  >[];
  const features = new Set<string>();
  const themes = new Set<string>();
  const paylines = new Set<number>();
  for (const row of rows) {
    for (const f of row.features.split(',')) if (f.trim()) features.add(f.trim());
    for (const t of JSON.parse(row.themes) as string[]) themes.add(t);
    if (row.paylines !== null) paylines.add(row.paylines);
  }
  const byText = (a: string, b: string) => a.localeCompare(b, 'en');
  return {
    features: [...features].sort(byText),
    themes: [...themes].sort(byText),
    playlines: [...paylines].sort((a, b) => a - b),
  };
}

export function providersWithCounts(db: Db) {
  return db
    .prepare(
      `SELECT p.shortname, p.product, p.name, p.description, COUNT(g.id) AS games_count
       FROM game_providers p LEFT JOIN games g ON g.product = p.product
       GROUP BY p.product ORDER BY p.shortname COLLATE NOCASE, p.product`,
    )
    .all() as (ProviderRow & { description: string | null; games_count: number })[];
}

export function favouriteIds(db: Db, userId: number): number[] {
  const rows = db
    .prepare('SELECT game_id FROM favourites WHERE user_id = ? ORDER BY created_at, game_id')
    .all(userId) as { game_id: number }[];
  return rows.map((r) => r.game_id);
}

/** Adds the game to the player's favourites, or removes it if it was there; returns whether it now is. */
export function toggleFavourite(db: Db, userId: number, gameId: number, now: Date): boolean {
  return db.transaction(() => {
    const removed = db
      .prepare('DELETE FROM favourites WHERE user_id = ? AND game_id = ?')
      .run(userId, gameId);
    if (removed.changes > 0) return false;
    db.prepare('INSERT INTO favourites (user_id, game_id, created_at) VALUES (?, ?, ?)').run(
      userId,
      gameId,
      now.toISOString(),
    );
    return true;
  })();
}
