import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Db } from '../db/open.js';
import { gameTileSvg, posterSvg, TILE, type PosterArt } from './artwork.js';
import { findArticleByImage, findBannerByImage, findPromotionByImage } from '../domain/catalogue.js';
import { findGameByImage } from '../domain/games.js';
import { siteSettings } from '../domain/site-settings.js';
import { findTournamentByImage } from '../domain/tournaments.js';

/**
 * The images the catalogue hands out, by address. Every address follows one scheme, /images/<kind>/<name>.webp
 * (games, banners, promotions, promos, news, tournaments; a banner's mobile image may be an .mp4), and is served
 * only if the database hands it out: the art is generated from the row that names it, and the one video is a file
 * shipped in sandbox/assets at the same path.
 */

export type ImageResponse =
  | { type: 'webp'; width: number; height: number; etag: string; render: () => Promise<Buffer> }
  | { type: 'video'; etag: string; body: Buffer };

/** The videos the repository ships, mirrored by address: /images/banners/x.mp4 is assets/images/banners/x.mp4. */
const ASSETS_DIR = fileURLToPath(new URL('../../assets/', import.meta.url));

/** Renders kept in memory: every game at both widths and all the content art fit, in about 10 MB. */
const CACHE_ENTRIES = 1000;

/** Posters' design sizes; each is also served at half its width. */
const BANNER_DESKTOP = { width: 1200, height: 400 };
const BANNER_MOBILE = { width: 600, height: 600 };
const PROMO_PAGE = { width: 1200, height: 500 };
const CARD = { width: 800, height: 450 };

/**
 * The width to render: the design width, or half of it when asked (?w=200 for a 400 wide tile). Anything else gets
 * the design width, so a client can never make the sandbox render (and cache) an arbitrary size.
 */
export function servedWidth(designWidth: number, asked: number | null): number {
  return asked === designWidth / 2 ? asked : designWidth;
}

/** What is served for `address` at the asked width, or null when the catalogue does not hand that address out. */
export function findImage(db: Db, address: string, askedWidth: number | null): ImageResponse | null {
  const match = /^\/images\/([a-z]+)\/[\w.-]+$/.exec(address);
  if (!match) return null;
  const kind = match[1]!;
  if (address.endsWith('.mp4'))
    return kind === 'banners' && findBannerByImage(db, address) ? video(address) : null;

  if (kind === 'games') {
    const game = findGameByImage(db, address);
    if (!game) return null;
    const width = servedWidth(TILE.width, askedWidth);
    const art = { ...game, themes: JSON.parse(game.themes) as string[] };
    return webp(gameTileSvg(art, width), width, (width * TILE.height) / TILE.width);
  }

  const poster = posterFor(db, kind, address);
  if (!poster) return null;
  const width = servedWidth(poster.width, askedWidth);
  return webp(posterSvg(poster, width), width, Math.round((width * poster.height) / poster.width));
}

function posterFor(db: Db, kind: string, address: string): PosterArt | null {
  switch (kind) {
    case 'banners': {
      const banner = findBannerByImage(db, address);
      if (!banner) return null;
      const size = banner.image === address ? BANNER_DESKTOP : BANNER_MOBILE;
      return { title: banner.title, kicker: null, ...size };
    }
    case 'promotions': {
      const promotion = findPromotionByImage(db, address);
      return promotion ? { title: promotion.title, kicker: 'Promotion', ...CARD } : null;
    }
    case 'news': {
      const article = findArticleByImage(db, address);
      return article ? { title: article.title, kicker: article.category, ...CARD } : null;
    }
    case 'tournaments': {
      const tournament = findTournamentByImage(db, address);
      return tournament ? { title: tournament.name, kicker: 'Tournament', ...CARD } : null;
    }
    case 'promos': {
      // The promotional pages live in the site settings (a test may replace them), not in a table.
      const page = Object.values(siteSettings(db).promo_content).find((p) => p.image === address);
      return page ? { title: page.title, kicker: 'Promotion', ...PROMO_PAGE } : null;
    }
    default:
      return null;
  }
}

/**
 * Bytes depend only on the SVG and the renderer, so the ETag is their hash: a revalidation is served without
 * rendering, and a cached copy is shared by every address that draws the same thing.
 */
const RENDERER = `sharp ${sharp.versions.sharp} vips ${sharp.versions.vips}`;
const rendered = new Map<string, Promise<Buffer>>();

function webp(svg: string, width: number, height: number): ImageResponse {
  const key = createHash('sha256').update(RENDERER).update(svg).digest('base64url').slice(0, 27);
  return { type: 'webp', width, height, etag: `"${key}"`, render: () => cachedRender(key, svg) };
}

/** Least recently used goes first; a render in flight is shared, so a burst of requests renders once. */
function cachedRender(key: string, svg: string): Promise<Buffer> {
  const hit = rendered.get(key);
  if (hit) {
    rendered.delete(key);
    rendered.set(key, hit);
    return hit;
  }
  // effort 2 encodes in about half the time of the default for a file a few per cent larger (~10 kB a tile).
  const render = sharp(Buffer.from(svg)).webp({ quality: 82, effort: 2 }).toBuffer();
  rendered.set(key, render);
  render.catch(() => rendered.delete(key));
  if (rendered.size > CACHE_ENTRIES) rendered.delete(rendered.keys().next().value!);
  return render;
}

const videos = new Map<string, ImageResponse>();

/** A shipped video, read once (it is small) and kept; null if the file is missing. */
function video(address: string): ImageResponse | null {
  const cached = videos.get(address);
  if (cached) return cached;
  const file = path.join(ASSETS_DIR, address);
  if (!file.startsWith(ASSETS_DIR) || !fs.existsSync(file)) return null;
  const body = fs.readFileSync(file);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const response: ImageResponse = { type: 'video', etag, body };
  videos.set(address, response);
  return response;
}
