import { lowData } from '../shared/low-data/low-data';
import { PAGES_CACHE } from '../shared/offline/cache-names';

/*
 * The service worker's registration (the worker: web/build/service-worker.ts; docs/architecture.md#offline-and-flaky-data).
 * - Registered once the page has loaded and the browser is idle: its downloads (the build's files, for offline)
 *   never compete with the first screen's. Never in development (Vite's server has no worker) and never where the
 *   browser refuses it (private modes, or a test's browser that blocks workers: tests/e2e/stack.ts).
 * - A first visit: the worker takes the page at once (clientsClaim) and the page it is on is kept for offline (the
 *   worker saw none of its requests). Same rule as the worker's: no address with a query or a reset token. Once a
 *   worker is in control, `keepData` makes sure the data every page needs is kept (./keep-layout-data.ts).
 * - Low-data mode (docs/architecture.md#low-data-mode): the worker is registered as /sw.js?low-data, which skips the
 *   precache (web/public/sw-meter.js), and the page keeps nothing ahead for offline (`keepData`, the open page):
 *   what the player sees is kept as it goes by, nothing more. Leaving the mode registers /sw.js again, which
 *   installs as a new worker with its precache.
 * - A new build's worker waits; the page's next navigation asks it to take over (no reload: the page goes on with
 *   the build it has, and the app-version notice offers the new one). The pages kept until then name the old
 *   build's files, so they go.
 */

interface NavigatingRouter {
  subscribe(listener: (state: { navigation: { state: string } }) => void): () => void;
}

export function registerServiceWorker(router: NavigatingRouter, keepData: () => Promise<void>): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const idle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(() => void start(router, keepData), { timeout: 5000 })
      : setTimeout(() => void start(router, keepData), 1000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

const keptAddress = (url: URL) => !url.search && !url.pathname.startsWith('/password/');

async function start(router: NavigatingRouter, keepData: () => Promise<void>): Promise<void> {
  const container = navigator.serviceWorker;
  const saving = lowData();
  let controlled = container.controller !== null;
  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await container.register(saving ? '/sw.js?low-data' : '/sw.js', { scope: '/' });
  } catch {
    return;
  }
  // A browser that blocks workers may answer with no registration rather than refuse (Playwright's does).
  if (!registration) return;
  const registered = registration;

  container.addEventListener('controllerchange', () => {
    if (controlled) {
      void caches.delete(PAGES_CACHE).catch(() => {});
    } else if (!saving) {
      const here = new URL(window.location.href);
      here.hash = '';
      if (keptAddress(here))
        void caches
          .open(PAGES_CACHE)
          .then((cache) => cache.add(here.href))
          .catch(() => {});
    }
    controlled = true;
    if (!saving) void keepData().catch(() => {});
  });
  if (controlled && !saving) void keepData().catch(() => {});

  let waiting = registered.waiting;
  registered.addEventListener('updatefound', () => {
    const worker = registered.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && container.controller) waiting = worker;
    });
  });
  router.subscribe((state) => {
    if (!waiting || state.navigation.state === 'idle') return;
    waiting.postMessage({ type: 'SKIP_WAITING' });
    waiting = null;
  });
}
