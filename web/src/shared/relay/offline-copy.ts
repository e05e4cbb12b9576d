import { DATA_CACHE } from '../offline/cache-names';

/*
 * A first visit's first screen, kept for offline: the service worker starts after the first paint
 * (app/service-worker.ts), so the first screen's queries have gone by before it could keep them. Until a worker
 * controls the page, the page puts each good query response in the worker's data cache itself, under the key the
 * worker looks for: the address, and the Authorization header (the gateway's responses vary by it, so a guest never
 * reads a player's). Afterwards the worker keeps them (web/build/service-worker.ts).
 */

/** Whether the page keeps its own copies now: a production build in a browser with service workers, none in control yet. */
function keeping(): boolean {
  return (
    import.meta.env.PROD &&
    typeof caches !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    !navigator.serviceWorker.controller
  );
}

/**
 * A copy of a query's response to keep once its body proved good (`keep(body)`), or null when nothing is kept. Take
 * it before reading the response.
 */
export function offlineCopy(
  url: string,
  headers: Record<string, string>,
  response: Response,
): { keep(body: { data?: unknown; errors?: unknown }): void } | null {
  if (!keeping() || response.status !== 200) return null;
  const copy = response.clone();
  return {
    keep(body) {
      if (!body.data || body.errors) return;
      const request = new Request(url, {
        headers: headers.authorization ? { authorization: headers.authorization } : {},
      });
      void caches
        .open(DATA_CACHE)
        .then((cache) => cache.put(request, copy))
        .catch(() => {});
    },
  };
}
