import { loadQuery } from 'react-relay';
import { createBrowserRouter, Navigate, type HydrationState, type RouteObject } from 'react-router';
import { AppLayout, AppLayoutQuery } from './layout/AppLayout';
import { followDestinations, lazyRoute } from './lazy-route';
import { session } from '../shared/session';
import { AppLoading } from './AppLoading';
import { RouteError } from './RouteError';
import { Protected } from '../shared/page/Protected';
import { CATALOGUE_FILTERS, type CatalogueKey } from '../features/games/catalogue-filters';
import { catalogueLoader, providersLoader, webplayLoader } from '../features/games/loaders';
import { homeLoader } from '../features/home/loader';
import { newsArticleLoader, newsCategoryLoader, newsListLoader } from '../features/news/loader';
import { gameLoader } from '../features/play/loader';
import { tournamentsLoader } from '../features/tournaments/loader';
import { promoPageLoader } from '../features/pages/promo-page-loader';
import { promotionsLoader } from '../features/promotions/loader';
import type { PausedOnBreak } from '../features/safer-gambling/BreakGate';
import { EXCLUDED_PATH } from '../features/safer-gambling/excluded';
import type { AppLayoutQuery as AppLayoutQueryType } from '../__generated__/AppLayoutQuery.graphql';

/*
 * Every route of the site (docs/rules.md#routes-and-query-parameters). The root route's loader preloads the root
 * query before anything renders (render-as-you-fetch). Screens are their own chunks, but their loaders come with
 * the app, so a screen's request starts while its code downloads. A screen's query document comes with its chunk:
 * the loaders hold only its persisted id (its `@preloadable` `$parameters` artifact), and Relay reads the store for
 * it only once the screen's module has registered the document (PreloadableQueryRegistry); until then, the loader's
 * request goes to the network as it would have for a first visit (app/hydrate.ts loads the modules first, so a
 * server-rendered page's loaders find its records). `handle.name` is the name page views are
 * reported under.
 */

const info = (name: string, load: () => Promise<Record<string, unknown>>, pick: string): RouteObject => ({
  handle: { name },
  lazy: lazyRoute(load, (module) => ({ Component: module[pick] as React.ComponentType })),
});

const loadInfo = () => import('../features/pages/InfoPages');
const loadNews = () => import('../features/news/NewsPages');

/** Screens of games or promotions: a player on a break sees a calm page instead (features/safer-gambling/BreakGate). */
const PAUSED_ON_BREAK: PausedOnBreak = { pausedOnBreak: true };

