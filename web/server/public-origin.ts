import type { IncomingMessage } from 'node:http';

/** A Host header as a browser sends it: a name or an IPv4 address, or a bracketed IPv6 one, and maybe a port. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The site's public origin for one request: SITE_URL when set (behind a proxy that ends TLS, the only right one);
 * else the request's own, from its Host header when that is a plain host[:port] (anything else could write an
 * attacker's address into the page's canonical link), else the address the site listens on.
 */
export function publicOrigin(req: IncomingMessage, options: { siteUrl?: string; listenUrl: string }): string {
  if (options.siteUrl) return options.siteUrl;
  const host = req.headers.host;
  return host && HOST.test(host) ? `http://${host.toLowerCase()}` : options.listenUrl;
}
