import { VitePWA } from 'vite-plugin-pwa';
import { ART_CACHE, DATA_CACHE, PAGES_CACHE } from '../src/shared/offline/cache-names';

/*
 * The service worker (/sw.js, Workbox's generateSW through vite-plugin-pwa): what the site keeps for a player on a
 * flaky or dead connection (docs/architecture.md#offline-and-flaky-data).
 * - Precache: the client shell (index.html) and the build's hashed files, so the site opens with no network. The
 *   .br and .gz copies beside them (build/precompress.ts) are not precached: the worker's requests for the files
 *   get the compressed copy from the site server anyway.
 * - Pages (navigations): network first, the cached page after a short wait, the precached shell when no page of
 *   that address was kept. An address with a query (a payment provider's return parameters) or a password reset's
 *   token is never kept.
 * - Data (GET /graphql, queries only; mutations are POSTs): network first, the last response when the network fails.
 *   Keyed by address and, through the gateway's Vary: Authorization, by session: a guest never reads a player's.
 *   A response with errors is not kept over a good one. Emptied at sign-out (shared/storage.ts).
 * - Art and banners from the casino's assets host (any image of another origin: the CSP lets images come only from
 *   there): cache first, at most 200, a week. They are opaque (no CORS), so their status is unknown: a broken one
 *   ages out.
 * The page registers the worker itself (app/service-worker.ts): after the first paint, never in development.
 * The functions below are copied into the worker as source: they may use nothing from outside themselves.
 */
export function serviceWorker() {
  return VitePWA({
    strategies: 'generateSW',
    filename: 'sw.js',
    injectRegister: false,
    registerType: 'prompt',
    manifest: {
      name: 'PlayLive Casino',
      short_name: 'PlayLive',
      description: 'Online casino for South African players. 18+.',
      lang: 'en-ZA',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f1220',
      background_color: '#0e1120',
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,woff2,svg,webp,png}'],
      globIgnores: ['**/*.br', '**/*.gz', '.server/**', 'sw.js'],
      // Navigations are the runtime route below (network first): a precached index.html for every address would
      // serve the old build after a deploy.
      navigateFallback: null,
      inlineWorkboxRuntime: true,
      disableDevLogs: true,
      // The browsers the site's own build targets (Vite's default): Workbox's runtime is transpiled for them only.
      babelPresetEnvTargets: ['chrome >= 107', 'edge >= 107', 'firefox >= 104', 'safari >= 16'],
      cleanupOutdatedCaches: true,
      // A first visit's worker takes the open page at once, so what it shows next is kept; a new build's worker
      // waits until the page's next navigation asks it to take over (app/service-worker.ts).
      clientsClaim: true,
      skipWaiting: false,
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) => request.mode === 'navigate' && url.pathname !== '/graphql',
          handler: 'NetworkFirst',
          options: {
            cacheName: PAGES_CACHE,
            networkTimeoutSeconds: 4,
            expiration: { maxEntries: 40, maxAgeSeconds: 7 * 24 * 3600 },
            precacheFallback: { fallbackURL: 'index.html' },
            plugins: [
              {
                cacheWillUpdate: async ({ request, response }) => {
                  const url = new URL(request.url);
                  const kept =
                    response.status === 200 && !url.search && !url.pathname.startsWith('/password/');
                  return kept ? response : null;
                },
              },
            ],
          },
        },
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/graphql',
          handler: 'NetworkFirst',
          method: 'GET',
          options: {
            cacheName: DATA_CACHE,
            expiration: { maxEntries: 120, maxAgeSeconds: 3 * 24 * 3600 },
            plugins: [
              {
                cacheWillUpdate: async ({ response }) => {
                  if (response.status !== 200) return null;
                  try {
                    const body = (await response.clone().json()) as { data?: unknown; errors?: unknown };
                    return body.data && !body.errors ? response : null;
                  } catch {
                    return null;
                  }
                },
              },
            ],
          },
        },
        {
          urlPattern: ({ request, sameOrigin }) => request.destination === 'image' && !sameOrigin,
          handler: 'CacheFirst',
          options: {
            cacheName: ART_CACHE,
            expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [0, 200] },
          },
        },
      ],
    },
  });
}
