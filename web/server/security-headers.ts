import type { ServerResponse } from 'node:http';
import { START_PAGE_CODE_SOURCE } from './page-start.js';

export interface SitePolicyOptions {
  /** Where the casino's images and videos are (CASINO_ASSETS_URL). */
  assetsUrl?: string;
  /**
   * The third-party origins the pages use (SITE_OUTSIDE_ORIGINS): the live chat's script and styles, the error
   * reporter's collector, game pages served over plain http (a development casino).
   */
  thirdPartyOrigins?: readonly string[];
  /**
   * More inline scripts allowed by their hash: in development only, Vite's React Refresh preamble
   * (web/server/dev-site.ts). The production site has none but the starter.
   */
  inlineScriptSources?: readonly string[];
}

/**
 * The Content-Security-Policy the site works under, and no wider:
 * - scripts, styles and fonts come from the build on the site's own origin (Vite emits no inline script), and one
 *   inline script by its hash: the server-rendered page's starter (./page-start.ts); styles may also be inline (the
 *   first paint's markup in index.html and React's style attributes);
 * - images and banner videos come from the casino's assets host (and data:/blob: addresses the CSS and the image
 *   fallbacks use);
 * - the app talks to /graphql on its own origin, over fetch and graphql-ws ('self' covers ws: and wss: of it); the
 *   service worker (/sw.js, which gets this policy too) fetches the casino's art to keep it for offline, and a
 *   worker's fetch is a connection; a FICA document is PUT straight to the casino's single-use upload address on
 *   its own host (features/verification/upload.ts: the gateway never holds a file), so connect-src names the
 *   casino's origin (the assets URL is the casino's origin where the site runs beside it: `npm start`, the tests);
 * - a launched game opens the casino's game page, which may be any game provider's https page, in an iframe;
 * - no page of another origin may frame the site (clickjacking the cashier), and no plugin, <base> or form may
 *   send the player elsewhere.
 * The third-party origins are added where the third-party services need them: scripts and styles (the chat widget),
 * connections (error reports), frames (games), images.
 *
 * A streamed page (./render-page.ts) also allows the inline scripts that carry its response's `nonce`: React's,
 * which put each deferred part in place as it arrives. The nonce is new for every response, so it vouches for
 * nothing but what that response's server put in it.
 */
export function contentSecurityPolicy(
  { assetsUrl, thirdPartyOrigins = [], inlineScriptSources = [] }: SitePolicyOptions,
  nonce?: string,
): string {
  const casino = assetsUrl ? [new URL(assetsUrl).origin] : [];
  const thirdParty = [...thirdPartyOrigins];
  const sources = (...list: string[]) => [...new Set(list)].join(' ');
  return [
    "default-src 'self'",
    `script-src ${sources("'self'", START_PAGE_CODE_SOURCE, ...(nonce ? [`'nonce-${nonce}'`] : []), ...inlineScriptSources, ...thirdParty)}`,
    `style-src ${sources("'self'", "'unsafe-inline'", ...thirdParty)}`,
    `img-src ${sources("'self'", 'data:', 'blob:', ...casino, ...thirdParty)}`,
    `media-src ${sources("'self'", ...casino, ...thirdParty)}`,
    `font-src ${sources("'self'", 'data:', ...thirdParty)}`,
    `connect-src ${sources("'self'", ...casino, ...thirdParty)}`,
    `frame-src ${sources("'self'", 'https:', ...casino, ...thirdParty)}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The headers on every response of the site server: no content sniffing, only the origin as referrer to other
 * sites, no framing, and the policy above. Responses passed on from the gateway (/graphql, GraphiQL) carry the
 * gateway's own headers, which replace these.
 */
export function securityHeaders(options: SitePolicyOptions): (res: ServerResponse) => void {
  const policy = contentSecurityPolicy(options);
  return (res) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Content-Security-Policy', policy);
  };
}
