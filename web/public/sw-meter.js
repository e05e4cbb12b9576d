/* global self, location, performance, setTimeout, PerformanceObserver, URL */
/*
 * Imported by the service worker (/sw.js, web/build/service-worker.ts) before Workbox's own code runs:
 * - The data meter's worker half (docs/architecture.md#low-data-mode): the worker counts what it fetches by its own
 *   Resource Timing entries (transferSize: 0 for what its caches answered) and tells a page its bytes since the
 *   page's start when asked ({ type: 'playlive:data-meter', since }), and every page that it has fetched more, so
 *   the page asks again (web/src/shared/low-data/meter.ts).
 * - Low-data mode: a page in low-data mode registers the worker as /sw.js?low-data (web/src/app/service-worker.ts).
 *   Such a worker fetches nothing ahead: Workbox's install handler, which downloads the precache (the client shell,
 *   its icons and manifest), is never added. Pages, data, code and art are still kept as the player sees them.
 */
(() => {
  const REQUEST = 'playlive:data-meter';
  /** What was fetched, as [epoch ms, bytes], the oldest dropped past this many (a page asks for its own visit's). */
  const KEPT = 2000;
  const fetched = [];

  if (new URL(location.href).searchParams.has('low-data')) {
    const add = self.addEventListener.bind(self);
    self.addEventListener = (type, listener, options) => {
      if (type !== 'install') add(type, listener, options);
    };
  }

  let telling = null;
  const tellPages = () => {
    telling ??= setTimeout(() => {
      telling = null;
      self.clients
        .matchAll({ type: 'window', includeUncontrolled: true })
        .then((pages) => pages.forEach((page) => page.postMessage({ type: REQUEST })))
        .catch(() => {});
    }, 250);
  };

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.transferSize > 0)
        fetched.push([performance.timeOrigin + entry.startTime, entry.transferSize]);
    }
    if (fetched.length > KEPT) fetched.splice(0, fetched.length - KEPT);
    tellPages();
  }).observe({ type: 'resource', buffered: true });

  self.addEventListener('message', (event) => {
    if (event.data?.type !== REQUEST || typeof event.data.since !== 'number') return;
    const bytes = fetched.reduce((sum, [at, size]) => (at >= event.data.since ? sum + size : sum), 0);
    event.source?.postMessage({ type: REQUEST, bytes });
  });
})();
