import type { Resolvers } from '../__generated__/resolvers-types.js';
import { money } from '../domain/money.js';
import { badInput } from '../errors.js';
import type { BannerSectionName, PromotionBannerModel } from '../models.js';
import { canonicalNumericId, connectionFromArray, toGlobalId } from '../relay.js';
import {
  isPathSegment,
  loadArticle,
  loadBanners,
  loadNewPromotions,
  loadNews,
  loadPromotions,
  loadSite,
  loadWelcomeOffer,
  type WelcomeOfferTerms,
} from '../upstream/content.js';
import { assetUrl } from './assets.js';
import { couponOffer } from './coupons.js';
import type { NodeLoader } from './node.js';

/*
 * Content: promotions (the signed-in variant for players), new promotions, promotion banners, news and the site
 * flags. Bodies of news articles are fetched only when the `body` field is asked for.
 */

/** A banner is left out of the sections its exclude list names. */
const shownIn = (banner: PromotionBannerModel, section: BannerSectionName | null | undefined) =>
  !section || !banner.exclude.includes(section);

/**
 * A mobile image ending in .mp4 (a query string or fragment may follow) is shown as a video
 * (docs/rules.md#promotions-and-banners).
 */
export const isVideo = (url: string) => /\.mp4(?:[?#].*)?$/i.test(url);

/** The welcome offer's terms as the schema states them (WelcomeOffer). */
const welcomeOffer = (terms: WelcomeOfferTerms | null) =>
  terms && {
    bonusPercentage: terms.bonusPercentage,
    maxBonus: money(terms.maxBonusCents),
    minDeposit: money(terms.minDepositCents),
    wagerMultiplier: terms.wagerMultiplier,
  };

export const contentResolvers: Resolvers = {
  Query: {
    welcomeOffer: async (_root, _args, ctx) => welcomeOffer(await loadWelcomeOffer(ctx.scope.upstream)),
    promotions: (_root, _args, ctx) => loadPromotions(ctx.scope.upstream),
    newPromotions: (_root, _args, ctx) => loadNewPromotions(ctx.scope.upstream),
    promotionBanners: async (_root, { section }, ctx) =>
      (await loadBanners(ctx.scope.upstream)).filter((b) => shownIn(b, section)),

    news: async (_root, { category, first, after }, ctx) => {
      const page = { first, after };
      // Validates first and after before any upstream call.
      connectionFromArray([], page);
      if (category && !isPathSegment(category)) throw badInput('category is not a news category.');
      return connectionFromArray(await loadNews(ctx.scope.upstream, category), page);
    },

    newsArticle: (_root, { slug }, ctx) => loadArticle(ctx.scope.upstream, slug),
    site: (_root, _args, ctx) => loadSite(ctx.scope.upstream),
  },

  Promotion: {
    id: (p) => toGlobalId('Promotion', p.id),
    image: (p, _args, ctx) => assetUrl(p.image, ctx),
    coupon: ({ coupon }) => coupon && couponOffer(coupon),
    welcomeOffer: async (p, _args, ctx) =>
      p.isWelcomeOffer ? welcomeOffer(await loadWelcomeOffer(ctx.scope.upstream)) : null,
  },

  PromotionBanner: {
    id: (b) => toGlobalId('PromotionBanner', b.id),
    mobileIsVideo: (b) => isVideo(b.imageMobile),
    image: (b, _args, ctx) => assetUrl(b.image, ctx),
    imageMobile: (b, _args, ctx) => assetUrl(b.imageMobile, ctx),
  },

  Site: {
    liveChatEnabled: (s) => s.liveChat.enabled,
  },

  PromotionPage: {
    image: (p, _args, ctx) => assetUrl(p.image, ctx),
  },

  NewsArticle: {
    id: (a) => toGlobalId('NewsArticle', a.id),
    image: (a, _args, ctx) => assetUrl(a.image, ctx),
    // Lists carry no body; the article endpoint is called only when a client asks for it.
    body: async (a, _args, ctx) => a.body ?? (await loadArticle(ctx.scope.upstream, a.slug))?.body ?? null,
  },
};

/**
 * Node loaders: each finds the object in the list the caller would see (a guest does not get a signed-in-only
 * promotion by its id); null when it is not there.
 */
export const contentNodeLoaders: Record<string, NodeLoader> = {
  Promotion: async (id, ctx) => {
    const n = canonicalNumericId(id);
    return n === null ? null : ((await loadPromotions(ctx.scope.upstream)).find((p) => p.id === n) ?? null);
  },
  PromotionBanner: async (id, ctx) => {
    const n = canonicalNumericId(id);
    return n === null ? null : ((await loadBanners(ctx.scope.upstream)).find((b) => b.id === n) ?? null);
  },
  NewsArticle: async (id, ctx) => {
    const n = canonicalNumericId(id);
    return n === null ? null : ((await loadNews(ctx.scope.upstream)).find((a) => a.id === n) ?? null);
  },
};
