import { ASSETS_CACHE } from '../shared/offline/cache-names';

/**
 * The CSS a server-rendered page had inline, kept for offline (docs/architecture.md#offline-and-flaky-data).
 * The page names each of those files by a disabled link, so that the chunk loader does not download them again
 * (docs/architecture.md#server-rendering); but offline, a page that was not kept opens as the client shell, whose
 * chunk loader then needs the files themselves. Each one the worker's assets cache lacks is fetched once, when the
 * worker controls the page (hashed files: kept as they are).
 */
export async function keepInlinedStyles(): Promise<void> {
  const files = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][disabled]')].map(
    (link) => link.href,
  );
  if (files.length === 0) return;
  const cache = await caches.open(ASSETS_CACHE);
  await Promise.all(
    files.map(async (file) => {
      if (!(await cache.match(file))) await cache.add(file);
    }),
  );
}
