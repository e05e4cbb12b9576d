import { addVary } from './vary.js';

/** A response sent in parts as they are made: an incremental delivery (@defer, @stream) or an event stream. */
const STREAMED = /^(?:multipart\/mixed|text\/event-stream)\b/i;

/**
 * What a browser or a proxy may keep of a response, now that the site sends its queries as GET (which caches may
 * store, unlike POST). A player's response (the request carried a session) is never stored anywhere: one player's
 * data must never come back from a cache, whatever a proxy in between is configured to do. A guest's response may be
 * stored but is checked with the gateway on every use: the guests' response cache gives it an ETag, so an unchanged
 * response costs a 304 with no body. `Vary: Authorization` keeps a stored guest response from being served for a
 * signed-in request, and `Vary: Accept` a stored whole (JSON) response from being served for a request that asked
 * for parts, or the other way round. A response sent in parts (multipart/mixed, text/event-stream) is never stored:
 * it has no ETag to check it by, and Yoga's own `no-cache` on it would let a proxy keep a player's. A response that
 * already says (the readiness check's) is left as it is.
 */
export function cacheHeaders(request: Request, headers: Headers): void {
  const streamed = STREAMED.test(headers.get('content-type') ?? '');
  if (headers.has('cache-control') && !streamed) return;
  const player = request.headers.has('authorization');
  // Replaced, not joined: Yoga's event stream sets `Cache-Control`, and setting the lower-case name beside it
  // would send both (@whatwg-node's Headers keeps the init's spelling as a separate entry).
  headers.delete('cache-control');
  headers.set('cache-control', player ? 'private, no-store' : streamed ? 'no-store' : 'no-cache');
  addVary(headers, 'Authorization');
  if (!player && !streamed) addVary(headers, 'Accept');
}
