import { loadQuery } from 'react-relay';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppLayout, AppLayoutQuery } from './layout/AppLayout';
import { GamesNav } from './layout/GamesNav';
import { lazyRoute } from './lazy-route';
import { currentEnvironment } from './relay/current';
import { markLoadedForCurrentSession } from './frame-session';
import { AppLoading } from './AppLoading';
import { RouteError } from './RouteError';
import { Protected } from './Protected';
import { PlaceholderPage } from '../features/pages/PlaceholderPage';
import type { AppLayoutQuery as AppLayoutQueryType } from '../__generated__/AppLayoutQuery.graphql';
import { Outlet } from 'react-router';

/*
 * Every route of the site (docs/rules.md#routes-and-query-parameters). The root route's loader preloads the frame's
 * query before anything renders (render-as-you-fetch); screens are their own chunks. Screens built by later work
 * show a titled placeholder inside the layout. `handle.name` is the name page views are reported under.
 */

const info = (name: string, load: () => Promise<Record<string, unknown>>, pick: string): RouteObject => ({
  handle: { name },
  lazy: lazyRoute(async () => ({ Component: (await load())[pick] as React.ComponentType })),
});

const placeholder = (
  name: string,
  title: string | ((p: Record<string, string>) => string),
  about: string,
) => ({
  handle: { name },
  element: <PlaceholderPage title={title} about={about} />,
});

const guarded = (name: string, title: string, about: string) => ({
  handle: { name },
  element: (
    <Protected>
      <PlaceholderPage title={title} about={about} />
    </Protected>
  ),
});

const loadInfo = () => import('../features/pages/InfoPages');

function WebplayLayout() {
  return (
    <>
      <GamesNav />
      <Outlet />
    </>
  );
}

const titleCase = (slug: string) => slug.replace(/[-_]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <AppLoading />,
    // The frame's data loads before it renders, and again when the session changes (the revalidation a sign-in or
    // sign-out asks for; the layout asks again if a navigation overtook that one).
    loader: () => {
      const ref = loadQuery<AppLayoutQueryType>(
        currentEnvironment(),
        AppLayoutQuery,
        {},
        { fetchPolicy: 'store-or-network' },
      );
      markLoadedForCurrentSession(ref);
      return ref;
    },
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.href === nextUrl.href,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            ...placeholder(
              'home',
              'PlayLive Casino',
              'Most popular, featured and live casino games, with this week’s promotions.',
            ),
          },
          {
            path: 'webplay',
            element: <WebplayLayout />,
            handle: { name: 'webplay' },
            children: [
              { index: true, element: <Navigate to="/webplay/all" replace /> },
              {
                path: 'all',
                ...placeholder(
                  'webplay-all',
                  'All games',
                  'Every game in the catalogue, with the filter bar to narrow it down.',
                ),
              },
              {
                path: 'category/:category',
                ...placeholder(
                  'webplay-category',
                  (p) => titleCase(p.category ?? 'Games'),
                  'The games of this category.',
                ),
              },
              {
                path: 'subgroup/:subgroup',
                ...placeholder(
                  'webplay-subgroup',
                  (p) => `${titleCase(p.subgroup ?? '')} games`,
                  'The games of this group.',
                ),
              },
              {
                path: 'favourites',
                ...guarded('webplay-favourites', 'Favourite games', 'The games you marked with a heart.'),
              },
              {
                path: 'live-casino',
                ...placeholder(
                  'webplay-live-casino',
                  'Live casino',
                  'Live roulette, blackjack, baccarat and game shows with real dealers.',
                ),
              },
              {
                path: 'most-popular',
                ...placeholder(
                  'webplay-most-popular',
                  'Most popular',
                  'What South African players play most.',
                ),
              },
              { path: 'new-games', ...placeholder('webplay-new-games', 'New games', 'The 50 newest games.') },
              {
                path: 'recent-games',
                ...guarded('webplay-recent-games', 'Recently played', 'The games you played last.'),
              },
              {
                path: 'featured-games',
                ...placeholder('webplay-featured-games', 'Featured games', 'Our picks this week.'),
              },
              {
                path: 'game-providers',
                ...placeholder(
                  'webplay-game-providers',
                  'Game providers',
                  'Every studio whose games we offer.',
                ),
              },
              {
                path: 'provider/:provider',
                ...placeholder(
                  'webplay-provider',
                  (p) => titleCase(p.provider ?? 'Provider'),
                  'The games of this provider.',
                ),
              },
            ],
          },
          {
            path: 'game/:gameCode',
            ...placeholder(
              'game',
              (p) => titleCase(p.gameCode ?? 'Game'),
              'Play for real money or try it in demo.',
            ),
          },
          {
            path: 'platform/desktop',
            ...placeholder('platform-desktop', 'Desktop games', 'Games made for a big screen.'),
          },
          {
            path: 'platform/mobile',
            ...placeholder('platform-mobile', 'Mobile games', 'Games that play well on your phone.'),
          },
          {
            path: 'bonus-play-games',
            ...placeholder(
              'bonus-play-games',
              'Bonus play games',
              'Games you can play with your bonus balance.',
            ),
          },
          {
            path: 'free-bet-support-games',
            ...placeholder('free-bet-games', 'Free bet games', 'Games that take free bets.'),
          },
          {
            path: 'tournaments',
            ...placeholder(
              'tournaments',
              'Tournaments',
              'Join a tournament, climb the leaderboard, win a share of the prize pool.',
            ),
          },
          {
            path: 'promotions',
            ...placeholder(
              'promotions',
              'Promotions',
              'Weekly cashback, same-day payouts and the Friday cash drop.',
            ),
          },
          {
            path: 'news',
            ...placeholder('news', 'News', 'New games, winners and what is happening at PlayLive.'),
          },
          {
            path: 'news/category/:category',
            ...placeholder(
              'news-category',
              (p) => `News: ${titleCase(p.category ?? '')}`,
              'News of this category.',
            ),
          },
          {
            path: 'news/:article',
            ...placeholder('news-article', (p) => titleCase(p.article ?? 'News'), 'The full article.'),
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
            lazy: lazyRoute(() => import('../features/pages/PasswordResetPage')),
          },
          {
            path: 'capitec',
            ...guarded(
              'capitec',
              'Capitec',
              'Deposit with Capitec: pay from your banking app, credited as soon as it clears.',
            ),
          },
          {
            path: 'unavailable',
            handle: { name: 'unavailable' },
            lazy: lazyRoute(() => import('../features/pages/UnavailablePage')),
          },
          ...['pumpkin-patch', 'stocking-stash', 'easter-promo', 'predict-and-win'].map((path) => ({
            path,
            handle: { name: path },
            lazy: lazyRoute(() => import('../features/pages/PromoPage')),
          })),
          {
            path: '*',
            handle: { name: 'not-found' },
            lazy: lazyRoute(() => import('../features/pages/NotFoundPage')),
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
