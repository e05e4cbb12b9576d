import { GraphQLError } from 'graphql';
import { z } from 'zod';
import type { NewsArticleModel, PromotionBannerModel, PromotionModel } from '../models.js';
import type { UpstreamDeps } from './games.js';
import { isoDate, parseUpstream } from './parse.js';
import type { RequestUpstream } from './request-upstream.js';

/*
 * The content resource: promotions, new promotions, promotion banners, news and the site settings.
 *
 * Caching: what guests see is public and shared across requests (config.publicCacheTtlMs; banners exactly 5 minutes,
 * as the spec and the backend's Cache-Control say). The signed-in variants of promotions and new promotions are
 * personal: they are read with the player's token and never shared.
 */

/** Spec section 9: the promotion banners are cached 5 minutes. */
export const BANNER_CACHE_MS = 5 * 60 * 1000;

const flag = z.union([z.boolean(), z.number()]).transform(Boolean);

const PromotionJson = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable().optional(),
  image: z.string().nullable().optional(),
  url_link: z.string().nullable().optional(),
  terms: z.string().nullable().optional(),
  authenticated_only: flag.optional(),
  is_new: flag.optional(),
  created_at: isoDate.nullable().optional(),
});

const parsePromotions = (raw: unknown): PromotionModel[] =>
  parseUpstream(z.object({ promotions: z.array(PromotionJson) }), raw, 'promotions').promotions.map((p) => ({
    __typename: 'Promotion',
    id: p.id,
    title: p.title,
    description: p.description ?? '',
    image: p.image ?? '',
    url: p.url_link ?? '',
    terms: p.terms ?? '',
    forSignedInOnly: p.authenticated_only ?? false,
    isNew: p.is_new ?? false,
    createdAt: p.created_at ?? null,
  }));

/** A list of section names; Laravel may send the column as JSON text. */
const sectionList = z.union([z.array(z.string()), z.string(), z.null()]).transform((value, c) => {
  if (value === null || value === '') return [];
  if (Array.isArray(value)) return value;
  try {
    return z.array(z.string()).parse(JSON.parse(value));
  } catch {
    c.addIssue({ code: 'custom', message: 'exclude is not a list of sections' });
    return z.NEVER;
  }
});

const BannerJson = z.object({
  id: z.number().int(),
  title: z.string().nullable().optional(),
  url_link: z.string().nullable().optional(),
  image: z.string(),
  image_mobile: z.string().nullable().optional(),
  exclude: sectionList.optional(),
});

const parseBanners = (raw: unknown): PromotionBannerModel[] =>
  parseUpstream(
    z.object({ promotionBanners: z.array(BannerJson) }),
    raw,
    'promotionBanners',
  ).promotionBanners.map((b) => ({
    __typename: 'PromotionBanner',
    id: b.id,
    title: b.title ?? '',
    url: b.url_link ?? '',
    image: b.image,
    // Without a mobile image the desktop one is shown on phones too.
    imageMobile: b.image_mobile || b.image,
    exclude: b.exclude ?? [],
  }));

const ArticleJson = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  category: z.string(),
  excerpt: z.string().nullable().optional(),
  body: z.string().nullable().optional(),
  image: z.string().nullable().optional(),
  published_at: isoDate,
});

function toArticle(a: z.infer<typeof ArticleJson>): NewsArticleModel {
  return {
    __typename: 'NewsArticle',
    id: a.id,
    slug: a.slug,
    title: a.title,
    category: a.category,
    excerpt: a.excerpt ?? '',
    // The list leaves the body out; null means "not loaded yet" (NewsArticle.body fetches it on demand).
    body: a.body ?? null,
    image: a.image ?? '',
    publishedAt: a.published_at,
  };
}

const parseNews = (raw: unknown): NewsArticleModel[] =>
  parseUpstream(z.object({ news: z.array(ArticleJson) }), raw, 'news').news.map(toArticle);

const parseArticle = (raw: unknown): NewsArticleModel =>
  toArticle(parseUpstream(z.object({ article: ArticleJson }), raw, 'news article').article);

