import type { CORSOptions } from 'graphql-yoga';
import { REQUEST_ID_HEADER } from './request-id.js';
import { addVary } from './vary.js';

/**
 * CORS for browser pages of other origins: only an origin on the allow-list (ALLOWED_ORIGINS) is sent
 * `Access-Control-Allow-Origin: <that origin>` and credentials; any other origin gets no CORS header at all, so its
 * page cannot read the response (Yoga's own handling of a list returns `null` with credentials instead).
 * Same-origin pages (GraphiQL, the site through its /graphql proxy) need none of this.
 */
export function corsPolicy(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  return (request: Request): CORSOptions | false => {
    const origin = request.headers.get('origin');
    if (origin === null || !allowed.has(origin)) return false;
    return {
      // One origin in the list: Yoga responds with exactly it.
      origin: [origin],
      credentials: true,
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
