import { addVary } from './vary.js';

/**
 * What a browser or a proxy may keep of a response, now that the site sends its queries as GET (which caches may
 * store, unlike POST). A player's response (the request carried a session) is never stored anywhere: one player's
 * data must never come back from a cache, whatever a proxy in between is configured to do. A guest's response may be
 * stored but is checked with the gateway on every use: the guests' response cache gives it an ETag, so an unchanged
 * response costs a 304 with no body. `Vary: Authorization` keeps a stored guest response from being served for a
 * signed-in request. A response that already says (the readiness check's) is left as it is.
 */
export function cacheHeaders(request: Request, headers: Headers): void {
  if (headers.has('cache-control')) return;
  headers.set('cache-control', request.headers.has('authorization') ? 'private, no-store' : 'no-cache');
  addVary(headers, 'Authorization');
}
