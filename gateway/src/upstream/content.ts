import { z } from 'zod';
import { isNotFound } from '../errors.js';
import type {
  BannerSectionName,
  NewsArticleModel,
  PromotionBannerModel,
  PromotionModel,
  PromotionPageKeyName,
  PromotionPageModel,
  SiteModel,
} from '../models.js';
import { CouponTermsJson, toCouponTerms } from './coupons.js';
import { isoDate, optionalText, parseUpstream, randCents } from './parse.js';
import type { RequestUpstream } from './request-upstream.js';

/*
 * The content resource: promotions, new promotions, promotion banners, news and the site settings.
 *
 * Caching: what guests see is public and shared across requests (config.publicCacheTtlMs; banners exactly 5 minutes,
 * as docs/rules.md#promotions-and-banners and the backend's Cache-Control say). The signed-in variants of
 * promotions and new promotions are personal: they are read with the player's token and never shared.
 */

/** The promotion banners are cached 5 minutes (docs/rules.md#promotions-and-banners). */
export const BANNER_CACHE_MS = 5 * 60 * 1000;

const flag = z.union([z.boolean(), z.number()]).transform(Boolean);

const PromotionJson = z.object({
  id: z.number().int(),
  title: z.string(),
  description: optionalText,
  image: optionalText,
  url_link: optionalText,
  terms: optionalText,
  authenticated_only: flag.optional(),
  is_new: flag.optional(),
  created_at: isoDate.nullable().optional(),
  coupon: CouponTermsJson.nullable().optional(),
  // An offer this schema does not know yet is no offer to the site.
  offer: z.string().nullable().optional(),
});

const PromotionsJson = z.object({ promotions: z.array(PromotionJson) });

const parsePromotions = (raw: unknown): PromotionModel[] =>
  parseUpstream(PromotionsJson, raw, 'promotions').promotions.map((p) => ({
    __typename: 'Promotion',
    id: p.id,
    title: p.title,
    description: p.description,
    image: p.image,
    url: p.url_link,
    terms: p.terms,
    forSignedInOnly: p.authenticated_only ?? false,
    isNew: p.is_new ?? false,
    createdAt: p.created_at ?? null,
    coupon: p.coupon ? toCouponTerms(p.coupon) : null,
    isWelcomeOffer: p.offer === 'welcome_package',
  }));

const WelcomeOfferJson = z.object({
  welcome_offer: z
    .object({
      bonus_percentage: z.number().int().nonnegative(),
      max_bonus: randCents,
      min_deposit: randCents,
      wager_multiplier: z.number().int().nonnegative(),
    })
    .nullable(),
});

export interface WelcomeOfferTerms {
  bonusPercentage: number;
  maxBonusCents: number;
  minDepositCents: number;
  wagerMultiplier: number;
}

const parseWelcomeOffer = (raw: unknown): WelcomeOfferTerms | null => {
  const offer = parseUpstream(WelcomeOfferJson, raw, 'welcome offer').welcome_offer;
  return offer
    ? {
        bonusPercentage: offer.bonus_percentage,
        maxBonusCents: offer.max_bonus,
        minDepositCents: offer.min_deposit,
        wagerMultiplier: offer.wager_multiplier,
      }
    : null;
};

/** A list of section names; Laravel may send the column as JSON text. */
const sectionNames = z.array(z.string());
const sectionList = z.union([sectionNames, z.string(), z.null()]).transform((value, c) => {
  if (value === null || value === '') return [];
  if (Array.isArray(value)) return value;
  try {
    return sectionNames.parse(JSON.parse(value));
  } catch {
    c.addIssue({ code: 'custom', message: 'exclude is not a list of sections' });
    return z.NEVER;
  }
});

const BANNER_SECTIONS: readonly BannerSectionName[] = ['home', 'promotions', 'webplay', 'tournaments'];

/** The sections the schema knows, case-insensitively; a section it does not know is left out, not an error. */
const knownSections = (names: string[]): BannerSectionName[] =>
  BANNER_SECTIONS.filter((known) => names.some((name) => name.trim().toLowerCase() === known));

const BannerJson = z.object({
  id: z.number().int(),
  title: optionalText,
  url_link: optionalText,
  image: z.string(),
  image_mobile: z.string().nullable().optional(),
  exclude: sectionList.optional(),
});

const BannersJson = z.object({ promotionBanners: z.array(BannerJson) });

