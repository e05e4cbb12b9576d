import { VitePWA } from 'vite-plugin-pwa';
import { chunkClosure, viteManifest } from '../server/page-assets';
import { ART_CACHE, ASSETS_CACHE, DATA_CACHE, PAGES_CACHE } from '../src/shared/offline/cache-names';

/*
 * The service worker (/sw.js, Workbox's generateSW through vite-plugin-pwa): what the site keeps for a player on a
 * flaky or dead connection (docs/architecture.md#offline-and-flaky-data).
 * - Precache: the client shell (index.html) and the files it starts with (the entry's JavaScript and CSS, which the
 *   first page has just loaded, so they come from the browser's cache), so the site opens with no network. Not every
 *   screen's chunk: on a phone's prepaid data a first visit must not download the whole site (the bench's first-visit
 *   bytes, docs/benchmarks.md#lighthouse). Screens' chunks are kept as pages load them (cache `playlive-assets`,
 *   cache first: a hashed file never changes).
 * - Pages (navigations): network first, the cached page after a short wait, the precached shell when no page of
 *   that address was kept. An address with a query (a payment provider's return parameters) or a password reset's
 *   token is never kept.
 * - Data (GET /graphql, queries only; mutations are POSTs): network first, the last response when the network fails.
 *   Keyed by address and, through the gateway's Vary: Authorization, by session: a guest never reads a player's.
 *   A response with errors is not kept over a good one. Emptied at sign-out (shared/storage.ts).
 * - Art and banners from the casino's assets host (any image of another origin: the CSP lets images come only from
 *   there): cache first, at most 200, a week. They are opaque (no CORS), so their status is unknown: a broken one
 *   ages out.
 * - Anything else goes to the network untouched: every route above is for GETs (Workbox's default method), so a
 *   verification document's PUT to the casino's upload address (features/verification/upload.ts) is neither
 *   answered nor kept by the worker, and its upload progress is the browser's own.
 * The page registers the worker itself (app/service-worker.ts): after the first paint, never in development.
 * The functions below are copied into the worker as source: they may use nothing from outside themselves.
 */
/** The files the shell starts with: the app's entry in Vite's manifest and what it imports statically, with their CSS. */
function shellFiles(distDir: string): Set<string> {
  const chunks = chunkClosure(viteManifest(distDir), ['index.html']);
  return new Set([
    'index.html',
    'manifest.webmanifest',
    ...chunks.flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]),
  ]);
}

export function serviceWorker(distDir: string) {
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
      // web/public: the favicon's mark on the site's background, for home screens and the app switcher.
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,woff2,svg,webp,png}'],
      globIgnores: ['**/*.br', '**/*.gz', '.server/**', 'sw.js'],
      manifestTransforms: [
        (entries) => {
          const shell = shellFiles(distDir);
          return { manifest: entries.filter((entry) => shell.has(entry.url)), warnings: [] };
        },
      ],
      // Navigations are the runtime route below (network first): a precached index.html for every address would
      // serve the old build after a deploy.
      navigateFallback: null,
      inlineWorkboxRuntime: true,
      // Runs before Workbox's code: the data meter's worker half, and low-data mode's install without the precache
      // (web/public/sw-meter.js; docs/architecture.md#low-data-mode).
      importScripts: ['/sw-meter.js'],
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
                    // A query with @defer answers in parts (shared/relay/incremental.ts): kept when no part of it
                    // carries errors (the JSON of each part writes them as "errors":, a name no field has).
                    if (/^multipart\/mixed/i.test(response.headers.get('content-type') ?? '')) {
                      return (await response.clone().text()).includes('"errors":') ? null : response;
                    }
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
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: {
            cacheName: ASSETS_CACHE,
            expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
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
