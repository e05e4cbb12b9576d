import type { CORSOptions } from 'graphql-yoga';
import { REQUEST_ID_HEADER } from './request-id.js';
import { addVary } from './vary.js';

/**
 * CORS for browser pages of other origins: only an origin on the allow-list (ALLOWED_ORIGINS) is sent
 * `Access-Control-Allow-Origin: <that origin>` and credentials; any other origin gets no CORS header at all, so its
 * page cannot read the response (Yoga's own handling of a list returns `null` with credentials instead).
 * Same-origin pages (GraphiQL, the site through its /graphql proxy) need none of this.
 *
 * A partner's origins (`npm run partner -- create NAME --origins ...`) are answered too, without credentials (a
 * partner's page sends its key, never a player's cookies): a preflight carries no key, so it is answered for any
 * partner's origin, and the partners plugin refuses a key used from an origin its partner does not list. The headers
 * a page may send (X-Api-Key, Authorization, ...) are those its preflight asks for: Yoga echoes
 * Access-Control-Request-Headers when allowedHeaders is not set.
 */
export function corsPolicy(
  allowedOrigins: readonly string[],
  partnerOrigins: () => ReadonlySet<string> = () => new Set(),
) {
  const allowed = new Set(allowedOrigins);
  return (request: Request): CORSOptions | false => {
    const origin = request.headers.get('origin');
    if (origin === null) return false;
    const site = allowed.has(origin);
    if (!site && !partnerOrigins().has(origin)) return false;
    return {
      // One origin in the list: Yoga responds with exactly it.
      origin: [origin],
      credentials: site,
      methods: ['GET', 'POST'],
      // What a page may read besides the safelisted headers: the id to quote to support, a rate limit's wait.
      exposedHeaders: [REQUEST_ID_HEADER, 'retry-after'],
      // A browser may reuse a preflight's response for ten minutes instead of asking before every call.
      maxAge: 600,
    };
  };
}

/**
 * `Vary: Origin` on every response and preflight: whether the CORS headers are there depends on the Origin, so a cache
 * between the browser and the gateway must not hand one origin's response to another.
 */
export function varyByOrigin(headers: Headers): void {
  addVary(headers, 'Origin');
}