const parseBanners = (raw: unknown): PromotionBannerModel[] =>
  parseUpstream(BannersJson, raw, 'promotionBanners').promotionBanners.map((b) => ({
    __typename: 'PromotionBanner',
    id: b.id,
    title: b.title,
    url: b.url_link,
    image: b.image,
    // Without a mobile image the desktop one is shown on phones too.
    imageMobile: b.image_mobile || b.image,
    exclude: knownSections(b.exclude ?? []),
  }));

const ArticleJson = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  category: z.string(),
  excerpt: optionalText,
  body: z.string().nullable().optional(),
  image: optionalText,
  published_at: isoDate,
});

function toArticle(a: z.infer<typeof ArticleJson>): NewsArticleModel {
  return {
    __typename: 'NewsArticle',
    id: a.id,
    slug: a.slug,
    title: a.title,
    category: a.category,
    excerpt: a.excerpt,
    // The list leaves the body out; null means "not loaded yet" (NewsArticle.body fetches it on demand).
    body: a.body ?? null,
    image: a.image,
    publishedAt: a.published_at,
  };
}

const NewsJson = z.object({ news: z.array(ArticleJson) });

const parseNews = (raw: unknown): NewsArticleModel[] =>
  parseUpstream(NewsJson, raw, 'news').news.map(toArticle);

const ArticleResponseJson = z.object({ article: ArticleJson });

const parseArticle = (raw: unknown): NewsArticleModel =>
  toArticle(parseUpstream(ArticleResponseJson, raw, 'news article').article);

const PROMO_KEYS = ['pumpkin_patch', 'stocking_stash', 'easter_promo', 'predict_and_win'] as const;

/**
 * Each optional promotional page's route and how it treats sign-in (docs/rules.md#promotional-pages-and-site-flags).
 */
const PROMO_ROUTES: Readonly<
  Record<PromotionPageKeyName, { path: string; requiresSignIn: boolean; keepsRouteAfterSignIn: boolean }>
> = {
  pumpkin_patch: { path: '/pumpkin-patch', requiresSignIn: false, keepsRouteAfterSignIn: false },
  stocking_stash: { path: '/stocking-stash', requiresSignIn: false, keepsRouteAfterSignIn: false },
  easter_promo: { path: '/easter-promo', requiresSignIn: true, keepsRouteAfterSignIn: false },
  predict_and_win: { path: '/predict-and-win', requiresSignIn: false, keepsRouteAfterSignIn: true },
};

const PromoContentJson = z.object({
  title: optionalText,
  intro: optionalText,
  body: optionalText,
  image: optionalText,
  terms: optionalText,
});

// Every key has a default, so a backend that has not added a setting yet still serves the site.
const SettingsJson = z.object({
  loyalty_enabled: flag.default(false),
  welcome_package_enabled: flag.default(false),
  wagering_enabled: flag.default(true),
  promo_pages: z
    .object({
      pumpkin_patch: flag.default(false),
      stocking_stash: flag.default(false),
      easter_promo: flag.default(false),
      predict_and_win: flag.default(false),
    })
    .default({ pumpkin_patch: false, stocking_stash: false, easter_promo: false, predict_and_win: false }),
  promo_content: z.record(z.string(), PromoContentJson.nullable()).nullable().optional(),
  alternate_routes: flag.default(false),
  sso: z
    .object({
      enabled: flag.default(false),
      login_url: optionalText,
      signup_url: optionalText,
    })
    .default({ enabled: false, login_url: null, signup_url: null }),
  live_chat: z
    .object({ enabled: flag.default(false), script_url: optionalText, license_id: optionalText })
    .default({ enabled: false, script_url: null, license_id: null }),
  support_email: optionalText,
  support_phone: optionalText,
  maintenance: z
    .object({ enabled: flag.default(false), message: optionalText })
    .default({ enabled: false, message: null }),
  time_zone: z.string().min(1).default('Africa/Johannesburg'),
  // The Capitec display name defaults to 'Capitec ETF' (docs/rules.md#payments).
  capitec_name: z.string().min(1).default('Capitec ETF'),
  app_version: optionalText,
  terms: z
    .object({
      version: z.string().min(1),
      text: z.string().min(1),
      updated_at: isoDate.nullable().optional(),
    })
    .nullable()
    .optional(),
  tag_manager_id: optionalText,
  tag_manager_url: optionalText,
  error_reporter: z
    .object({ dsn: z.string().min(1), sample_rate: z.number().min(0).max(1) })
    .nullable()
    .optional(),
});

