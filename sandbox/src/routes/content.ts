import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { findArticle, latestWins, listBanners, listNews, listPromotions } from '../domain/catalogue.js';
import { publicSiteSettings } from '../domain/site-settings.js';
import { welcomeOfferJson } from '../domain/welcome.js';
import { optionalUser, requireUser } from '../http/auth.js';
import { notFound, parse } from '../http/errors.js';

const CategoryParams = z.object({ category: z.string().max(60) });
const SlugParams = z.object({ slug: z.string().max(200) });

/** Promotions, banners, latest wins, news and the site flags. */
export function register(app: FastifyInstance, ctx: SandboxContext): void {
  const { db } = ctx;

  app.get('/api/latestWins', async () => ({ data: latestWins(db) }));

  app.get('/api/promotionBanners', async (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return { promotionBanners: listBanners(db) };
  });

  app.get('/api/promotions', async () => ({
    promotions: listPromotions(db, { userId: null, onlyNew: false, now: ctx.clock() }),
  }));

  app.get('/api/promotionsAuthenticated', async (req) => {
    const { userId } = requireUser(ctx, req);
    return { promotions: listPromotions(db, { userId, onlyNew: false, now: ctx.clock() }) };
  });

  // Signed-in players also see the new promotions meant only for them.
  app.get('/api/newpromotions', async (req) => ({
    promotions: listPromotions(db, {
      userId: optionalUser(ctx, req)?.userId ?? null,
      onlyNew: true,
      now: ctx.clock(),
    }),
  }));

  // The welcome offer's terms, the same for everyone: null while the site has the package switched off.
  app.get('/api/welcomeOffer', async () => ({ welcome_offer: welcomeOfferJson(db) }));

  app.get('/api/news', async () => ({ news: listNews(db) }));

  app.get('/api/news/category/:category', async (req) => {
    const { category } = parse(CategoryParams, req.params);
    return { news: listNews(db, category) };
  });

  app.get('/api/news/:slug', async (req) => {
    const { slug } = parse(SlugParams, req.params);
    const article = findArticle(db, slug);
    if (!article) throw notFound('Article');
    return { article };
  });

  app.get('/api/settings', async () => publicSiteSettings(db, ctx.publicUrl()));
}