/** A catalogue page: its request starts at once, its code comes with the first catalogue page visited. */
const catalogue = (name: string, key: CatalogueKey, options: { protect?: boolean } = {}) => ({
  handle: { name, ...PAUSED_ON_BREAK },
  loader: catalogueLoader(CATALOGUE_FILTERS[key]),
  lazy: lazyRoute(
    () => import('../features/games/CataloguePage'),
    ({ CataloguePage }) => {
      const page = <CataloguePage route={key} />;
      return { Component: () => (options.protect ? <Protected>{page}</Protected> : page) };
    },
  ),
});

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <AppLoading />,
    // The root query's data loads before the layout renders, and again when the session changes (the revalidation a
    // sign-in or sign-out asks for; the layout asks again if a navigation overtook that one).
    loader: () => {
      const ref = loadQuery<AppLayoutQueryType>(
        session.environment(),
        AppLayoutQuery,
        {},
        { fetchPolicy: 'store-or-network' },
      );
      session.loaded(ref);
      return ref;
    },
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.href === nextUrl.href || session.showsEarlier(),
    children: [
      {
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            handle: { name: 'home', ...PAUSED_ON_BREAK },
            loader: homeLoader,
            lazy: lazyRoute(() => import('../features/home/HomePage')),
          },
          {
            path: 'webplay',
            handle: { name: 'webplay', ...PAUSED_ON_BREAK },
            loader: webplayLoader,
            // The filter bar only narrows the lists it sits above, not itself: it loads once per visit to /webplay.
            shouldRevalidate: () => false,
            lazy: lazyRoute(() => import('../features/games/WebplayLayout')),
            children: [
              { index: true, element: <Navigate to="/webplay/all" replace /> },
              { path: 'all', ...catalogue('webplay-all', 'all') },
              { path: 'category/:category', ...catalogue('webplay-category', 'category') },
              { path: 'subgroup/:subgroup', ...catalogue('webplay-subgroup', 'subgroup') },
              { path: 'favourites', ...catalogue('webplay-favourites', 'favourites', { protect: true }) },
              { path: 'live-casino', ...catalogue('webplay-live-casino', 'liveCasino') },
              { path: 'most-popular', ...catalogue('webplay-most-popular', 'mostPopular') },
              { path: 'new-games', ...catalogue('webplay-new-games', 'newGames') },
              {
                path: 'recent-games',
                ...catalogue('webplay-recent-games', 'recentGames', { protect: true }),
              },
              { path: 'featured-games', ...catalogue('webplay-featured-games', 'featuredGames') },
              {
                path: 'game-providers',
                handle: { name: 'webplay-game-providers', ...PAUSED_ON_BREAK },
                loader: providersLoader,
                lazy: lazyRoute(() => import('../features/games/ProvidersPage')),
              },
              { path: 'provider/:provider', ...catalogue('webplay-provider', 'provider') },
            ],
          },
          {
            path: 'game/:gameCode',
            handle: { name: 'game', ...PAUSED_ON_BREAK },
            loader: gameLoader,
            lazy: lazyRoute(() => import('../features/play/GamePage')),
          },
          { path: 'platform/desktop', ...catalogue('platform-desktop', 'desktop') },
          { path: 'platform/mobile', ...catalogue('platform-mobile', 'mobile') },
          { path: 'bonus-play-games', ...catalogue('bonus-play-games', 'bonusPlay') },
          { path: 'free-bet-support-games', ...catalogue('free-bet-games', 'freeBet') },
          {
            path: 'tournaments',
            handle: { name: 'tournaments', ...PAUSED_ON_BREAK },
            loader: tournamentsLoader,
            lazy: lazyRoute(() => import('../features/tournaments/TournamentsPage')),
          },
          {
            path: 'promotions',
            handle: { name: 'promotions', ...PAUSED_ON_BREAK },
            loader: promotionsLoader,
            lazy: lazyRoute(() => import('../features/promotions/PromotionsPage')),
          },
          { path: 'news', loader: newsListLoader, ...info('news', loadNews, 'NewsListPage') },
          {
            path: 'news/category/:category',
            loader: newsCategoryLoader,
            ...info('news-category', loadNews, 'NewsCategoryPage'),
          },
          {
            path: 'news/:article',
            loader: newsArticleLoader,
            ...info('news-article', loadNews, 'NewsArticlePage'),
          },
          { path: 'how-to', ...info('how-to', loadInfo, 'HowToPage') },
          { path: 'about-us', ...info('about-us', loadInfo, 'AboutUsPage') },
          { path: 'privacy-policy', ...info('privacy-policy', loadInfo, 'PrivacyPolicyPage') },
          { path: 'terms-and-conditions', ...info('terms-and-conditions', loadInfo, 'TermsPage') },
          {
            path: 'responsible-gambling',
            ...info('responsible-gambling', loadInfo, 'ResponsibleGamblingPage'),
          },
          {
            path: 'password/reset/:token',
            handle: { name: 'password-reset' },
            lazy: lazyRoute(() => import('../features/auth/PasswordResetPage')),
          },
          {
            path: 'capitec',
            handle: { name: 'capitec' },
            lazy: lazyRoute(() => import('../features/cashier/CapitecPage')),
          },
          {
            path: 'account/safer-gambling',
            handle: { name: 'safer-gambling' },
            lazy: lazyRoute(() => import('../features/safer-gambling/SaferGamblingPage')),
          },
          {
            // FICA verification (docs/rules.md#know-your-player): linked from the account menu and from every
            // place a withdrawal is blocked for it.
            path: 'account/verification',
            handle: { name: 'verification' },
            lazy: lazyRoute(() => import('../features/verification/VerificationPage')),
          },
          {
            // After a self-exclusion, signed out (features/safer-gambling/ExcludedPage.tsx).
            path: EXCLUDED_PATH.slice(1),
            handle: { name: 'self-excluded' },
            lazy: lazyRoute(() => import('../features/safer-gambling/ExcludedPage')),
          },
          {
            path: 'help',
            handle: { name: 'help' },
            lazy: lazyRoute(() => import('../features/help/HelpPage')),
          },
          {
            path: 'unavailable',
            handle: { name: 'unavailable' },
            lazy: lazyRoute(() => import('../features/pages/UnavailablePage')),
          },
          ...['pumpkin-patch', 'stocking-stash', 'easter-promo', 'predict-and-win'].map((path) => ({
            path,
            handle: { name: path, ...PAUSED_ON_BREAK },
            loader: promoPageLoader,
            lazy: lazyRoute(() => import('../features/pages/PromoPage')),
          })),
          {
            path: '*',
            handle: { name: 'not-found' },
            lazy: lazyRoute(() => import('../shared/page/NotFoundPage')),
          },
        ],
      },
    ],
  },
];

export function createRouter(hydrationData?: HydrationState) {
  const router = createBrowserRouter(routes, hydrationData ? { hydrationData } : {});
  // A route's module that cannot be loaded loads the page in full where the player was going (./lazy-route.ts).
  followDestinations(router);
  return router;
}