const SettingsJson = z.object({
  loyalty_enabled: flag.default(false),
  welcome_package_enabled: flag.default(false),
  promo_pages: z
    .object({
      pumpkin_patch: flag.default(false),
      stocking_stash: flag.default(false),
      easter_promo: flag.default(false),
      predict_and_win: flag.default(false),
    })
    .default({ pumpkin_patch: false, stocking_stash: false, easter_promo: false, predict_and_win: false }),
  sso: z
    .object({
      enabled: flag.default(false),
      login_url: z.string().nullable().optional(),
      signup_url: z.string().nullable().optional(),
    })
    .default({ enabled: false }),
  live_chat: z.object({ enabled: flag.default(false) }).default({ enabled: false }),
  maintenance: z
    .object({ enabled: flag.default(false), message: z.string().nullable().optional() })
    .default({ enabled: false }),
  time_zone: z.string().min(1).default('Africa/Johannesburg'),
  // Spec section 9: the Capitec display name defaults to 'Capitec ETF'.
  capitec_name: z.string().min(1).default('Capitec ETF'),
});

/** The site flags and settings, shaped as the schema's Site. */
export interface SiteModel {
  loyaltyEnabled: boolean;
  welcomePackageEnabled: boolean;
  promoPages: { pumpkinPatch: boolean; stockingStash: boolean; easterPromo: boolean; predictAndWin: boolean };
  singleSignOn: { enabled: boolean; loginUrl: string | null; signupUrl: string | null };
  liveChatEnabled: boolean;
  maintenance: { enabled: boolean; message: string | null };
  timeZone: string;
  capitecName: string;
}

const parseSettings = (raw: unknown): SiteModel => {
  const s = parseUpstream(SettingsJson, raw, 'settings');
  return {
    loyaltyEnabled: s.loyalty_enabled,
    welcomePackageEnabled: s.welcome_package_enabled,
    promoPages: {
      pumpkinPatch: s.promo_pages.pumpkin_patch,
      stockingStash: s.promo_pages.stocking_stash,
      easterPromo: s.promo_pages.easter_promo,
      predictAndWin: s.promo_pages.predict_and_win,
    },
    singleSignOn: {
      enabled: s.sso.enabled,
      loginUrl: s.sso.login_url ?? null,
      signupUrl: s.sso.signup_url ?? null,
    },
    liveChatEnabled: s.live_chat.enabled,
    maintenance: { enabled: s.maintenance.enabled, message: s.maintenance.message ?? null },
    timeZone: s.time_zone,
    capitecName: s.capitec_name,
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Calls

const publicTtl = (deps: UpstreamDeps) => deps.config.publicCacheTtlMs;

/**
 * GET /api/promotionsAuthenticated for a signed-in caller (personal: it has the signed-in-only promotions),
 * GET /api/promotions for guests (public, shared).
 */
export function loadPromotions(deps: UpstreamDeps): Promise<PromotionModel[]> {
  const { upstream } = deps;
  return upstream.token
    ? upstream.read('/api/promotionsAuthenticated', parsePromotions)
    : upstream.readPublic('/api/promotions', parsePromotions, publicTtl(deps));
}

/** GET /api/newpromotions: the backend adds the signed-in-only ones for a player, so only guests' is shared. */
export function loadNewPromotions(deps: UpstreamDeps): Promise<PromotionModel[]> {
  const { upstream } = deps;
  return upstream.token
    ? upstream.read('/api/newpromotions', parsePromotions)
    : upstream.readPublic('/api/newpromotions', parsePromotions, publicTtl(deps));
}

/** GET /api/promotionBanners: every banner in display order (public, shared for exactly 5 minutes). */
export const loadBanners = (upstream: RequestUpstream) =>
  upstream.readPublic('/api/promotionBanners', parseBanners, BANNER_CACHE_MS);

/** A news category or slug as the backend accepts it; anything else could not name one and is not sent. */
const PATH_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/;
export const isPathSegment = (value: string) => PATH_SEGMENT.test(value);

/** GET /api/news or /api/news/category/{c}: article summaries without bodies, newest first (public, shared). */
export function loadNews(deps: UpstreamDeps, category?: string | null): Promise<NewsArticleModel[]> {
  const path = category ? `/api/news/category/${encodeURIComponent(category)}` : '/api/news';
  return deps.upstream.readPublic(path, parseNews, publicTtl(deps));
}

const isNotFound = (err: unknown) => err instanceof GraphQLError && err.extensions.code === 'NOT_FOUND';

/** GET /api/news/{slug}: one article with its body (public, shared); null when the backend has no such article. */
export async function loadArticle(deps: UpstreamDeps, slug: string): Promise<NewsArticleModel | null> {
  if (!isPathSegment(slug)) return null;
  try {
    return await deps.upstream.readPublic(
      `/api/news/${encodeURIComponent(slug)}`,
      parseArticle,
      publicTtl(deps),
    );
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

/** GET /api/settings: the site flags (public, shared). */
export const loadSite = (deps: UpstreamDeps) =>
  deps.upstream.readPublic('/api/settings', parseSettings, publicTtl(deps));