const parseSettings = (raw: unknown): SiteModel => {
  const s = parseUpstream(SettingsJson, raw, 'settings');
  const promotionPages = PROMO_KEYS.map((key): PromotionPageModel => {
    const content = s.promo_content?.[key];
    return {
      key,
      ...PROMO_ROUTES[key],
      enabled: s.promo_pages[key],
      title: content?.title ?? null,
      intro: content?.intro ?? null,
      body: content?.body ?? null,
      image: content?.image ?? null,
      terms: content?.terms ?? null,
    };
  });
  return {
    loyaltyEnabled: s.loyalty_enabled,
    welcomePackageEnabled: s.welcome_package_enabled,
    wageringEnabled: s.wagering_enabled,
    promoPages: {
      pumpkinPatch: s.promo_pages.pumpkin_patch,
      stockingStash: s.promo_pages.stocking_stash,
      easterPromo: s.promo_pages.easter_promo,
      predictAndWin: s.promo_pages.predict_and_win,
    },
    promotionPages,
    alternateRoutes: s.alternate_routes,
    singleSignOn: {
      enabled: s.sso.enabled,
      loginUrl: s.sso.login_url ?? null,
      signupUrl: s.sso.signup_url ?? null,
    },
    liveChat: {
      enabled: s.live_chat.enabled,
      scriptUrl: s.live_chat.script_url ?? null,
      licenseId: s.live_chat.license_id ?? null,
    },
    supportEmail: s.support_email ?? null,
    supportPhone: s.support_phone ?? null,
    maintenance: { enabled: s.maintenance.enabled, message: s.maintenance.message ?? null },
    timeZone: s.time_zone,
    capitecName: s.capitec_name,
    appVersion: s.app_version,
    terms: s.terms
      ? { version: s.terms.version, text: s.terms.text, updatedAt: s.terms.updated_at ?? null }
      : null,
    tagManagerId: s.tag_manager_id,
    tagManagerUrl: s.tag_manager_url,
    errorReporter: s.error_reporter
      ? { dsn: s.error_reporter.dsn, sampleRate: s.error_reporter.sample_rate }
      : null,
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Calls

/**
 * GET /api/promotionsAuthenticated for a signed-in caller (personal: it has the signed-in-only promotions),
 * GET /api/promotions for guests (public, shared).
 */
export function loadPromotions(upstream: RequestUpstream): Promise<PromotionModel[]> {
  return upstream.token
    ? upstream.read('/api/promotionsAuthenticated', parsePromotions)
    : upstream.readPublic('/api/promotions', parsePromotions);
}

/** GET /api/newpromotions: the backend adds the signed-in-only ones for a player, so only guests' is shared. */
export function loadNewPromotions(upstream: RequestUpstream): Promise<PromotionModel[]> {
  return upstream.token
    ? upstream.read('/api/newpromotions', parsePromotions)
    : upstream.readPublic('/api/newpromotions', parsePromotions);
}

/** GET /api/promotionBanners: every banner in display order (public, shared for exactly 5 minutes). */
export const loadBanners = (upstream: RequestUpstream) =>
  upstream.readPublic('/api/promotionBanners', parseBanners, BANNER_CACHE_MS);

/** A news category or slug as the backend accepts it; anything else could not name one and is not sent. */
const PATH_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/;
export const isPathSegment = (value: string) => PATH_SEGMENT.test(value);

/** GET /api/news or /api/news/category/{c}: article summaries without bodies, newest first (public, shared). */
export function loadNews(upstream: RequestUpstream, category?: string | null): Promise<NewsArticleModel[]> {
  const path = category ? `/api/news/category/${encodeURIComponent(category)}` : '/api/news';
  return upstream.readPublic(path, parseNews);
}

/** GET /api/news/{slug}: one article with its body (public, shared); null when the backend has no such article. */
export async function loadArticle(upstream: RequestUpstream, slug: string): Promise<NewsArticleModel | null> {
  if (!isPathSegment(slug)) return null;
  try {
    return await upstream.readPublic(`/api/news/${encodeURIComponent(slug)}`, parseArticle);
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

/** GET /api/welcomeOffer: the welcome package's terms, null while it is off (public, shared). */
export const loadWelcomeOffer = (upstream: RequestUpstream) =>
  upstream.readPublic('/api/welcomeOffer', parseWelcomeOffer);

/** GET /api/settings: the site flags (public, shared). */
export const loadSite = (upstream: RequestUpstream) => upstream.readPublic('/api/settings', parseSettings);
